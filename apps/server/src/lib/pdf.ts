/**
 * A small hand-written PDF writer (no PDF library in the repo): A4 pages of positioned Helvetica
 * text, lines and grey boxes. Content streams are left uncompressed, so each text item can be
 * found in the file as `(text) Tj` (tests read figures back that way). Coordinates are in points
 * from the page's top-left corner. The admission letter keeps its own one-page writer
 * (modules/admissions/admission-letter.pdf.ts); both produce the same kind of file.
 */

export const A4 = { width: 595, height: 842 } as const;

export interface PdfTextItem {
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  text: string;
  size?: number;
  bold?: boolean;
  /** x is the left edge, the centre or the right edge of the text. */
  align?: 'left' | 'center' | 'right';
}

export interface PdfPage {
  texts: PdfTextItem[];
  lines?: Array<{ x1: number; y1: number; x2: number; y2: number; width?: number }>;
  /** Filled boxes, grey 0 (black) … 1 (white). */
  boxes?: Array<{ x: number; y: number; w: number; h: number; gray: number }>;
}

/** The text as WinAnsi bytes: characters outside Latin-1 become their nearest ASCII. */
export function pdfText(text: string): string {
  const ascii = text
    .replace(/₦/g, 'NGN ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return ascii.replace(/[\\()]/g, (c) => `\\${c}`);
}

// Helvetica advance widths (per 1000 em) for the characters a report card uses most; others ~556.
const NARROW = new Map<string, number>([
  [' ', 278], ['.', 278], [',', 278], [':', 278], [';', 278], ['i', 222], ['l', 222], ['j', 222], ['I', 278], ['f', 278], ['t', 278],
  ['r', 333], ['-', 333], ['(', 333], [')', 333], ['/', 278], ['1', 556], ['m', 833], ['w', 722], ['M', 833], ['W', 944],
]);
/** Roughly how wide the text is in points (for centring and right alignment). */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const c of text) units += NARROW.get(c) ?? (c >= 'A' && c <= 'Z' ? 667 : 556);
  return (units / 1000) * size * (bold ? 1.05 : 1);
}

/** Cuts the text to fit `width` points, ending in '...'. */
export function fitText(text: string, size: number, width: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}...`, size, bold) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/** Splits a paragraph into lines at most `width` points wide. */
export function wrapText(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

function pageStream(page: PdfPage): string {
  const ops: string[] = [];
  for (const box of page.boxes ?? []) {
    ops.push(`${box.gray.toFixed(2)} g ${box.x.toFixed(1)} ${(A4.height - box.y - box.h).toFixed(1)} ${box.w.toFixed(1)} ${box.h.toFixed(1)} re f 0 g`);
  }
  for (const line of page.lines ?? []) {
    ops.push(`${(line.width ?? 0.5).toFixed(2)} w ${line.x1.toFixed(1)} ${(A4.height - line.y1).toFixed(1)} m ${line.x2.toFixed(1)} ${(A4.height - line.y2).toFixed(1)} l S`);
  }
  for (const item of page.texts) {
    const size = item.size ?? 10;
    const width = textWidth(item.text, size, item.bold);
    const x = item.align === 'center' ? item.x - width / 2 : item.align === 'right' ? item.x - width : item.x;
    ops.push(`BT /${item.bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${(A4.height - item.y).toFixed(1)} Td (${pdfText(item.text)}) Tj ET`);
  }
  return ops.join('\n');
}

/** A PDF of the given pages (at least one). */
export function pdfDocument(pages: PdfPage[]): Buffer {
  const list = pages.length ? pages : [{ texts: [] }];
  // objects: 1 catalog, 2 pages, 3 and 4 fonts, then a page and its content for each page
  const objects: string[] = [];
  const pageIds = list.map((_, i) => 5 + i * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${list.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  list.forEach((page, i) => {
    const stream = pageStream(page);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  const chunks: Buffer[] = [];
  let length = 0;
  const push = (text: string) => {
    const bytes = Buffer.from(text, 'latin1');
    chunks.push(bytes);
    length += bytes.length;
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n${object}\nendobj\n`);
  });
  const xref = length;
  let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) table += `${String(offset).padStart(10, '0')} 00000 n \n`;
  table += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(table);
  return Buffer.concat(chunks);
}

/** The strings drawn in a PDF made here, in order (for tests). */
export function pdfStrings(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of text.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) out.push(match[1].replace(/\\([\\()])/g, '$1'));
  return out;
}
