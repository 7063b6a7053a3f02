import type { AdmissionLetter } from '@school/shared/admissions/responses';
import { schoolPlace } from '@school/shared/schools/place';
import { letterPage, type PdfLine, writePdf } from '../../lib/pdf';

/** The admission letter's words (the printable page shows the same data). */
function admissionLetterLines(letter: AdmissionLetter): PdfLine[] {
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

/** The admission letter as a one-page A4 PDF, for the guardian to keep. */
export function admissionLetterPdf(letter: AdmissionLetter): Promise<Buffer> {
  return writePdf([letterPage(admissionLetterLines(letter))]);
}
