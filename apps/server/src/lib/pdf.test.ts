import { describe, expect, it } from 'vitest';
import { latin1 } from './pdf';

describe('names in the PDFs’ Latin-1', () => {
  it('keeps Yoruba and Igbo names readable: tone marks kept where Latin-1 has the letter, the dot below dropped', () => {
    expect(latin1('Adéwálé Ọlámídé')).toBe('Adéwálé Olámídé');
    expect(latin1('Ọ̀ṣun Ẹ̀kọ́')).toBe('Òsun Èkó');
    expect(latin1('Chukwuemeka Ụzọ Ị́kẹ́ Ńnamdi')).toBe('Chukwuemeka Uzo Íké Nnamdi');
    // written decomposed, as some keyboards type it
    expect(latin1('O\u0323la\u0301')).toBe('Olá');
  });

  it('gives Hausa’s hooked letters their plain letter, and keeps what Latin-1 already holds', () => {
    expect(latin1('Ɗanjuma Ƙabiru ɓaƙo ƴar')).toBe('Danjuma Kabiru bako yar');
    expect(latin1('Zoë Ñ ß')).toBe('Zoë Ñ ß');
  });

  it('writes the naira and typographic punctuation as before, and a letter with no near kin as ?', () => {
    expect(latin1('₦5,000 – “paid”…')).toBe('NGN 5,000 - "paid"...');
    expect(latin1('李')).toBe('?');
  });
});
