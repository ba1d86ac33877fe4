import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import Papa from 'papaparse';
import { HttpError, badRequest } from '../../platform/errors.js';
import type { TempFile } from '../../platform/handlers.js';
import { detectType } from '../uploads/service.js';
import type { BulkFileRow } from './invitation-bulk.js';
import { BULK_INVITE_MAX_ROWS, rowsEnough, type XlsxReply } from './xlsx-table.js';

export { BULK_INVITE_MAX_ROWS };

/** A bulk file is at most 5 MB (1,000 rows of e-mail, role and a name fit in far less). */
export const BULK_INVITE_MAX_BYTES = 5 * 1024 * 1024;

const TYPE_MESSAGE = 'File type must be csv, xlsx';

/**
 * Reads a bulk invitation file (POST /users/bulk/invite, product.md#roles partner bulk invites): CSV (UTF-8
 * with or without BOM, comma or semicolon separated, parsed by papaparse) or XLSX (first worksheet,
 * read by exceljs). The type is decided by the bytes (`file-type`, as uploads do), never by the name:
 * XLSX is detected as such; a file with no binary signature must be UTF-8 text and is read as CSV.
 * The first row is the header and must name the columns `email` and `role` (any case, any order;
 * other columns, e.g. an Arabic name, are ignored). Blank rows are skipped; rows keep their number
 * in the file (header = 1).
 *
 * Both kinds are read row by row and stop at the 1,001st data row, so a file of a million rows
 * costs no more than one of 1,001. An XLSX is read on a worker thread ({@link readXlsx}), after a
 * check of the zip that caps what it unzips to at 20 MB (./xlsx-table.ts).
 * @returns the data rows (e-mail and role as written, trimmed)
 * @throws 400 no file, an empty or unreadable file (a broken XLSX, text that is not UTF-8), a header
 *   without `email` or `role`, no data rows, more than 1,000 data rows; 413 over 5 MB, or an XLSX
 *   that unzips to more than 20 MB; 415 another type.
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
  // Row by row (papaparse's step), aborted at the 1,001st data row: the rest of the text is never split.
  const table: string[][] = [];
  const enough = rowsEnough();
  let quoteError: Papa.ParseError | null = null;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';'],
    skipEmptyLines: false,
    step: (result, parser) => {
      quoteError ??= result.errors.find((e) => e.type === 'Quotes') ?? null;
      if (quoteError) return parser.abort();
      const cells = result.data.map((c) => String(c ?? ''));
      table.push(cells);
      if (enough(cells)) parser.abort();
    },
  });
  const failed = quoteError as Papa.ParseError | null;
  if (failed) throw badRequest(`The CSV file could not be read (row ${table.length + 1}: ${failed.message})`);
  return table;
}

/** Memory a worker reading one XLSX file may use (MB): far above what 20 MB of XML needs. */
const XLSX_WORKER_HEAP_MB = 256;

/**
 * Reads an XLSX file's first worksheet ({@link readXlsxTable}) on a worker thread of its own, so that
 * parsing never holds the server's event loop, and a file that would take more memory ends the
 * worker, not the server. The worker is started per file and ended after it (bulk files are rare).
 * @throws the reader's refusals (400, 413) as HttpErrors; 400 when the worker dies.
 */
async function readXlsx(path: string): Promise<string[][]> {
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: XLSX_WORKER_HEAP_MB },
  });
  try {
    const reply = await new Promise<XlsxReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the reader stopped (${code})`)));
      worker.postMessage(path);
    });
    if ('table' in reply) return reply.table;
    throw new HttpError(reply.status, reply.message);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(`The XLSX file could not be read: ${(err as Error).message}`);
  } finally {
    await worker.terminate();
  }
}

function toRows(table: string[][]): BulkFileRow[] {
  const headerAt = table.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerAt < 0) throw badRequest('The file is empty');
  const header = table[headerAt].map((c) =>
    c
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const emailCol = header.indexOf('email');
  const roleCol = header.indexOf('role');
  if (emailCol < 0 || roleCol < 0) throw badRequest('The first row must name the columns "email" and "role"');
  const rows: BulkFileRow[] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const r = table[i];
    if (!r.some((c) => c.trim() !== '')) continue;
    rows.push({ row: i + 1, email: (r[emailCol] ?? '').trim(), role: (r[roleCol] ?? '').trim() });
    if (rows.length > BULK_INVITE_MAX_ROWS)
      throw badRequest(`The file has more than ${BULK_INVITE_MAX_ROWS.toLocaleString('en')} rows`);
  }
  if (rows.length === 0) throw badRequest('The file has no rows to invite');
  return rows;
}
