import type { ReportCard } from '@school/shared/report-cards/responses';
import { formatNaira } from '@school/shared/constants';
import { formatMark, longDate, ordinal, summaryFigures, teacherCommentText } from '@school/shared/report-cards/schemas';
import { ratingKeyText } from '@school/shared/ratings/constants';
import { A4, fitText, type PdfPage, type PdfTextItem, wrapText } from '../../lib/pdf';

const M = 36;
const INNER = A4.width - 2 * M;

// a class's cards all print the same next-term date, and formatting a date with Intl takes ~0.1 ms
const nextTermDates = new Map<string | null, string>();
function nextTermDate(date: string | null): string {
  let text = nextTermDates.get(date);
  if (text === undefined) nextTermDates.set(date, (text = longDate(date)));
  return text;
}

/** One report card as one A4 page. */
export function reportCardPage(card: ReportCard): PdfPage {
  const texts: PdfTextItem[] = [];
  const lines: NonNullable<PdfPage['lines']> = [];
  const boxes: NonNullable<PdfPage['boxes']> = [];
  let y = M + 16;
  const centre = A4.width / 2;
  texts.push({ x: centre, y, text: card.school.name.toUpperCase(), size: 16, bold: true, align: 'center' });
  const place = [card.school.address].filter(Boolean).join(', ');
  if (place) texts.push({ x: centre, y: (y += 14), text: fitText(place, 9, INNER), size: 9, align: 'center' });
  const contact = [card.school.phone, card.school.email].filter(Boolean).join('  |  ');
  if (contact) texts.push({ x: centre, y: (y += 12), text: contact, size: 9, align: 'center' });
  texts.push({ x: centre, y: (y += 20), text: "STUDENT'S REPORT CARD", size: 12, bold: true, align: 'center' });
  texts.push({ x: centre, y: (y += 14), text: `${card.term.name} Term, ${card.term.sessionName} Session`, size: 10, align: 'center' });
  lines.push({ x1: M, y1: (y += 8), x2: A4.width - M, y2: y, width: 1 });

  // student details, two columns
  const left: Array<[string, string]> = [
    ['Name', card.student.name],
    ['Admission No.', card.student.admissionNumber ?? '-'],
    ['Class', card.student.className],
  ];
  const right: Array<[string, string]> = [
    ['Gender', card.student.gender ? card.student.gender[0].toUpperCase() + card.student.gender.slice(1) : '-'],
    ['No. in class', String(card.overall.classSize)],
    ['Next term begins', nextTermDate(card.nextTermStartDate)],
  ];
  y += 4;
  for (let i = 0; i < left.length; i++) {
    y += 14;
    texts.push({ x: M, y, text: `${left[i][0]}:`, size: 9, bold: true });
    texts.push({ x: M + 78, y, text: fitText(left[i][1], 9, 180), size: 9 });
    texts.push({ x: M + 280, y, text: `${right[i][0]}:`, size: 9, bold: true });
    texts.push({ x: M + 370, y, text: right[i][1], size: 9 });
  }

  // scores table: narrow columns with two-line headings, so that 19 subjects with the remark and teacher fit the page
  const m = card.maxima;
  type Column = { label: [string, string?]; width: number; left?: boolean; value: (s: ReportCard['subjects'][number]) => string };
  const columns: Column[] = [
    { label: ['Subject'], width: 96, left: true, value: (s) => s.subjectName },
    { label: ['Test 1', `(${m.test1})`], width: 27, value: (s) => formatMark(s.test1) },
    { label: ['Test 2', `(${m.test2})`], width: 27, value: (s) => formatMark(s.test2) },
    { label: ['Assign.', `(${m.assignment})`], width: 27, value: (s) => formatMark(s.assignment) },
    { label: ['Exam', `(${m.exam})`], width: 27, value: (s) => formatMark(s.exam) },
    { label: ['Total', '(100)'], width: 28, value: (s) => formatMark(s.total) },
    { label: ['Grade'], width: 24, value: (s) => s.grade ?? '-' },
    { label: ['Remark'], width: 50, left: true, value: (s) => s.remark ?? '' },
    { label: ['Position'], width: 30, value: (s) => ordinal(s.position) },
    { label: ['Class', 'avg'], width: 28, value: (s) => formatMark(s.classAverage) },
    { label: ['Highest'], width: 28, value: (s) => formatMark(s.highest) },
    { label: ['Lowest'], width: 28, value: (s) => formatMark(s.lowest) },
    { label: ['Subject teacher'], width: INNER - 420, left: true, value: (s) => s.teacherName ?? '' },
  ];
  y += 14;
  const rowHeight = 13;
  const headHeight = 19;
  const cellSize = 7.5;
  boxes.push({ x: M, y, w: INNER, h: headHeight, gray: 0.88 });
  let x = M;
  for (const col of columns) {
    const [first, second] = col.label;
    const at = { x: col.left ? x + 3 : x + col.width / 2, align: col.left ? ('left' as const) : ('center' as const) };
    texts.push({ ...at, y: y + (second ? 8 : 11.5), text: first, size: 6, bold: true });
    if (second) texts.push({ ...at, y: y + 15, text: second, size: 6, bold: true });
    x += col.width;
  }
  const tableTop = y;
  y += headHeight;
  for (const subject of card.subjects) {
    x = M;
    for (const col of columns) {
      texts.push({
        x: col.left ? x + 3 : x + col.width / 2,
        y: y + 9.5,
        text: col.left ? fitText(col.value(subject), cellSize, col.width - 5) : col.value(subject),
        size: cellSize,
        align: col.left ? 'left' : 'center',
      });
      x += col.width;
    }
    y += rowHeight;
    lines.push({ x1: M, y1: y, x2: A4.width - M, y2: y, width: 0.3 });
  }
  if (card.subjects.length === 0) {
    texts.push({ x: M + 3, y: y + 9.5, text: 'No scores recorded for this term.', size: cellSize });
    y += rowHeight;
  }
  lines.push({ x1: M, y1: tableTop, x2: A4.width - M, y2: tableTop, width: 0.6 }, { x1: M, y1: y, x2: A4.width - M, y2: y, width: 0.6 });

  // summary
  const figures = summaryFigures(card);
  y += 20;
  texts.push({ x: M, y, text: figures.total, size: 10, bold: true });
  texts.push({ x: M + 130, y, text: figures.average, size: 10, bold: true });
  texts.push({ x: M + 270, y, text: figures.position, size: 10, bold: true });
  y += 15;
  texts.push({ x: M, y, text: figures.subjectsTaken, size: 9 });
  texts.push({ x: M + 130, y, text: figures.classAverage, size: 9 });
  texts.push({ x: M + 270, y, text: figures.attendance, size: 9 });

  // affective and psychomotor ratings: two small tables side by side, a mark under the rating given, the key under them
  y = ratingTables(card.ratings, y + 12, texts, lines, boxes);

  // comments: a missing one leaves a ruled line under its heading, to be written by hand
  const paragraph = (label: string, body: string | null) => {
    y += 20;
    texts.push({ x: M, y, text: label, size: 9, bold: true });
    if (body) for (const line of wrapText(body, 9, INNER)) texts.push({ x: M, y: (y += 12), text: line, size: 9 });
    else lines.push({ x1: M, y1: (y += 14), x2: A4.width - M, y2: y, width: 0.4 });
  };
  const teacher = card.teacherComments.length ? teacherCommentText(card) : null;
  paragraph(`Teacher's comment${card.classTeacherName ? ` (${card.classTeacherName}, class teacher)` : ''}:`, teacher);
  paragraph("Principal's comment:", card.principalComment);
  y += 20;
  texts.push({ x: M, y, text: `Next term begins: ${nextTermDate(card.nextTermStartDate)}`, size: 9, bold: true });
  const fees = feesLines(card.fees);
  texts.push({ x: M, y: (y += 13), text: fees.nextTerm, size: 9 });
  texts.push({ x: M + 240, y, text: fees.owed, size: 9 });

  // key to grades
  y += 20;
  texts.push({ x: M, y, text: 'Key to grades:', size: 8, bold: true });
  const key = card.gradingScale.map((b) => `${b.grade} ${b.min}-${b.max} ${b.remark}`).join(',  ');
  for (const line of wrapText(key, 8, INNER)) texts.push({ x: M, y: (y += 11), text: line, size: 8 });

  // signatures
  const sy = Math.max(y + 50, A4.height - M - 30);
  lines.push({ x1: M, y1: sy, x2: M + 180, y2: sy, width: 0.5 }, { x1: A4.width - M - 180, y1: sy, x2: A4.width - M, y2: sy, width: 0.5 });
  texts.push({ x: M, y: sy + 12, text: "Class teacher's signature", size: 8 });
  texts.push({ x: A4.width - M - 180, y: sy + 12, text: "Principal's signature", size: 8 });
  if (!card.published) texts.push({ x: centre, y: A4.height - M + 10, text: 'DRAFT - results not yet published', size: 8, bold: true, align: 'center' });
  return { texts, lines, boxes };
}

