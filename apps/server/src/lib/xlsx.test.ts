import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnName, isZip, readXlsx, writeXlsx, XLSX_MAX_ROWS, XlsxError } from './xlsx';

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook as a spreadsheet program saves one: two sheets (the first is sheet2.xml), shared strings with rich text. */
function handBuilt(parts: Partial<Record<string, string>> = {}): Uint8Array {
  const files: Record<string, string> = {
    '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    '_rels/.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
      '<sheets><sheet name="Scores" sheetId="2" r:id="rId7"/><sheet name="Notes" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId7" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/>` +
      `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
      '</Relationships>',
    'xl/sharedStrings.xml':
      `${HEAD}<sst xmlns="${MAIN}" count="6" uniqueCount="6">` +
      '<si><t>Admission number</t></si>' +
      '<si><t>Student</t></si>' +
      // rich text: runs with their own formatting, and a phonetic guide that is not part of the text
      '<si><r><rPr><b/></rPr><t>Test</t></r><r><t xml:space="preserve"> 1</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>' +
      '<si><t>Okafor &amp; Sons &lt;Ltd&gt; &#233;&#x263A;</t></si>' +
      '<si><t>line_x000D_break</t></si>' +
      '<si/>' +
      '</sst>',
    'xl/worksheets/sheet1.xml': `${HEAD}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Not this sheet</t></is></c></row></sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml':
      `${HEAD}<x:worksheet xmlns:x="${MAIN}"><x:dimension ref="A1:F6"/><x:sheetData>` +
      '<x:row r="1" spans="1:6"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s" s="3"><x:v>2</x:v></x:c></x:row>' +
      // an empty, formatted row is no row
      '<x:row r="2"><x:c r="A2" s="4"/></x:row>' +
      // B3 missing; a number with a binary artefact; a formula's cached string and a boolean
      '<x:row r="3"><x:c r="A3" t="s"><x:v>3</x:v></x:c><x:c r="C3"><x:v>12.500000000000002</x:v></x:c><x:c r="D3" t="str"><x:f>A1&amp;"!"</x:f><x:v>ok!</x:v></x:c><x:c r="E3" t="b"><x:v>1</x:v></x:c></x:row>' +
      // cells without r follow one another; an inline rich string
      '<x:row r="6"><x:c t="n"><x:v>7</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t>Ada</x:t></x:r><x:r><x:t xml:space="preserve"> Obi</x:t></x:r></x:is></x:c><x:c t="s"><x:v>4</x:v></x:c><x:c t="s"><x:v>5</x:v></x:c><x:c><x:v>1E-3</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>',
  };
  for (const [name, xml] of Object.entries(parts)) {
    if (xml === undefined) delete files[name];
    else files[name] = xml;
  }
  const zippable: Zippable = {};
  for (const [name, xml] of Object.entries(files)) zippable[name] = strToU8(xml);
  return zipSync(zippable);
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(XlsxError);
    return (error as Error).message;
  }
  throw new Error('expected an XlsxError');
};

