import { formatNaira } from '@school/shared/finance/money';
import type { Receipt } from '@school/shared/finance/responses';
import { A4, fitText, type PdfImage, type PdfPage, type PdfTextItem, wrapText, writePdf } from '../../lib/pdf';
import type { PrintImage } from '../../lib/print-images';

const M = 56;
const INNER = A4.width - 2 * M;
const RIGHT = A4.width - M;
/** The box the school's logo is fitted in, top left. */
const LOGO_BOX = { w: 56, h: 56 };
const LABEL_WIDTH = 130;

/**
 * A payment's receipt as one A4 page (ADR 0037): the school with its logo, the student, the term's fees
 * itemised with what was paid before, this payment and what remains, the amount in figures and words,
 * mode, reference and cashier. The standard fonts have no ₦: amounts print as 'NGN 20,000.00'.
 */
export function receiptPage(r: Receipt, logo?: PrintImage | null): PdfPage {
  const texts: PdfTextItem[] = [];
  const lines: NonNullable<PdfPage['lines']> = [];
  const images: PdfImage[] = [];
  if (logo) {
    const scale = Math.min(LOGO_BOX.w / logo.width, LOGO_BOX.h / logo.height);
    images.push({ ...logo, x: M, y: M, w: logo.width * scale, h: logo.height * scale });
  }
  // the header stays clear of the logo on both sides, so that it stays centred on the page
  const headerWidth = logo ? INNER - 2 * (LOGO_BOX.w + 8) : INNER;
  const centre = A4.width / 2;
  let y = M + 16;
  texts.push({ x: centre, y, text: fitText(r.school.name.toUpperCase(), 16, headerWidth, true), size: 16, bold: true, align: 'center' });
  if (r.school.place) texts.push({ x: centre, y: (y += 14), text: fitText(r.school.place, 9, headerWidth), size: 9, align: 'center' });
  const contact = [r.school.phone, r.school.email].filter(Boolean).join('  |  ');
  if (contact) texts.push({ x: centre, y: (y += 12), text: fitText(contact, 9, headerWidth), size: 9, align: 'center' });
  y = Math.max(y, logo ? M + LOGO_BOX.h : 0);
  texts.push({ x: centre, y: (y += 26), text: 'OFFICIAL RECEIPT', size: 14, bold: true, align: 'center' });

  const row = (label: string, value: string, opts: { bold?: boolean; size?: number; gap?: number } = {}) => {
    const size = opts.size ?? 10.5;
    const parts = wrapText(value, size, INNER - LABEL_WIDTH, opts.bold);
    y += opts.gap ?? 0;
    parts.forEach((part, i) => {
      y += size * 1.5;
      if (i === 0) texts.push({ x: M, y, text: label, size, bold: opts.bold });
      texts.push({ x: M + LABEL_WIDTH, y, text: part, size, bold: opts.bold });
    });
  };
  row('Receipt number:', r.receiptNo, { bold: true, gap: 14 });
  row('Date:', r.date);
  row('Received from:', r.payerName);
  row('Student:', `${r.studentName} (${r.registrationNo})`);
  row('Class:', r.className);
  row('Term:', `${r.termName} Term, ${r.sessionName}`);

  // the term's fees, itemised, then what was paid and what remains
  y += 24;
  texts.push({ x: M, y, text: 'Fees', size: 10, bold: true }, { x: RIGHT, y, text: 'Amount', size: 10, bold: true, align: 'right' });
  lines.push({ x1: M, y1: y + 5, x2: RIGHT, y2: y + 5 });
  y += 5;
  const money = (label: string, kobo: number, bold = false) => {
    y += 15;
    texts.push(
      { x: M, y, text: fitText(label, 10, INNER - 110, bold), size: 10, bold },
      { x: RIGHT, y, text: formatNaira(kobo), size: 10, bold, align: 'right' },
    );
  };
  for (const item of r.items) money(item.kind === 'discount' ? `${item.description} (discount)` : item.description, item.amountKobo);
  lines.push({ x1: M, y1: y + 5, x2: RIGHT, y2: y + 5 });
  y += 3;
  money('Total fees', r.dueKobo, true);
  money('Paid before this payment', r.paidBeforeKobo);
  money('This payment', r.amountKobo, true);
  lines.push({ x1: M, y1: y + 5, x2: RIGHT, y2: y + 5 });
  y += 3;
  money(r.balanceKobo < 0 ? 'Credit after this payment' : 'Balance after this payment', Math.abs(r.balanceKobo), true);

  y += 14;
  texts.push({ x: M, y: (y += 20), text: `Amount paid: ${formatNaira(r.amountKobo)}`, size: 13, bold: true });
  row('Amount in words:', r.amountInWords, { gap: 4 });
  row('Payment mode:', r.paymentMode, { gap: 6 });
  row('Reference:', r.reference ?? '-');
  row('Received by:', r.cashier);
  row('Fee status:', r.feeStatus);

  y += 40;
  texts.push({ x: M, y, text: 'Thank you.', size: 10.5 });
  lines.push({ x1: RIGHT - 180, y1: y, x2: RIGHT, y2: y });
  texts.push({ x: RIGHT - 90, y: y + 13, text: fitText(`${r.school.name} Bursary`, 9, 180), size: 9, align: 'center' });
  return { texts, lines, images };
}

/** A payment's receipt as a one-page A4 PDF, for the payer to download; the school's logo when it has one. */
export function receiptPdf(receipt: Receipt, logo?: PrintImage | null): Promise<Buffer> {
  return writePdf([receiptPage(receipt, logo)]);
}
