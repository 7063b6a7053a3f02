/** One record of a CSV file and the line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    public line: number,
  ) {
    super(message);
  }
}

/**
 * Parses CSV text (RFC 4180): fields separated by commas, records by CRLF, LF or CR; a field in
 * double quotes may hold commas, line breaks and doubled quotes (""). A leading byte order mark is
 * dropped. Records that are wholly empty (blank lines) are left out. An unclosed quote, or text
 * right after a closing quote, is a CsvError naming the line.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedField = false;

  const endField = () => {
    fields.push(field);
    field = '';
    quotedField = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '' && !quotedFieldSeen)) records.push({ line: recordLine, fields });
    fields = [];
    quotedFieldSeen = false;
  };
  let quotedFieldSeen = false;

  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' && field === '' && !quotedField) {
      // a quoted field: read to the closing quote
      quotedField = true;
      quotedFieldSeen = true;
      const startLine = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvError(`Line ${startLine}: a quoted value is not closed`, startLine);
        const c = text[i];
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\r' || c === '\n') {
          if (c === '\r' && text[i + 1] === '\n') {
            field += '\r\n';
            i += 2;
          } else {
            field += c;
            i++;
          }
          line++;
          continue;
        }
        field += c;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new CsvError(`Line ${line}: unexpected text after a closing quote`, line);
      }
      continue;
    }
    if (ch === ',') {
      endField();
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (quotedField) throw new CsvError(`Line ${line}: unexpected text after a closing quote`, line);
    field += ch;
    i++;
  }
  if (field !== '' || fields.length > 0 || quotedField) endRecord();
  return records;
}

/** A value for a CSV cell: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
