import {
  beginText,
  endText,
  fill,
  lineTo,
  moveText,
  moveTo,
  PDFContentStream,
  PDFDocument,
  type PDFFont,
  type PDFHexString,
  type PDFName,
  PDFNumber,
  type PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineWidth,
  showText,
  StandardFontEmbedder,
  StandardFonts,
  stroke,
} from 'pdf-lib';

/**
 * The app's own PDFs (report cards, receipts, admission letters), drawn with pdf-lib in the standard
 * Helvetica fonts. A page is described as positioned text, lines and grey boxes, in points from the
 * page's top-left corner; `writePdf` draws the pages. (Uploaded PDFs are checked in lib/uploads.ts.)
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

/** The text in Latin-1, which the standard fonts draw: other characters become their nearest ASCII. */
function latin1(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  return text
    .replace(/₦/g, 'NGN ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

// Helvetica's advance widths (per 1000 em) of the Latin-1 characters, read once from pdf-lib's font
// metrics (its embedder names the fonts with its own enum of the same strings as StandardFonts)
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
function advanceWidths(name: StandardFonts): Map<string, number> {
  const font = StandardFontEmbedder.for(name as string as FontName);
  const characters = Array.from({ length: 0xff - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).filter((c) => latin1(c) === c);
  return new Map(characters.map((c) => [c, font.widthOfTextAtSize(c, 1000)]));
}
const WIDTHS = { regular: advanceWidths(StandardFonts.Helvetica), bold: advanceWidths(StandardFonts.HelveticaBold) };

/** How wide the text is drawn, in points (for centring, right alignment, cutting and wrapping). */
function textWidth(text: string, size: number, bold = false): number {
  const widths = WIDTHS[bold ? 'bold' : 'regular'];
  let units = 0;
  for (const c of latin1(text)) units += widths.get(c) ?? 0;
  return (units * size) / 1000;
}

/** Cuts the text to fit `width` points, ending in '...'. */
export function fitText(text: string, size: number, width: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}...`, size, bold) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/** Splits a paragraph into lines at most `width` points wide. */
export function wrapText(text: string, size: number, width: number, bold = false): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, size, bold) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

/** A line of a letter or receipt: text flowing down the page, wrapped at the margins. */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Space before the line, in points (default: the line height). */
  gap?: number;
  align?: 'left' | 'center';
}

const LETTER_MARGIN = 64;

/** A one-page letter: the lines from the top margin down, each 1.45 of its size high. */
export function letterPage(lines: PdfLine[]): PdfPage {
  const width = A4.width - 2 * LETTER_MARGIN;
  const texts: PdfTextItem[] = [];
  let y = LETTER_MARGIN;
  for (const line of lines) {
    const size = line.size ?? 11;
    y += line.gap ?? 0;
    const parts = wrapText(line.text, size, width, line.bold);
    for (const text of parts.length ? parts : ['']) {
      y += size * 1.45;
      const centre = line.align === 'center';
      texts.push({ x: centre ? A4.width / 2 : LETTER_MARGIN, y, text, size, bold: line.bold, align: centre ? 'center' : 'left' });
    }
  }
  return { texts };
}

type Weight = 'regular' | 'bold';

const hundredths = (n: number) => Math.round(n * 100) / 100;

/**
 * One document drawn with pdf-lib's content-stream operators, a stream per page. (PDFPage.drawText
 * wraps each item in nine operators and names the font again at every change of font: on a class's
 * report cards, ~170 items a page, the PDF took several times longer and was larger. pdf-lib deflates
 * in JavaScript, so the streams stay uncompressed; the files are still smaller than the old writer's.)
 * The numbers and strings a class's cards repeat are encoded once.
 */
class Drawing {
  private readonly numbers = new Map<number, PDFNumber>();
  private readonly strings = { regular: new Map<string, PDFHexString>(), bold: new Map<string, PDFHexString>() };

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Record<Weight, PDFFont>,
  ) {}

  static async start(): Promise<Drawing> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    return new Drawing(doc, { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) });
  }

  /** A number in points, to the hundredth. */
  private num(n: number): PDFNumber {
    const rounded = hundredths(n);
    let value = this.numbers.get(rounded);
    if (!value) this.numbers.set(rounded, (value = PDFNumber.of(rounded)));
    return value;
  }

  /** The text in the font's encoding (WinAnsi), as a hex string. */
  private encoded(weight: Weight, text: string): PDFHexString {
    let value = this.strings[weight].get(text);
    if (!value) this.strings[weight].set(text, (value = this.fonts[weight].encodeText(text)));
    return value;
  }

  /** The grey boxes, then the lines, y turned to PDF's bottom-up coordinates. */
  private graphics(content: PdfPage): PDFOperator[] {
    const ops: PDFOperator[] = [pushGraphicsState()];
    for (const box of content.boxes ?? []) {
      ops.push(setFillingGrayscaleColor(box.gray), rectangle(this.num(box.x), this.num(A4.height - box.y - box.h), this.num(box.w), this.num(box.h)), fill());
    }
    for (const line of content.lines ?? []) {
      ops.push(
        setLineWidth(line.width ?? 0.5),
        moveTo(this.num(line.x1), this.num(A4.height - line.y1)),
        lineTo(this.num(line.x2), this.num(A4.height - line.y2)),
        stroke(),
      );
    }
    ops.push(popGraphicsState());
    return ops;
  }

  /** The text as one text object: each item moved to from the one before, the font set when it changes. */
  private text(texts: PdfTextItem[], keys: Record<Weight, PDFName>): PDFOperator[] {
    const ops = [beginText(), setFillingGrayscaleColor(0)];
    let fontWeight: Weight | null = null;
    let fontSize = 0;
    let atX = 0;
    let atY = 0;
    for (const item of texts) {
      const size = item.size ?? 10;
      const weight: Weight = item.bold ? 'bold' : 'regular';
      const text = latin1(item.text);
      const shift = item.align === 'center' ? 0.5 : item.align === 'right' ? 1 : 0;
      const x = hundredths(shift ? item.x - shift * textWidth(text, size, item.bold) : item.x);
      const y = hundredths(A4.height - item.y);
      if (fontWeight !== weight || fontSize !== size) {
        ops.push(setFontAndSize(keys[weight], this.num(size)));
        fontWeight = weight;
        fontSize = size;
      }
      ops.push(moveText(this.num(x - atX), this.num(y - atY)), showText(this.encoded(weight, text)));
      atX = x;
      atY = y;
    }
    ops.push(endText());
    return ops;
  }

  /** Adds the page: its boxes and lines, then its text, in one content stream. */
  page(content: PdfPage): void {
    const page = this.doc.addPage([A4.width, A4.height]);
    const keys = {
      regular: page.node.newFontDictionary(this.fonts.regular.name, this.fonts.regular.ref),
      bold: page.node.newFontDictionary(this.fonts.bold.name, this.fonts.bold.ref),
    };
    const ops = [...this.graphics(content), ...this.text(content.texts, keys)];
    page.node.addContentStream(this.doc.context.register(PDFContentStream.of(this.doc.context.obj({}), ops, false)));
  }

  /**
   * The file, with a plain cross-reference table (no object streams) for older readers. Written in
   * one go: pdf-lib's pauses every 50 objects (setTimeout) only kept a class's PDF waiting.
   */
  async save(): Promise<Buffer> {
    const bytes = await this.doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}

/** The pages (at least one) as an A4 PDF; without metadata, so the same pages give the same bytes. */
export async function writePdf(pages: PdfPage[]): Promise<Buffer> {
  const drawing = await Drawing.start();
  for (const content of pages.length ? pages : [{ texts: [] }]) drawing.page(content);
  return drawing.save();
}
