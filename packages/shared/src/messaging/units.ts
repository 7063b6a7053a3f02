import { letterAndMarks } from '../letters';

/**
 * SMS units: one message of up to 160 GSM-7 characters (70 in unicode) is one unit; a longer one is
 * sent in parts of 153 (67), each a unit. WhatsApp messages count one each.
 */

// the GSM 03.38 basic set; the extension characters count twice
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

const isGsm = (ch: string) => GSM_BASIC.has(ch) || GSM_EXTENDED.has(ch);

/**
 * The text with each word that has a letter outside GSM-7 written in bare letters (Ọlámidé Adéwálé →
 * Olamide Adewale, Ɗanjuma → Danjuma), so that one accented name does not make the whole message unicode,
 * at 70 characters a unit instead of 160; a word GSM-7 holds stays as it is (Chloé). Other characters
 * (emoji, other scripts) are left: the message then goes as unicode.
 */
export function gsmLetters(text: string): string {
  if ([...text].every(isGsm)) return text;
  const bare = (c: string) => {
    const { letter } = letterAndMarks(c);
    return letter && [...letter].every(isGsm) ? letter : c;
  };
  return text.normalize('NFC').replace(/\S+/g, (word) => ([...word].every(isGsm) ? word : word.replace(/\P{M}\p{M}*/gu, bare)));
}

/** 'plain' when every character is GSM-7, else 'unicode' (₦, curly quotes, emoji…). */
export function smsType(text: string): 'plain' | 'unicode' {
  for (const ch of text) if (!GSM_BASIC.has(ch) && !GSM_EXTENDED.has(ch)) return 'unicode';
  return 'plain';
}

export function smsUnits(text: string): number {
  if (smsType(text) === 'unicode') {
    const length = [...text].reduce((n, ch) => n + (ch.length > 1 ? 2 : 1), 0);
    return length <= 70 ? 1 : Math.ceil(length / 67);
  }
  const length = [...text].reduce((n, ch) => n + (GSM_EXTENDED.has(ch) ? 2 : 1), 0);
  return length <= 160 ? 1 : Math.ceil(length / 153);
}
