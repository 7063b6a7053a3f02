/**
 * An amount of kobo in words, as a receipt writes it: 3875050 → 'Thirty-eight thousand, seven hundred
 * and fifty naira, fifty kobo' (British English: 'and' after the hundreds and before a last group under
 * a hundred; naira has no plural).
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0 … 99 */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const tens = TENS[Math.floor(n / 10)];
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

/** 1 … 999 */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return belowHundred(rest);
  return rest ? `${ONES[hundreds]} hundred and ${belowHundred(rest)}` : `${ONES[hundreds]} hundred`;
}

/** A whole number in words, lower case: 1005 → 'one thousand and five', 38750 → 'thirty-eight thousand, seven hundred and fifty'. */
export function numberInWords(value: number): string {
  const n = Math.floor(Math.abs(value));
  if (!Number.isSafeInteger(n)) throw new RangeError('numberInWords: the number is too large');
  if (n === 0) return 'zero';
  const groups: Array<{ n: number; scale: number }> = [];
  for (let rest = n, scale = 0; rest > 0; rest = Math.floor(rest / 1000), scale++) {
    if (rest % 1000) groups.unshift({ n: rest % 1000, scale });
  }
  if (groups[0].scale >= SCALES.length) throw new RangeError('numberInWords: the number is too large');
  let words = '';
  groups.forEach((g, i) => {
    const part = `${belowThousand(g.n)}${SCALES[g.scale] ? ` ${SCALES[g.scale]}` : ''}`;
    if (i === 0) words = part;
    // a last group under a hundred is joined by 'and' ('one million and five'), the others by a comma
    else words += i === groups.length - 1 && g.scale === 0 && g.n < 100 ? ` and ${part}` : `, ${part}`;
  });
  return words;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Kobo in words, naira and kobo: 3875050 → 'Thirty-eight thousand, seven hundred and fifty naira, fifty kobo'; 50 → 'Fifty kobo'; 0 → 'Zero naira'. */
export function amountInWords(kobo: number): string {
  const whole = Math.round(kobo);
  const abs = Math.abs(whole);
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  const parts: string[] = [];
  if (naira || !rest) parts.push(`${numberInWords(naira)} naira`);
  if (rest) parts.push(`${numberInWords(rest)} kobo`);
  return capitalised(`${whole < 0 ? 'minus ' : ''}${parts.join(', ')}`);
}
