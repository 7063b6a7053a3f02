import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { writePdf } from '../lib/pdf';

/** The strings a decoded content stream shows with `<hex> Tj` (how pdf-lib writes standard-font text). */
function shownStrings(content: string): string[] {
  return [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1'));
}

/**
 * What a PDF shows, page by page: the strings drawn on each, in order (tests read figures back
 * this way). Parses the file with pdf-lib and decodes the content streams, compressed or not.
 */
export async function pdfPages(pdf: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    return streams.flatMap((stream) =>
      stream instanceof PDFRawStream ? shownStrings(Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')) : [],
    );
  });
}

/** The strings a PDF draws, all pages in order. */
export async function pdfStrings(pdf: Uint8Array): Promise<string[]> {
  return (await pdfPages(pdf)).flat();
}

/** A small, real one-page PDF, as a user would upload (a birth certificate, a lesson plan). */
export function certificatePdf(): Promise<Buffer> {
  return writePdf([{ texts: [{ x: 72, y: 72, text: 'Certificate of birth' }] }]);
}
