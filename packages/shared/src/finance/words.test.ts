import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './words';

describe('amount in words', () => {
  it.each([
    [0, 'Zero naira'],
    [1, 'One kobo'],
    [50, 'Fifty kobo'],
    [99, 'Ninety-nine kobo'],
    [100, 'One naira'],
    [1_500, 'Fifteen naira'],
    [2_101, 'Twenty-one naira, one kobo'],
    [100_000, 'One thousand naira'],
    [100_500, 'One thousand and five naira'],
    [3_875_050, 'Thirty-eight thousand, seven hundred and fifty naira, fifty kobo'],
    [4_500_000, 'Forty-five thousand naira'],
    [5_000_050, 'Fifty thousand naira, fifty kobo'],
    [11_111_100, 'One hundred and eleven thousand, one hundred and eleven naira'],
    [100_000_000, 'One million naira'],
    [100_000_500, 'One million and five naira'],
    [123_456_789, 'One million, two hundred and thirty-four thousand, five hundred and sixty-seven naira, eighty-nine kobo'],
    [1_000_000_000, 'Ten million naira'],
    [250_000_000_000, 'Two billion, five hundred million naira'],
  ])('writes %d kobo as %j', (kobo, words) => expect(amountInWords(kobo)).toBe(words));

  it('writes a negative amount with minus', () => expect(amountInWords(-2_000_000)).toBe('Minus twenty thousand naira'));

  it('writes whole numbers in lower case', () => {
    expect(numberInWords(0)).toBe('zero');
    expect(numberInWords(115)).toBe('one hundred and fifteen');
    expect(numberInWords(1_000_100)).toBe('one million, one hundred');
    expect(numberInWords(7_000_020)).toBe('seven million and twenty');
  });
});
