import { formatNaira } from '@school/shared/finance/money';
import type { Receipt } from '@school/shared/finance/responses';
import { letterPage, type PdfLine, writePdf } from '../../lib/pdf';

/** The receipt's words, as the printable receipt page shows them. */
function receiptLines(r: Receipt): PdfLine[] {
  const lines: PdfLine[] = [{ text: r.school.name.toUpperCase(), size: 18, bold: true, align: 'center' }];
  if (r.school.place) lines.push({ text: r.school.place, size: 10, align: 'center' });
  lines.push(
    { text: 'OFFICIAL RECEIPT', size: 14, bold: true, align: 'center', gap: 20 },
    { text: `Receipt number: ${r.receiptNo}`, gap: 16, bold: true },
    { text: `Date: ${r.date}` },
    { text: `Received from: ${r.payerName}`, gap: 10 },
    { text: `Student: ${r.studentName} (${r.registrationNo})` },
    { text: `Class: ${r.className}` },
    { text: `Term: ${r.termName} Term, ${r.sessionName}` },
    { text: `Amount paid: ${formatNaira(r.amountKobo)}`, size: 13, bold: true, gap: 12 },
    { text: `Payment mode: ${r.paymentMode}` },
    { text: `Reference: ${r.reference ?? '-'}` },
    { text: `Invoice fees: ${formatNaira(r.dueKobo)}    Paid to date: ${formatNaira(r.paidKobo)}`, gap: 12 },
    { text: r.balanceKobo < 0 ? `Credit: ${formatNaira(-r.balanceKobo)}` : `Balance: ${formatNaira(r.balanceKobo)}`, bold: true },
    { text: `Fee status: ${r.feeStatus}` },
    { text: 'Thank you.', gap: 24 },
    { text: `${r.school.name} Bursary`, bold: true, gap: 20 },
  );
  return lines;
}

/** A payment's receipt as a one-page A4 PDF, for the payer to download. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  return writePdf([letterPage(receiptLines(receipt))]);
}
