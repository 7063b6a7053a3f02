import { describe, expect, it } from 'vitest';
import { gatewayNumber, normaliseNigerianMobile } from './phone';
import { gsmLetters, smsType, smsUnits } from './units';

describe('normaliseNigerianMobile', () => {
  it('reads the ways schools write a mobile number', () => {
    for (const written of ['0803 123 4567', '08031234567', '+234 803 123 4567', '2348031234567', '+234(0)8031234567', '803-123-4567', '234 0803 123 4567']) {
      expect(normaliseNigerianMobile(written), written).toBe('+2348031234567');
    }
    expect(normaliseNigerianMobile('0705 555 0101')).toBe('+2347055550101');
    expect(normaliseNigerianMobile('0912 345 6789')).toBe('+2349123456789');
  });

  it('refuses what is not a Nigerian mobile', () => {
    for (const written of ['', '12345', '01 234 5678', '+44 7700 900123', '0803123456', '080312345678', 'call me', '0603 123 4567']) {
      expect(normaliseNigerianMobile(written), written).toBeNull();
    }
    expect(normaliseNigerianMobile(null)).toBeNull();
  });

  it('gives the gateway the number without its plus', () => {
    expect(gatewayNumber('+2348031234567')).toBe('2348031234567');
  });
});

describe('SMS units', () => {
  it('counts 160 plain characters as one unit, then parts of 153', () => {
    expect(smsUnits('a'.repeat(160))).toBe(1);
    expect(smsUnits('a'.repeat(161))).toBe(2);
    expect(smsUnits('a'.repeat(306))).toBe(2);
    expect(smsUnits('a'.repeat(307))).toBe(3);
    // an extension character counts twice
    expect(smsUnits('{'.repeat(80))).toBe(1);
    expect(smsUnits('{'.repeat(81))).toBe(2);
  });

  it('sends ₦ and curly quotes as unicode: 70 a unit, then parts of 67', () => {
    expect(smsType('Fees: N25,000')).toBe('plain');
    expect(smsType('Fees: ₦25,000')).toBe('unicode');
    expect(smsType('Ada’s results')).toBe('unicode');
    expect(smsUnits('₦'.repeat(70))).toBe(1);
    expect(smsUnits('₦'.repeat(71))).toBe(2);
    expect(smsUnits('₦'.repeat(135))).toBe(3);
  });
});

describe('gsmLetters', () => {
  it('writes Nigerian names in GSM-7, so that one accented name does not make a message unicode', () => {
    const text = gsmLetters('Ọlámidé Adéwálé (JSS 1 A) was marked absent');
    expect(text).toBe('Olamide Adewale (JSS 1 A) was marked absent');
    expect(smsType(text)).toBe('plain');
    expect(gsmLetters('Ɗanjuma Ƙabiru, Ụzọ Ńnamdi, Ẹ̀kọ́')).toBe('Danjuma Kabiru, Uzo Nnamdi, Eko');
  });

  it('keeps what GSM-7 holds, and leaves what has no near letter (the message then goes as unicode)', () => {
    expect(gsmLetters('Zoë Chloé Ñ ß É è ù ì ò à €')).toBe('Zoe Chloé Ñ ß É è ù ì ò à €');
    expect(gsmLetters('Sports day 🎉')).toBe('Sports day 🎉');
    expect(smsType(gsmLetters('Sports day 🎉'))).toBe('unicode');
  });
});
