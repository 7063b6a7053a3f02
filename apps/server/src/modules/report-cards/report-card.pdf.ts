import type { ReportCard } from '@school/shared/report-cards/responses';
import { formatNaira } from '@school/shared/constants';
import { classTeacherCommentHeading, formatMark, longDate, ordinal, summaryFigures, teacherCommentText } from '@school/shared/report-cards/schemas';
import { ratingKeyText } from '@school/shared/ratings/constants';
import { annualFigures, cumulativeBySubject, termColumnLabel } from '@school/shared/report-cards/cumulative';
import { A4, fitText, type PdfImage, type PdfPage, type PdfTextItem, wrapText } from '../../lib/pdf';
import type { PrintImage } from '../../lib/print-images';

const M = 36;
const INNER = A4.width - 2 * M;

// a class's cards all print the same next-term date, and formatting a date with Intl takes ~0.1 ms
const nextTermDates = new Map<string | null, string>();
function nextTermDate(date: string | null): string {
  let text = nextTermDates.get(date);
  if (text === undefined) nextTermDates.set(date, (text = longDate(date)));
  return text;
}

/** The school's logo and the student's passport photo, made small for print (null: none, or its file is missing). */
export interface CardPictures {
  logo: PrintImage | null;
  photo: PrintImage | null;
}

/** The boxes the header's pictures are fitted in: the logo top left, the passport photo (35 × 45 mm in shape) top right. */
const LOGO_BOX = { w: 64, h: 64 };
const PHOTO_BOX = { w: 56, h: 72 };
const PICTURE_GAP = 8;

/** The picture fitted in the box w × h whose top edge is at y, against its left edge (x) or its right edge (right). */
function fitted(image: PrintImage, box: { w: number; h: number }, y: number, at: { x: number } | { right: number }): PdfImage {
  const scale = Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return { ...image, x: 'x' in at ? at.x : at.right - w, y, w, h };
}

/**
 * How tightly a card is set: the first that fits the page is used, so that a card of 19 subjects with
 * long comments still prints on one A4 page (`rowDelta` narrows the subject rows; comments get smaller).
 */
const DENSITIES = [
  { rowDelta: 0, cellSize: 7.5, commentSize: 9, leading: 12, gap: 20 },
  { rowDelta: -1, cellSize: 7.5, commentSize: 8, leading: 10, gap: 16 },
  { rowDelta: -2, cellSize: 7.5, commentSize: 7.5, leading: 9, gap: 13 },
  { rowDelta: -3, cellSize: 7, commentSize: 7, leading: 8.5, gap: 11 },
] as const;
type Density = (typeof DENSITIES)[number];
/** The signatures' line: the content above must end 50 points higher. */
const SIGNATURE_Y = A4.height - M - 30;

/** One report card as one A4 page; the pictures, when given, in the header. */
export function reportCardPage(card: ReportCard, pictures?: CardPictures): PdfPage {
  let page: { page: PdfPage; bottom: number } | null = null;
  for (const density of DENSITIES) {
    page = layoutCard(card, pictures, density);
    if (page.bottom + 50 <= SIGNATURE_Y) break;
  }
  return page!.page;
}

