import type { AdmissionLetter } from '@school/shared/admissions/schemas';

/**
 * A one-page A4 PDF of text lines in Helvetica, written by hand (no PDF library): a catalog, one
 * page, two fonts and one content stream, with the cross-reference table PDF readers expect.
 */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Space before the line, in points (default: the line height). */
  gap?: number;
  align?: 'left' | 'center';
}

const PAGE = { width: 595, height: 842, margin: 64 };

/** The text as WinAnsi bytes: characters outside Latin-1 become their nearest ASCII. */
function pdfText(text: string): string {
  const ascii = text
    .replace(/₦/g, 'NGN ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return ascii.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Splits a paragraph into lines of at most `width` characters (Helvetica averages half an em). */
function wrap(text: string, size: number): string[] {
  const width = Math.floor((PAGE.width - 2 * PAGE.margin) / (size * 0.5));
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  lines.push(current);
  return lines;
}

export function textPdf(lines: PdfLine[]): Buffer {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= line.gap ?? 0;
    for (const part of wrap(line.text, size)) {
      y -= size * 1.45;
      const x = line.align === 'center' ? Math.max(PAGE.margin, (PAGE.width - part.length * size * 0.5) / 2) : PAGE.margin;
      ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td (${pdfText(part)}) Tj ET`);
    }
  }
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The address with its city and state, each once (an address often names them already). */
export function schoolPlace(school: { address: string; city: string; state: string }): string {
  const parts = [school.address];
  for (const part of [school.city, school.state]) {
    if (part && !parts.join(', ').toLowerCase().includes(part.toLowerCase())) parts.push(part);
  }
  return parts.filter(Boolean).join(', ');
}

/** The admission letter's words, shared by the printable page (same data) and the PDF. */
export function admissionLetterLines(letter: AdmissionLetter): PdfLine[] {
  const place = schoolPlace(letter.school);
  const contact = [letter.school.phone, letter.school.email].filter(Boolean).join('  |  ');
  const date = new Date(`${letter.date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const lines: PdfLine[] = [{ text: letter.school.name.toUpperCase(), size: 18, bold: true, align: 'center' }];
  if (place) lines.push({ text: place, size: 10, align: 'center' });
  if (contact) lines.push({ text: contact, size: 10, align: 'center' });
  lines.push(
    { text: 'LETTER OF ADMISSION', size: 14, bold: true, align: 'center', gap: 24 },
    { text: `Date: ${date}`, gap: 20 },
    { text: `Registration number: ${letter.registrationNo}` },
    { text: `Dear ${letter.guardianName ?? 'Parent/Guardian'},`, gap: 18 },
    {
      text: `We are pleased to inform you that ${letter.name} has been offered admission into ${letter.className} of ${letter.school.name} for the ${letter.sessionName} academic session.`,
      gap: 8,
    },
    {
      text: `Please quote the registration number ${letter.registrationNo} in all correspondence and payments. An invitation to the school's portal has been sent to the guardian's email address, where fees, results and notices can be followed.`,
      gap: 8,
    },
    { text: 'Congratulations, and welcome to our school.', gap: 8 },
    { text: 'Yours faithfully,', gap: 28 },
    { text: 'The Admissions Office', bold: true, gap: 36 },
    { text: letter.school.name },
  );
  return lines;
}
