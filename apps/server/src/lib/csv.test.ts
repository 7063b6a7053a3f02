import { describe, expect, it } from 'vitest';
import { csvCell, CsvError, parseCsv } from './csv';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('splits plain records on LF, CRLF and CR, with or without a final line break', () => {
    expect(fields('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quotes, and numbers records by their first line', () => {
    const records = parseCsv('name,address\r\n"Bello, Aisha","7 ""Main"" Road\r\nKaduna"\r\nMusa,"x\ny"\n');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'address'] },
      { line: 2, fields: ['Bello, Aisha', '7 "Main" Road\r\nKaduna'] },
      { line: 4, fields: ['Musa', 'x\ny'] },
    ]);
  });

  it('drops a byte order mark and blank lines, keeps empty fields', () => {
    const records = parseCsv('\uFEFFname,arm\n\nAisha,\n,\n\r\n"",x');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'arm'] },
      { line: 3, fields: ['Aisha', ''] },
      { line: 4, fields: ['', ''] },
      { line: 6, fields: ['', 'x'] },
    ]);
    expect(parseCsv('\uFEFF')).toEqual([]);
    expect(parseCsv('')).toEqual([]);
  });

  it('keeps an empty quoted field on its own line as a record', () => {
    expect(fields('a\n""\n')).toEqual([['a'], ['']]);
  });

  it('keeps spaces and quotes in the middle of unquoted fields', () => {
    expect(fields(' a , b"c \n')).toEqual([[' a ', ' b"c ']]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(new CsvError('Line 2: a quoted value is not closed', 2));
    expect(() => parseCsv('a,b\n"x"y,2')).toThrow('Line 2: unexpected text after a closing quote');
  });

  it('round-trips cells written by csvCell', () => {
    const values = ['plain', 'with, comma', 'say "hi"', 'two\nlines', ''];
    expect(fields(values.map(csvCell).join(',') + '\r\n')).toEqual([values]);
  });
});