function layoutCard(card: ReportCard, pictures: CardPictures | undefined, d: Density): { page: PdfPage; bottom: number } {
  const texts: PdfTextItem[] = [];
  const lines: NonNullable<PdfPage['lines']> = [];
  const boxes: NonNullable<PdfPage['boxes']> = [];
  const images: PdfImage[] = [];
  if (pictures?.logo) images.push(fitted(pictures.logo, LOGO_BOX, M, { x: M }));
  if (pictures?.photo) images.push(fitted(pictures.photo, PHOTO_BOX, M, { right: A4.width - M }));
  // the header's lines stay clear of the pictures on both sides, so that they stay centred on the page
  const headerWidth = images.length ? INNER - 2 * (Math.max(LOGO_BOX.w, PHOTO_BOX.w) + PICTURE_GAP) : INNER;
  let y = M + 16;
  const centre = A4.width / 2;
  texts.push({ x: centre, y, text: fitText(card.school.name.toUpperCase(), 16, headerWidth, true), size: 16, bold: true, align: 'center' });
  const place = [card.school.address].filter(Boolean).join(', ');
  if (place) texts.push({ x: centre, y: (y += 14), text: fitText(place, 9, headerWidth), size: 9, align: 'center' });
  const contact = [card.school.phone, card.school.email].filter(Boolean).join('  |  ');
  if (contact) texts.push({ x: centre, y: (y += 12), text: fitText(contact, 9, headerWidth), size: 9, align: 'center' });
  texts.push({ x: centre, y: (y += 20), text: "STUDENT'S REPORT CARD", size: 12, bold: true, align: 'center' });
  texts.push({ x: centre, y: (y += 14), text: `${card.term.name} Term, ${card.term.sessionName} Session`, size: 10, align: 'center' });
  y += 8;
  // a short header (no address or contact) still ends below the pictures
  for (const image of images) y = Math.max(y, image.y + image.h + 4);
  lines.push({ x1: M, y1: y, x2: A4.width - M, y2: y, width: 1 });

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
  // on the last term of a session the terms' totals and their cumulative average join it (ADR 0034): the other columns narrow and the rows close up
  const cumulative = card.cumulative;
  const bySubject = cumulativeBySubject(card);
  const w = (wide: number, narrow: number) => (cumulative ? narrow : wide);
  const termColumns: Column[] = cumulative
    ? [
        ...cumulative.terms.map((_, i): Column => {
          const [nth, word] = termColumnLabel(i).split(' ');
          return { label: [nth, word], width: 23, value: (s) => formatMark(bySubject.get(s.subjectId)?.totals[i]) };
        }),
        { label: ['Cum.', 'avg'], width: 25, value: (s) => formatMark(bySubject.get(s.subjectId)?.average) },
      ]
    : [];
  const columns: Column[] = [
    { label: ['Subject'], width: w(96, 82), left: true, value: (s) => s.subjectName },
    { label: ['Test 1', `(${m.test1})`], width: w(27, 23), value: (s) => formatMark(s.test1) },
    { label: ['Test 2', `(${m.test2})`], width: w(27, 23), value: (s) => formatMark(s.test2) },
    { label: ['Assign.', `(${m.assignment})`], width: w(27, 24), value: (s) => formatMark(s.assignment) },
    { label: ['Exam', `(${m.exam})`], width: w(27, 23), value: (s) => formatMark(s.exam) },
    { label: ['Total', '(100)'], width: w(28, 25), value: (s) => formatMark(s.total) },
    ...termColumns,
    { label: ['Grade'], width: w(24, 20), value: (s) => s.grade ?? '-' },
    { label: ['Remark'], width: w(50, 42), left: true, value: (s) => s.remark ?? '' },
    { label: ['Position'], width: w(30, 25), value: (s) => ordinal(s.position) },
    { label: ['Class', 'avg'], width: w(28, 24), value: (s) => formatMark(s.classAverage) },
    { label: ['Highest'], width: w(28, 24), value: (s) => formatMark(s.highest) },
    { label: ['Lowest'], width: w(28, 24), value: (s) => formatMark(s.lowest) },
  ];
  columns.push({ label: ['Subject teacher'], width: INNER - columns.reduce((sum, c) => sum + c.width, 0), left: true, value: (s) => s.teacherName ?? '' });
  y += 14;
  // 12 points a row (11 with the terms' columns, which add the annual line below): 19 subjects leave room for the ratings, three comments and the signatures
  const rowHeight = (cumulative ? 11 : 12) + d.rowDelta;
  const headHeight = 19;
  const cellSize = d.cellSize;
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
        y: y + rowHeight - 3.5,
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
  if (cumulative) {
    const annual = annualFigures(cumulative);
    y += 13;
    texts.push({ x: M + 130, y, text: annual.average, size: 10, bold: true });
    texts.push({ x: M + 270, y, text: annual.position, size: 10, bold: true });
  }
  y += 15;
  texts.push({ x: M, y, text: figures.subjectsTaken, size: 9 });
  texts.push({ x: M + 130, y, text: figures.classAverage, size: 9 });
  y += 13;
  figures.attendance.forEach((text, i) => texts.push({ x: M + [0, 130, 270][i], y, text, size: 9 }));

  // affective and psychomotor ratings: two small tables side by side, a mark under the rating given, the key under them
  y = ratingTables(card.ratings, y + 12, texts, lines, boxes);

  // comments: a missing one leaves a ruled line under its heading, to be written by hand
  const paragraph = (label: string, body: string | null) => {
    y += d.gap;
    texts.push({ x: M, y, text: label, size: 9, bold: true });
    if (body) for (const line of wrapText(body, d.commentSize, INNER)) texts.push({ x: M, y: (y += d.leading), text: line, size: d.commentSize });
    else lines.push({ x1: M, y1: (y += 14), x2: A4.width - M, y2: y, width: 0.4 });
  };
  // the subject teachers' remarks only where there are some: the class teacher's comment has the line to write on
  if (card.teacherComments.length) paragraph("Teachers' remarks:", teacherCommentText(card));
  paragraph(classTeacherCommentHeading(card), card.classTeacherComment);
  paragraph("Principal's comment:", card.principalComment);
  y += d.gap;
  texts.push({ x: M, y, text: `Next term begins: ${nextTermDate(card.nextTermStartDate)}`, size: 9, bold: true });
  const fees = feesLines(card.fees);
  texts.push({ x: M, y: (y += 13), text: fees.nextTerm, size: 9 });
  texts.push({ x: M + 240, y, text: fees.owed, size: 9 });

  // key to grades
  y += d.gap;
  texts.push({ x: M, y, text: 'Key to grades:', size: 8, bold: true });
  const key = card.gradingScale.map((b) => `${b.grade} ${b.min}-${b.max} ${b.remark}`).join(',  ');
  for (const line of wrapText(key, 8, INNER)) texts.push({ x: M, y: (y += 11), text: line, size: 8 });

  // signatures
  const bottom = y;
  const sy = Math.max(y + 50, SIGNATURE_Y);
  lines.push({ x1: M, y1: sy, x2: M + 180, y2: sy, width: 0.5 }, { x1: A4.width - M - 180, y1: sy, x2: A4.width - M, y2: sy, width: 0.5 });
  texts.push({ x: M, y: sy + 12, text: "Class teacher's signature", size: 8 });
  texts.push({ x: A4.width - M - 180, y: sy + 12, text: "Principal's signature", size: 8 });
  if (!card.published) texts.push({ x: centre, y: A4.height - M + 10, text: 'DRAFT - results not yet published', size: 8, bold: true, align: 'center' });
  return { page: { texts, lines, boxes, images }, bottom };
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
