/**
 * The strings a PDF made by the server draws, in order. Its content streams are not compressed and
 * pdf-lib writes standard-font text as hex strings, `<48656C6C6F> Tj`.
 */
export function pdfStrings(bytes: Buffer): string[] {
  return [...bytes.toString('latin1').matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1'));
}

/** The number of pages the PDF's page tree counts. */
export function pdfPageCount(bytes: Buffer): number {
  return Number(/\/Type \/Pages\s+\/Kids \[[^\]]*\]\s+\/Count (\d+)/.exec(bytes.toString('latin1'))?.[1]);
}
