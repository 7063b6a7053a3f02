import { deflateSync } from 'node:zlib';
import { letterAndMarks } from '@school/shared/letters';
import {
  beginText,
  concatTransformationMatrix,
  drawObject,
  endText,
  fill,
  lineTo,
  moveText,
  moveTo,
  PDFContentStream,
  PDFDocument,
  type PDFFont,
  type PDFHexString,
  PDFName,
  PDFNumber,
  type PDFOperator,
  type PDFRef,
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
  /** JPEG pictures (baseline, RGB) drawn in the box x, y (its top-left corner), w, h; embedded once per file by `key`. */
  images?: PdfImage[];
}

export interface PdfImage {
  /** The same key is the same picture: a school's logo on every page of a file is stored once. */
  key: string;
  jpeg: Buffer;
  /** The picture's size in pixels. */
  width: number;
  height: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An image XObject's dictionary entries (a JPEG kept as it is: DCTDecode). */
const imageDict = (image: PdfImage) => ({
  Type: 'XObject',
  Subtype: 'Image',
  Width: image.width,
  Height: image.height,
  ColorSpace: 'DeviceRGB',
  BitsPerComponent: 8,
  Filter: 'DCTDecode',
});

/**
 * A letter outside Latin-1 as near as Latin-1 comes: Yoruba's and Igbo's dotted letters keep their tone
 * (Ọ̀ → Ò, ẹ́ → é) and lose the dot below, other marks Latin-1 has no letter for go (Ń → N).
 */
function nearestLatin1(c: string): string {
  const { letter, marks } = letterAndMarks(c);
  // the marks one at a time, dot below and the like first: keep what composes within Latin-1
  for (const mark of marks) {
    const withMark = `${letter}${mark}`.normalize('NFC');
    if (/^[\xa0-\xff]$/.test(withMark)) return withMark;
  }
  return /^[\x20-\x7e\xa0-\xff]+$/.test(letter) ? letter : '?';
}

/** The text in Latin-1, which the standard fonts draw: other characters become their nearest Latin-1. */
export function latin1(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  return text
    .replace(/₦/g, 'NGN ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .normalize('NFC')
    .replace(/\P{M}\p{M}*/gu, (c) => (/^[\x20-\x7e\xa0-\xff]$/.test(c) ? c : nearestLatin1(c)));
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
 * A page's content-stream operators. (PDFPage.drawText wraps each item in nine operators and names
 * the font again at every change of font: on a class's report cards, ~170 items a page, the PDF took
 * several times longer and was larger.) The numbers and strings the pages repeat are encoded once.
 */
class PageOperators {
  private readonly numbers = new Map<number, PDFNumber>();
  private readonly strings = { regular: new Map<string, PDFHexString>(), bold: new Map<string, PDFHexString>() };

  /** `fonts`: what encodes text for each weight (pdf-lib's embedded fonts, or their standard embedders). */
  constructor(private readonly fonts: Record<Weight, { encodeText(text: string): PDFHexString }>) {}

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

  /** The page's boxes, images and lines, then its text, with the fonts under `keys` and the images under `images` (by key) in its resources. */
  of(content: PdfPage, keys: Record<Weight, PDFName>, images?: ReadonlyMap<string, PDFName>): PDFOperator[] {
    return [...this.graphics(content, images), ...this.text(content.texts, keys)];
  }

  /** The grey boxes, the images, then the lines, y turned to PDF's bottom-up coordinates. */
  private graphics(content: PdfPage, images?: ReadonlyMap<string, PDFName>): PDFOperator[] {
    const ops: PDFOperator[] = [pushGraphicsState()];
    for (const box of content.boxes ?? []) {
      ops.push(setFillingGrayscaleColor(box.gray), rectangle(this.num(box.x), this.num(A4.height - box.y - box.h), this.num(box.w), this.num(box.h)), fill());
    }
    for (const image of content.images ?? []) {
      const name = images?.get(image.key);
      if (!name) continue;
      const zero = this.num(0);
      ops.push(
        pushGraphicsState(),
        concatTransformationMatrix(this.num(image.w), zero, zero, this.num(image.h), this.num(image.x), this.num(A4.height - image.y - image.h)),
        drawObject(name),
        popGraphicsState(),
      );
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
}

/**
 * One document drawn with pdf-lib's content-stream operators, a stream per page. pdf-lib deflates in
 * JavaScript, so the streams stay uncompressed; the files are still smaller than the old writer's.
 */
class Drawing {
  private readonly ops: PageOperators;
  /** Each picture embedded so far, by key, with the name pages give it. */
  private readonly images = new Map<string, { name: PDFName; ref: PDFRef }>();

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Record<Weight, PDFFont>,
  ) {
    this.ops = new PageOperators(fonts);
  }

  static async start(): Promise<Drawing> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    return new Drawing(doc, { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) });
  }

  /** Adds the page: its boxes, images and lines, then its text, in one content stream. */
  page(content: PdfPage): void {
    const page = this.doc.addPage([A4.width, A4.height]);
    const keys = {
      regular: page.node.newFontDictionary(this.fonts.regular.name, this.fonts.regular.ref),
      bold: page.node.newFontDictionary(this.fonts.bold.name, this.fonts.bold.ref),
    };
    const names = new Map<string, PDFName>();
    for (const image of content.images ?? []) {
      const embedded = this.image(image);
      page.node.setXObject(embedded.name, embedded.ref);
      names.set(image.key, embedded.name);
    }
    page.node.addContentStream(this.doc.context.register(PDFContentStream.of(this.doc.context.obj({}), this.ops.of(content, keys, names), false)));
  }

  /** The picture's XObject, embedded the first time its key is drawn. */
  private image(image: PdfImage): { name: PDFName; ref: PDFRef } {
    let embedded = this.images.get(image.key);
    if (!embedded) {
      const ref = this.doc.context.register(this.doc.context.stream(image.jpeg, imageDict(image)));
      this.images.set(image.key, (embedded = { name: PDFName.of(`Im${this.images.size + 1}`), ref }));
    }
    return embedded;
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

const FONT_KEYS: Record<Weight, PDFName> = { regular: PDFName.of('F1'), bold: PDFName.of('F2') };
const PAGE_TREE = 1;
const FONT_OBJECTS: Record<Weight, number> = { regular: 2, bold: 3 };
/** The header, with the binary comment that tells transfer tools the file is not text. */
const HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** A text string in a PDF dictionary (a bookmark's title), as UTF-16BE hex: any character survives. */
function pdfTextString(text: string): string {
  return `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

/** A page's /XObject resources, each picture named /Im<its object number> (empty without pictures). */
function xObjects(objects: ReadonlyMap<string, number>): string {
  if (objects.size === 0) return '';
  return ` /XObject << ${[...objects.values()].map((n) => `/Im${n} ${n} 0 R`).join(' ')} >>`;
}

/** A content stream's bytes: each operator on its line, as pdf-lib writes them. */
function contentBytes(ops: PDFOperator[]): Buffer {
  let size = 0;
  for (const op of ops) size += op.sizeInBytes() + 1;
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const op of ops) {
    at += op.copyBytesInto(bytes, at);
    bytes[at++] = 0x0a;
  }
  return bytes;
}

/**
 * One PDF written piece by piece, for documents too long to hold as pdf-lib objects (a whole school's
 * report cards, ADR 0027): `pages()` answers the next bytes of the file for a batch of pages, `end()`
 * the closing bytes (fonts, page tree, bookmarks, catalogue, cross-reference table). Concatenated in
 * order, the pieces are the file. Only the pages of the batch being drawn and one offset per object
 * are held. The pages are drawn by the same operators as `writePdf`; content streams are deflated
 * (zlib is native: a school's file is about a fifth of its uncompressed size for little time).
 */
export class PdfFileWriter {
  private offset = 0;
  /** Byte offset of each object, by object number (0 is the free list's head). */
  private readonly offsets: number[] = [0];
  private readonly pageObjects: number[] = [];
  private readonly bookmarks: Array<{ title: string; page: number }> = [];
  /** The object number of each picture written so far, by key: a picture is written once, before the first page that draws it. */
  private readonly images = new Map<string, number>();
  private readonly fonts = {
    regular: StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName),
    bold: StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as FontName),
  };
  private ended = false;

  constructor(private readonly opts: { compress?: boolean } = {}) {}

  get pageCount(): number {
    return this.pageObjects.length;
  }

  /** The next bytes of the file: these pages (after the file's header, the first time), with a bookmark to the first of them when `bookmark` is given. */
  pages(pages: PdfPage[], bookmark?: string): Buffer {
    if (this.ended) throw new Error('the PDF has ended');
    const chunks: Buffer[] = [];
    if (this.offset === 0) this.emit(chunks, HEADER);
    if (bookmark && pages.length) this.bookmarks.push({ title: bookmark, page: this.pageObjects.length });
    // a drawing per batch: the strings it keeps encoded are the batch's, not the whole file's
    const ops = new PageOperators(this.fonts);
    for (const content of pages) {
      const objects = new Map<string, number>();
      for (const image of content.images ?? []) objects.set(image.key, this.image(chunks, image));
      const names = new Map([...objects].map(([key, n]) => [key, PDFName.of(`Im${n}`)]));
      const plain = contentBytes(ops.of(content, FONT_KEYS, names));
      const stream = this.opts.compress ? deflateSync(plain) : plain;
      const contents = this.allocate();
      this.object(chunks, contents, [
        Buffer.from(`<< /Length ${stream.length}${this.opts.compress ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]);
      const page = this.allocate();
      this.object(
        chunks,
        page,
        `<< /Type /Page /Parent ${PAGE_TREE} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
          `/Resources << /Font << /F1 ${FONT_OBJECTS.regular} 0 R /F2 ${FONT_OBJECTS.bold} 0 R >>${xObjects(objects)} >> /Contents ${contents} 0 R >>`,
      );
      this.pageObjects.push(page);
    }
    return Buffer.concat(chunks);
  }

  /** The closing bytes of the file (a blank page first when no page was written). */
  end(): Buffer {
    const chunks: Buffer[] = this.pageObjects.length === 0 ? [this.pages([{ texts: [] }])] : [];
    this.ended = true;
    for (const [weight, name] of [
      ['regular', 'Helvetica'],
      ['bold', 'Helvetica-Bold'],
    ] as const) {
      this.object(chunks, FONT_OBJECTS[weight], `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`);
    }
    this.object(chunks, PAGE_TREE, `<< /Type /Pages /Kids [${this.pageObjects.map((n) => `${n} 0 R`).join(' ')}] /Count ${this.pageObjects.length} >>`);
    let outlines = '';
    if (this.bookmarks.length) {
      const root = this.allocate();
      const items = this.bookmarks.map(() => this.allocate());
      this.bookmarks.forEach((b, i) => {
        const links = [i > 0 ? `/Prev ${items[i - 1]} 0 R` : '', i < items.length - 1 ? `/Next ${items[i + 1]} 0 R` : ''].filter(Boolean).join(' ');
        this.object(chunks, items[i], `<< /Title ${pdfTextString(b.title)} /Parent ${root} 0 R ${links} /Dest [${this.pageObjects[b.page]} 0 R /Fit] >>`);
      });
      this.object(chunks, root, `<< /Type /Outlines /First ${items[0]} 0 R /Last ${items.at(-1)} 0 R /Count ${items.length} >>`);
      outlines = ` /Outlines ${root} 0 R /PageMode /UseOutlines`;
    }
    const catalog = this.allocate();
    this.object(chunks, catalog, `<< /Type /Catalog /Pages ${PAGE_TREE} 0 R${outlines} >>`);
    const xref = this.offset;
    const entries = this.offsets.map((offset, n) => (n === 0 ? '0000000000 65535 f\r\n' : `${String(offset).padStart(10, '0')} 00000 n\r\n`));
    this.emit(chunks, Buffer.from(`xref\n0 ${this.offsets.length}\n${entries.join('')}`, 'latin1'));
    this.emit(chunks, Buffer.from(`trailer\n<< /Size ${this.offsets.length} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(chunks);
  }

  /** The picture's object number, writing it the first time its key is drawn. */
  private image(chunks: Buffer[], image: PdfImage): number {
    let n = this.images.get(image.key);
    if (n === undefined) {
      n = this.allocate();
      const d = imageDict(image);
      const dict =
        `<< /Type /${d.Type} /Subtype /${d.Subtype} /Width ${d.Width} /Height ${d.Height} /ColorSpace /${d.ColorSpace} ` +
        `/BitsPerComponent ${d.BitsPerComponent} /Filter /${d.Filter} /Length ${image.jpeg.length} >>\nstream\n`;
      this.object(chunks, n, [Buffer.from(dict, 'latin1'), image.jpeg, Buffer.from('\nendstream', 'latin1')]);
      this.images.set(image.key, n);
    }
    return n;
  }

  /** A new object number (the page tree and the fonts have theirs from the start). */
  private allocate(): number {
    const n = Math.max(this.offsets.length, FONT_OBJECTS.bold + 1);
    while (this.offsets.length <= n) this.offsets.push(-1);
    return n;
  }

  private object(chunks: Buffer[], n: number, body: string | Buffer[]) {
    while (this.offsets.length <= n) this.offsets.push(-1);
    this.offsets[n] = this.offset;
    this.emit(chunks, Buffer.from(`${n} 0 obj\n`, 'latin1'));
    for (const part of typeof body === 'string' ? [Buffer.from(body, 'latin1')] : body) this.emit(chunks, part);
    this.emit(chunks, Buffer.from('\nendobj\n', 'latin1'));
  }

  private emit(chunks: Buffer[], bytes: Buffer) {
    chunks.push(bytes);
    this.offset += bytes.length;
  }
}