describe('readXlsx', () => {
  it('reads the first sheet of a hand-built workbook: shared and rich strings, numbers, gaps and row numbers', () => {
    expect(readXlsx(handBuilt())).toEqual([
      { row: 1, cells: ['Admission number', 'Student', 'Test 1'] },
      { row: 3, cells: ['Okafor & Sons <Ltd> é☺', '', '12.5', 'ok!', 'TRUE'] },
      { row: 6, cells: ['7', 'Ada Obi', 'line\rbreak', '', '0.001'] },
    ]);
  });

  it('finds the sheet and shared strings by the default paths when the workbook has no relationships', () => {
    const rows = readXlsx(
      handBuilt({
        'xl/_rels/workbook.xml.rels': undefined,
        'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row><c t="s"><v>1</v></c><c><v>3</v></c></row></sheetData></worksheet>`,
      }),
    );
    expect(rows).toEqual([{ row: 1, cells: ['Student', '3'] }]);
  });

  it('reads back what the writer wrote', () => {
    const rows = [
      ['Admission number', 'Student', 'Test 1', 'Exam'],
      ['BFC/2024/0001', 'Obi Ada', 12.5, 60],
      ['', 'Okafor & <Sons> "Ltd"', null, 0],
      ['_x0041_ stays', 'tab\there\u0001', 7, null],
      [null, null, null, null],
      ['Ẹ̀kọ́ 😀', 'last', -3, 1234567.25],
    ];
    const bytes = writeXlsx(rows, { sheetName: 'Maths: JSS 1/A', columnWidths: [18, 24], boldHeader: true });
    expect(isZip(bytes)).toBe(true);
    expect(readXlsx(bytes)).toEqual([
      { row: 1, cells: ['Admission number', 'Student', 'Test 1', 'Exam'] },
      { row: 2, cells: ['BFC/2024/0001', 'Obi Ada', '12.5', '60'] },
      { row: 3, cells: ['', 'Okafor & <Sons> "Ltd"', '', '0'] },
      { row: 4, cells: ['_x0041_ stays', 'tab\there\u0001', '7'] },
      { row: 6, cells: ['Ẹ̀kọ́ 😀', 'last', '-3', '1234567.25'] },
    ]);
    const parts = unzipSync(bytes);
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(parts['xl/workbook.xml'])).toContain('<sheet name="Maths  JSS 1 A" sheetId="1" r:id="rId1"/>');
    expect(strFromU8(parts['xl/worksheets/sheet1.xml'])).toContain('<c r="C2"><v>12.5</v></c>');
  });

  it('refuses what is not a workbook, with a clear message', () => {
    expect(refusal(() => readXlsx(new TextEncoder().encode('Admission number,Student\n')))).toBe('The file is not a readable Excel workbook (.xlsx)');
    // a ZIP that is not a workbook (a Word document)
    expect(refusal(() => readXlsx(zipSync({ 'word/document.xml': strToU8('<w:document/>') })))).toBe('The file is not a readable Excel workbook (.xlsx)');
    // a cut ZIP
    const whole = writeXlsx([['a']]);
    expect(refusal(() => readXlsx(whole.subarray(0, whole.length - 30)))).toBe('The file is not a readable Excel workbook (.xlsx)');
    // no entity is ever defined
    const doctype = handBuilt({ 'xl/sharedStrings.xml': '<!DOCTYPE sst [<!ENTITY x "boom">]><sst><si><t>&x;</t></si></sst>' });
    expect(refusal(() => readXlsx(doctype))).toBe('The file is not a readable Excel workbook (.xlsx)');
    // a shared string that does not exist
    const missing = handBuilt({
      'xl/worksheets/sheet2.xml': `<worksheet xmlns="${MAIN}"><sheetData><row><c t="s"><v>99</v></c></row></sheetData></worksheet>`,
    });
    expect(refusal(() => readXlsx(missing))).toBe('The file is not a readable Excel workbook (.xlsx)');
  });

  it('refuses a file over 2 MB and more than 1,000 rows with a value', () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(refusal(() => readXlsx(big))).toBe('The file must be at most 2 MB');

    const rows = Array.from({ length: XLSX_MAX_ROWS + 1 }, (_, i) => [`Student ${i}`, i]);
    expect(refusal(() => readXlsx(writeXlsx(rows)))).toBe('The worksheet has more than 1,000 rows; upload at most 1,000');
    expect(readXlsx(writeXlsx(rows.slice(0, XLSX_MAX_ROWS)))).toHaveLength(XLSX_MAX_ROWS);
  });

  it('refuses a part that would inflate past its limit', () => {
    // 40 MB of spaces compresses to a few kilobytes
    const bomb = zipSync({ 'xl/workbook.xml': new Uint8Array(40 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(refusal(() => readXlsx(bomb))).toBe('The workbook is too large to read');
  });

  it('names columns as a spreadsheet does', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
