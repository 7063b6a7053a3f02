/**
 * Letters of Nigerian names that narrow character sets lack (the PDFs' Latin-1, SMS's GSM-7): Yoruba's
 * and Igbo's dotted letters decompose into a letter and marks; Hausa's hooked letters do not, and take
 * their plain letter.
 */
export const HOOKED_LETTERS: Readonly<Record<string, string>> = { ɓ: 'b', Ɓ: 'B', ɗ: 'd', Ɗ: 'D', ƙ: 'k', Ƙ: 'K', ƴ: 'y', Ƴ: 'Y' };
