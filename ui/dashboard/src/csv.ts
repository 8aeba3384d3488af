// CSV as spreadsheets write it (RFC 4180): cells split by a comma, or by a semicolon where the
// spreadsheet's language writes a decimal comma; a quoted cell may hold the separator, line breaks
// and doubled quotes; records end with CRLF or LF. Read in the browser, so a file is checked before
// anything of it is sent.

/** One record: its cells and the line of the text it starts on (from 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A cell separator. */
export type Separator = ',' | ';';

/** The records (blank lines skipped), or why the text is not CSV and on which line. */
export type CsvResult = { ok: true; records: CsvRecord[]; separator: Separator } | { ok: false; line: number; message: string };

/** The separator of the first line: a semicolon when it has semicolons and no comma outside quotes, else a comma. */
export function separatorOf(text: string): Separator {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > 0 && commas === 0 ? ';' : ',';
}

/** A quoted cell from `at` (its opening quote): its text and where it ends, or the line left open. */
function quotedCell(src: string, at: number, line: number): { text: string; end: number; line: number } | { open: number } {
  let text = '';
  let i = at + 1;
  let lines = line;
  for (;;) {
    const c = src[i];
    if (c === undefined) return { open: line };
    if (c === '"') {
      if (src[i + 1] !== '"') return { text, end: i + 1, line: lines };
      text += '"';
      i += 2;
      continue;
    }
    if (c === '\n') lines++;
    text += c;
    i++;
  }
}

/** The records of a CSV text; `separator` is found from the first line unless given. */
export function parseCsv(text: string, separator: Separator = separatorOf(text)): CsvResult {
  const src = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    // A line with nothing on it is no record (a trailing line break, a blank line between rows).
    if (cells.length > 1 || cell !== '' || quoted) records.push({ line: start, cells });
    cells = [];
    cell = '';
    quoted = false;
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '"' && cell === '' && !quoted) {
      const q = quotedCell(src, i, line);
      if ('open' in q) return { ok: false, line: q.open, message: 'A quoted cell is never closed: a quote is missing' };
      const next = src[q.end];
      if (next !== undefined && next !== separator && next !== '\n' && next !== '\r') {
        return { ok: false, line: q.line, message: 'Text follows a closing quote: a quote inside a quoted cell is written twice ("")' };
      }
      cell = q.text;
      quoted = true;
      line = q.line;
      i = q.end;
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
      quoted = false;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
      start = ++line;
    } else if (ch === '"') {
      return { ok: false, line, message: 'A quote inside an unquoted cell: quote the whole cell and write the quote twice ("")' };
    } else {
      cell += ch;
      i++;
    }
  }
  if (cell !== '' || cells.length > 0 || quoted) endRecord();
  return { ok: true, records, separator };
}
