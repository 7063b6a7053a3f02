/**
 * Excel workbooks (.xlsx, Office Open XML): the first worksheet read into rows of text, and a
 * one-sheet workbook written (a template to fill in). An .xlsx is a ZIP of XML parts; only the
 * parts needed are inflated (each with a size limit, so a small file cannot expand without end),
 * and the XML is read with a small scanner that knows no DTD or external entity.
 */
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The largest workbook read. */
export const XLSX_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows with a value the first worksheet may have. */
export const XLSX_MAX_ROWS = 1000;
/** The most columns a row may use (a value further right is refused, not dropped). */
export const XLSX_MAX_COLUMNS = 256;
/** The most one XML part may inflate to, and all of them together. */
const MAX_PART_BYTES = 32 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

const UNREADABLE = 'The file is not a readable Excel workbook (.xlsx)';

/** A workbook that cannot be read, with a message for the person who sent it. */
export class XlsxError extends Error {}

/** One row of the worksheet: its number as the spreadsheet shows it (1-based) and its cells from column A, '' where empty. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface ReadXlsxOptions {
  maxBytes?: number;
  maxRows?: number;
}

/** Whether the bytes start as a ZIP (an .xlsx, .docx… or any other ZIP). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

// ---------------------------------------------------------------- XML scanning

type Attributes = Record<string, string>;
interface XmlHandlers {
  open?: (name: string, attrs: Attributes, selfClosing: boolean) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity];
    const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A name without its namespace prefix: `x:row` is `row`, `r:id` is `id`. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Reads XML as a stream of open tags (with their attributes by local name), close tags and text
 * (entities decoded; CDATA as it is). Declarations, processing instructions and comments are
 * skipped; a DOCTYPE is refused, so no entity is ever defined or expanded.
 */
function scanXml(xml: string, on: XmlHandlers): void {
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const end = lt === -1 ? n : lt;
    if (end > i && on.text) on.text(decodeEntities(xml.slice(i, end)));
    if (lt === -1) return;
    if (xml.startsWith('<?', lt)) {
      const close = xml.indexOf('?>', lt + 2);
      if (close === -1) throw new XlsxError(UNREADABLE);
      i = close + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const close = xml.indexOf('-->', lt + 4);
      if (close === -1) throw new XlsxError(UNREADABLE);
      i = close + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const close = xml.indexOf(']]>', lt + 9);
      if (close === -1) throw new XlsxError(UNREADABLE);
      on.text?.(xml.slice(lt + 9, close));
      i = close + 3;
    } else if (xml.startsWith('<!', lt)) {
      throw new XlsxError(UNREADABLE);
    } else if (xml.startsWith('</', lt)) {
      const close = xml.indexOf('>', lt + 2);
      if (close === -1) throw new XlsxError(UNREADABLE);
      on.close?.(localName(xml.slice(lt + 2, close).trim()));
      i = close + 1;
    } else {
      // the tag ends at the first '>' outside a quoted attribute value
      let j = lt + 1;
      let quote = '';
      for (; j < n; j++) {
        const ch = xml[j];
        if (quote) {
          if (ch === quote) quote = '';
        } else if (ch === '"' || ch === "'") quote = ch;
        else if (ch === '>') break;
      }
      if (j >= n) throw new XlsxError(UNREADABLE);
      let body = xml.slice(lt + 1, j);
      const selfClosing = body.endsWith('/');
      if (selfClosing) body = body.slice(0, -1);
      const space = body.search(/\s/);
      const name = localName(space === -1 ? body : body.slice(0, space));
      const attrs: Attributes = {};
      if (space !== -1) {
        for (const match of body.slice(space).matchAll(ATTRIBUTE)) {
          const key = localName(match[1]);
          if (!(key in attrs)) attrs[key] = decodeEntities(match[2] ?? match[3]);
        }
      }
      on.open?.(name, attrs, selfClosing);
      if (selfClosing) on.close?.(name);
      i = j + 1;
    }
  }
}

/** Excel's escape of characters XML cannot hold: `_x000D_` is a carriage return, `_x005F_` an underscore. */
function decodeExcelEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The text of a rich or plain string (`<si>` of the shared strings, `<is>` of an inline string):
 * every `<t>`, its own or of its runs (`<r>`), without the phonetic guides (`<rPh>`).
 */
class StringReader {
  private depth = 0;
  private inT = false;
  private inPhonetic = 0;
  private text = '';

  start() {
    this.depth = 1;
    this.text = '';
    this.inT = false;
    this.inPhonetic = 0;
  }
  get active() {
    return this.depth > 0;
  }
  /** Every open tag, self-closing ones too (the scanner closes them at once). */
  open(name: string) {
    this.depth++;
    if (name === 'rPh') this.inPhonetic++;
    else if (name === 't' && this.inPhonetic === 0) this.inT = true;
  }
  /** Answers the string when this close ends it. */
  close(name: string): string | null {
    this.depth--;
    if (this.depth === 0) return decodeExcelEscapes(this.text);
    if (name === 'rPh') this.inPhonetic--;
    else if (name === 't') this.inT = false;
    return null;
  }
  add(text: string) {
    if (this.inT) this.text += text;
  }
}