/** The fee lines under 'Next term begins' (₦ prints as 'NGN' in the PDF's fonts). */
function feesLines(fees: ReportCard['fees']) {
  return {
    nextTerm: `Next term's fees: ${fees.nextTermKobo === null ? 'not set yet' : formatNaira(fees.nextTermKobo)}`,
    owed: `Balance owed: ${formatNaira(fees.owedKobo)}`,
  };
}

const RATING_ROW = 9;
const RATING_GAP = 16;
const RATING_COLUMN = 17;

/** The ratings' two tables from `top`, then the key; answers the y below the key. */
function ratingTables(
  ratings: ReportCard['ratings'],
  top: number,
  texts: PdfTextItem[],
  lines: NonNullable<PdfPage['lines']>,
  boxes: NonNullable<PdfPage['boxes']>,
): number {
  const width = (INNER - RATING_GAP) / 2;
  const values = ratings.key.map((k) => k.rating);
  const nameWidth = width - values.length * RATING_COLUMN;
  let bottom = top;
  const table = (title: string, rows: ReportCard['ratings']['affective'], left: number) => {
    boxes.push({ x: left, y: top, w: width, h: RATING_ROW + 1, gray: 0.88 });
    texts.push({ x: left + 3, y: top + 8, text: title, size: 6.5, bold: true });
    values.forEach((v, i) =>
      texts.push({ x: left + nameWidth + (i + 0.5) * RATING_COLUMN, y: top + 8, text: String(v), size: 6.5, bold: true, align: 'center' }),
    );
    let y = top + RATING_ROW + 1;
    for (const row of rows) {
      texts.push({ x: left + 3, y: y + 7, text: fitText(row.name, 6.5, nameWidth - 6), size: 6.5 });
      const at = values.indexOf(row.rating ?? -1);
      if (at >= 0) texts.push({ x: left + nameWidth + (at + 0.5) * RATING_COLUMN, y: y + 7, text: 'X', size: 6.5, bold: true, align: 'center' });
      y += RATING_ROW;
      lines.push({ x1: left, y1: y, x2: left + width, y2: y, width: 0.3 });
    }
    if (rows.length === 0) {
      texts.push({ x: left + 3, y: y + 7, text: 'None rated.', size: 6.5 });
      y += RATING_ROW;
    }
    // the frame and the columns of the ratings
    lines.push(
      { x1: left, y1: top, x2: left + width, y2: top, width: 0.6 },
      { x1: left, y1: y, x2: left + width, y2: y, width: 0.6 },
      { x1: left, y1: top, x2: left, y2: y, width: 0.3 },
      { x1: left + width, y1: top, x2: left + width, y2: y, width: 0.3 },
    );
    for (let i = 0; i < values.length; i++) {
      const x = left + nameWidth + i * RATING_COLUMN;
      lines.push({ x1: x, y1: top, x2: x, y2: y, width: 0.3 });
    }
    bottom = Math.max(bottom, y);
  };
  table('AFFECTIVE TRAITS', ratings.affective, M);
  table('PSYCHOMOTOR SKILLS', ratings.psychomotor, M + width + RATING_GAP);
  const y = bottom + 10;
  texts.push({ x: M, y, text: `Key to ratings: ${ratingKeyText(ratings.key)}`, size: 7.5 });
  return y;
}
