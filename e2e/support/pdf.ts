import { inflateSync } from 'node:zlib';

/**
 * The PDF's text with its deflated streams inflated in place: the server writes a class's PDF with
 * uncompressed content streams and a whole school's with deflated ones (`/Filter /FlateDecode`).
 */
function plainText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const parts: string[] = [];
  let at = 0;
  for (const m of text.matchAll(/<<([^<>]*\/Filter \/FlateDecode[^<>]*)>>\r?\nstream\r?\n/g)) {
    const length = Number(/\/Length (\d+)/.exec(m[1])?.[1]);
    const start = m.index + m[0].length;
    parts.push(text.slice(at, start), inflateSync(bytes.subarray(start, start + length)).toString('latin1'));
    at = start + length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** The strings a PDF made by the server draws, in order: pdf-lib writes standard-font text as hex strings, `<48656C6C6F> Tj`. */
export function pdfStrings(bytes: Buffer): string[] {
  return [...plainText(bytes).matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1'));
}

/** The number of pages the PDF's page tree counts. */
export function pdfPageCount(bytes: Buffer): number {
  return Number(/\/Type \/Pages\s+\/Kids \[[^\]]*\]\s+\/Count (\d+)/.exec(bytes.toString('latin1'))?.[1]);
}