function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  const reader = new StringReader();
  scanXml(xml, {
    open: (name, _attrs, selfClosing) => {
      if (reader.active) reader.open(name);
      else if (name === 'si') {
        if (selfClosing) strings.push('');
        else reader.start();
      }
    },
    close: (name) => {
      if (!reader.active) return;
      const done = reader.close(name);
      if (done !== null) strings.push(done);
    },
    text: (text) => reader.add(text),
  });
  return strings;
}

// ---------------------------------------------------------------- cells

/** 'B3' → column 2 (1-based), or null when it is not a cell reference. */
function columnOf(ref: string): number | null {
  const match = /^([A-Za-z]{1,3})\d*$/.exec(ref.replace(/\$/g, ''));
  if (!match) return null;
  let column = 0;
  for (const ch of match[1].toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  return column;
}

/** Column 2 → 'B'. */
export function columnName(column: number): string {
  let name = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

/** A stored number as Excel shows it: at most 15 significant digits (0.1+0.2 is 0.3), never in exponent form for everyday values. */
function numberText(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const number = Number(trimmed);
  if (!Number.isFinite(number)) return trimmed;
  return String(Number(number.toPrecision(15)));
}

function readWorksheet(xml: string, shared: string[], maxRows: number): SheetRow[] {
  const rows: SheetRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let column = 0;
  let cellType = '';
  let inCell = false;
  let inValue = false;
  let value = '';
  const inline = new StringReader();

  const endCell = () => {
    let text: string;
    if (cellType === 'inlineStr') text = value;
    else if (cellType === 's') {
      const index = Number(value.trim());
      if (value.trim() === '') text = '';
      else if (!Number.isInteger(index) || index < 0 || index >= shared.length) throw new XlsxError(UNREADABLE);
      else text = shared[index];
    } else if (cellType === 'b') text = value.trim() === '1' ? 'TRUE' : value.trim() === '0' ? 'FALSE' : value;
    else if (cellType === 'str' || cellType === 'e' || cellType === 'd') text = decodeExcelEscapes(value);
    else text = numberText(value);
    if (text !== '' && cells) {
      if (column > XLSX_MAX_COLUMNS)
        throw new XlsxError(`Row ${rowNumber} has a value in column ${columnName(column)}; use at most ${XLSX_MAX_COLUMNS} columns`);
      while (cells.length < column - 1) cells.push('');
      cells[column - 1] = text;
    }
  };

  scanXml(xml, {
    open: (name, attrs, selfClosing) => {
      if (inline.active) {
        inline.open(name);
        return;
      }
      if (name === 'row') {
        const r = Number(attrs.r);
        rowNumber = attrs.r !== undefined && Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
        cells = [];
        column = 0;
      } else if (name === 'c' && cells) {
        const ref = attrs.r === undefined ? null : columnOf(attrs.r);
        column = ref ?? column + 1;
        cellType = attrs.t ?? 'n';
        inCell = true;
        value = '';
      } else if (inCell && name === 'v' && !selfClosing) {
        inValue = true;
      } else if (inCell && name === 'is' && !selfClosing) {
        inline.start();
      }
    },
    close: (name) => {
      if (inline.active) {
        const done = inline.close(name);
        if (done !== null) value = done;
        return;
      }
      if (name === 'v') inValue = false;
      else if (name === 'c' && inCell) {
        endCell();
        inCell = false;
      } else if (name === 'row' && cells) {
        if (cells.some((cell) => cell.trim() !== '')) {
          if (rows.length >= maxRows)
            throw new XlsxError(`The worksheet has more than ${maxRows.toLocaleString('en-NG')} rows; upload at most ${maxRows.toLocaleString('en-NG')}`);
          rows.push({ row: rowNumber, cells });
        }
        cells = null;
      }
    },
    text: (text) => {
      if (inline.active) inline.add(text);
      else if (inValue) value += text;
    },
  });
  return rows.sort((a, b) => a.row - b.row);
}

// ---------------------------------------------------------------- the workbook's parts

interface Relationship {
  id: string;
  type: string;
  target: string;
}

function readRelationships(xml: string): Relationship[] {
  const list: Relationship[] = [];
  scanXml(xml, {
    open: (name, attrs) => {
      if (name === 'Relationship' && attrs.Id && attrs.Target) list.push({ id: attrs.Id, type: attrs.Type ?? '', target: attrs.Target });
    },
  });
  return list;
}

/** A relationship's target as a path in the ZIP: relative to the folder of the part (xl/), or from the root when it starts with '/'. */
function partPath(base: string, target: string): string {
  const segments = target.startsWith('/') ? [] : base.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

/** The relationship id of the first sheet of the workbook (the one a spreadsheet opens on the left). */
function firstSheetId(xml: string): string | null {
  let id: string | null = null;
  let inSheets = false;
  scanXml(xml, {
    open: (name, attrs, selfClosing) => {
      if (name === 'sheets' && !selfClosing) inSheets = true;
      else if (inSheets && name === 'sheet' && id === null) id = attrs.id ?? null;
    },
    close: (name) => {
      if (name === 'sheets') inSheets = false;
    },
  });
  return id;
}

function inflate(bytes: Uint8Array): Record<string, Uint8Array> {
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        const wanted = file.name.startsWith('xl/') && /\.(xml|rels)$/i.test(file.name);
        if (!wanted) return false;
        if (file.originalSize > MAX_PART_BYTES || total + file.originalSize > MAX_TOTAL_BYTES) throw new XlsxError('The workbook is too large to read');
        total += file.originalSize;
        return true;
      },
    });
  } catch (error) {
    if (error instanceof XlsxError) throw error;
    throw new XlsxError(UNREADABLE);
  }
}

