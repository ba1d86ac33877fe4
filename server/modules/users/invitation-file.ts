import { readFile } from 'node:fs/promises';
import type { CellValue } from 'exceljs';
import Papa from 'papaparse';
import { HttpError, badRequest } from '../../platform/errors.js';
import type { TempFile } from '../../platform/handlers.js';
import { detectType } from '../uploads/service.js';
import type { BulkFileRow } from './invitations.js';

/** At most 1,000 data rows per bulk invitation file (issue 12 item 4). */
export const BULK_INVITE_MAX_ROWS = 1000;

/** A bulk file is at most 5 MB (1,000 rows of e-mail, role and a name fit in far less). */
export const BULK_INVITE_MAX_BYTES = 5 * 1024 * 1024;

const TYPE_MESSAGE = 'File type must be csv, xlsx';

/**
 * Reads a bulk invitation file (POST /users/bulk/invite, spec §6 partner bulk invites): CSV (UTF-8
 * with or without BOM, comma or semicolon separated, parsed by papaparse) or XLSX (first worksheet,
 * read by exceljs). The type is decided by the bytes (`file-type`, as uploads do), never by the name:
 * XLSX is detected as such; a file with no binary signature must be UTF-8 text and is read as CSV.
 * The first row is the header and must name the columns `email` and `role` (any case, any order;
 * other columns, e.g. an Arabic name, are ignored). Blank rows are skipped; rows keep their number
 * in the file (header = 1).
 * @returns the data rows (e-mail and role as written, trimmed)
 * @throws 400 no file, an empty or unreadable file (a broken XLSX, text that is not UTF-8), a header
 *   without `email` or `role`, no data rows, more than 1,000 data rows; 413 over 5 MB; 415 another type.
 */
export async function readBulkInviteFile(file: TempFile | undefined): Promise<BulkFileRow[]> {
  if (!file) throw badRequest('Some fields are invalid', [{ path: 'file', message: 'is required' }]);
  if (file.sizeBytes === 0) throw badRequest('The file is empty');
  if (file.sizeBytes > BULK_INVITE_MAX_BYTES) throw new HttpError(413, 'File size must be less than 5 MB');
  const type = await detectType(file.tempPath);
  let table: string[][];
  if (type?.ext === 'xlsx' || type?.ext === 'zip') table = await readXlsx(file.tempPath);
  else if (!type) table = await readCsv(file.tempPath);
  else throw new HttpError(415, TYPE_MESSAGE);
  return toRows(table);
}

async function readCsv(path: string): Promise<string[][]> {
  const bytes = await readFile(path);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('The CSV file must be UTF-8 text');
  }
  if (text.includes('\u0000')) throw new HttpError(415, TYPE_MESSAGE);
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';'], skipEmptyLines: false });
  if (parsed.errors.some((e) => e.type === 'Quotes')) throw badRequest(`The CSV file could not be read (row ${(parsed.errors[0].row ?? 0) + 1}: ${parsed.errors[0].message})`);
  return parsed.data.map((r) => r.map((c) => String(c ?? '')));
}

async function readXlsx(path: string): Promise<string[][]> {
  // exceljs takes seconds to load: loaded on the first XLSX file, not at start.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.readFile(path);
  } catch (err) {
    throw badRequest(`The XLSX file could not be read: ${(err as Error).message || 'it is damaged'}`);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest('The XLSX file has no worksheet');
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    table[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

/** The text of an XLSX cell: strings, numbers, hyperlinks (mailto e-mails), rich text, formulas' results. */
function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if ('text' in v && typeof v.text === 'string') return v.text;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return v.result === undefined ? '' : cellText(v.result as CellValue);
  return '';
}

function toRows(table: string[][]): BulkFileRow[] {
  const headerAt = table.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerAt < 0) throw badRequest('The file is empty');
  const header = table[headerAt].map((c) => c.replace(/^\uFEFF/, '').trim().toLowerCase());
  const emailCol = header.indexOf('email');
  const roleCol = header.indexOf('role');
  if (emailCol < 0 || roleCol < 0) throw badRequest('The first row must name the columns "email" and "role"');
  const rows: BulkFileRow[] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const r = table[i];
    if (!r.some((c) => c.trim() !== '')) continue;
    rows.push({ row: i + 1, email: (r[emailCol] ?? '').trim(), role: (r[roleCol] ?? '').trim() });
    if (rows.length > BULK_INVITE_MAX_ROWS) throw badRequest(`The file has more than ${BULK_INVITE_MAX_ROWS.toLocaleString('en')} rows`);
  }
  if (rows.length === 0) throw badRequest('The file has no rows to invite');
  return rows;
}
