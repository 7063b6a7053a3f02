/**
 * Letters of Nigerian names that narrow character sets lack (the PDFs' Latin-1, SMS's GSM-7): Yoruba's
 * and Igbo's dotted letters decompose into a letter and marks; Hausa's hooked letters do not, and take
 * their plain letter.
 */
const HOOKED_LETTERS: Readonly<Record<string, string>> = { ɓ: 'b', Ɓ: 'B', ɗ: 'd', Ɗ: 'D', ƙ: 'k', Ƙ: 'K', ƴ: 'y', Ƴ: 'Y' };

/**
 * A letter with its combining marks as its bare letter and the marks, dot below and the like first
 * (canonical order): Ọ̀ → O with [dot below, grave]; Ɗ → D with none. What a narrow character set
 * keeps of it is the caller's choice.
 */
export function letterAndMarks(c: string): { letter: string; marks: string[] } {
  if (HOOKED_LETTERS[c]) return { letter: HOOKED_LETTERS[c], marks: [] };
  const parts = c.normalize('NFD');
  return { letter: parts.replace(/\p{M}/gu, ''), marks: parts.match(/\p{M}/gu) ?? [] };
}