function utf8(bytes: Uint8Array): string {
  try {
    // XML parts are UTF-8 (a BOM, if any, is skipped by the decoder)
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new XlsxError(UNREADABLE);
  }
}

/**
 * The rows with a value of the workbook's first worksheet, in order, each with its row number and
 * its cells as text: strings as they are, numbers as Excel shows them ("12.5"), TRUE/FALSE, a
 * formula's last value; an empty or missing cell is ''. Refuses (XlsxError) a file over 2 MB, more
 * than 1,000 rows with a value, or anything that is not an .xlsx workbook.
 */
export function readXlsx(bytes: Uint8Array, options: ReadXlsxOptions = {}): SheetRow[] {
  const maxBytes = options.maxBytes ?? XLSX_MAX_BYTES;
  const maxRows = options.maxRows ?? XLSX_MAX_ROWS;
  if (bytes.length > maxBytes) throw new XlsxError(`The file must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (!isZip(bytes)) throw new XlsxError(UNREADABLE);
  const parts = inflate(bytes);
  const workbook = parts['xl/workbook.xml'];
  if (!workbook) throw new XlsxError(UNREADABLE);
  const relationships = parts['xl/_rels/workbook.xml.rels'] ? readRelationships(utf8(parts['xl/_rels/workbook.xml.rels'])) : [];
  const sheetId = firstSheetId(utf8(workbook));
  const sheetTarget = relationships.find((r) => r.id === sheetId)?.target;
  const sheetPath = sheetTarget ? partPath('xl', sheetTarget) : 'xl/worksheets/sheet1.xml';
  const sheet = parts[sheetPath];
  if (!sheet) throw new XlsxError('The workbook has no worksheet to read');
  const sharedTarget = relationships.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  const sharedPart = parts[sharedTarget ? partPath('xl', sharedTarget) : 'xl/sharedStrings.xml'];
  const shared = sharedPart ? readSharedStrings(utf8(sharedPart)) : [];
  return readWorksheet(utf8(sheet), shared, maxRows);
}

// ---------------------------------------------------------------- writing

export type XlsxCell = string | number | null;

export interface WriteXlsxOptions {
  /** The tab's name (at most 31 characters; characters Excel refuses are replaced). */
  sheetName?: string;
  /** Widths of the first columns, in characters. */
  columnWidths?: number[];
  /** The first row in bold (a header). */
  boldHeader?: boolean;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

/** Text for a `<t>`: an underscore that would read as an escape is escaped, and characters XML cannot hold are written as `_xHHHH_`. */
function cellText(value: string): string {
  const escaped = value
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (ch) => `_x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
  return escapeXml(escaped);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * A workbook of one worksheet holding `rows` (strings inline, numbers as numbers, null empty):
 * the least a spreadsheet program needs to open it, with a bold header row if asked.
 */
export function writeXlsx(rows: XlsxCell[][], options: WriteXlsxOptions = {}): Uint8Array {
  const sheetName =
    (options.sheetName ?? 'Sheet1')
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet1';
  const sheetRows = rows.map((cells, r) => {
    const style = options.boldHeader && r === 0 ? ' s="1"' : '';
    const xml = cells.map((cell, c) => {
      const ref = `${columnName(c + 1)}${r + 1}`;
      if (cell === null || cell === '' || (typeof cell === 'number' && !Number.isFinite(cell))) return '';
      if (typeof cell === 'number') return `<c r="${ref}"${style}><v>${cell}</v></c>`;
      return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${cellText(cell)}</t></is></c>`;
    });
    return `<row r="${r + 1}">${xml.join('')}</row>`;
  });
  const cols = options.columnWidths?.length
    ? `<cols>${options.columnWidths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
        '</workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ),
    'xl/styles.xml': strToU8(
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}">${cols}<sheetData>${sheetRows.join('')}</sheetData></worksheet>`),
  };
  return zipSync(files, { level: 6 });
}
