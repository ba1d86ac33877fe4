import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MessagePort } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';
import type { CellValue } from 'exceljs';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { HttpError, badRequest } from '../../platform/errors.js';

/**
 * The XLSX half of reading a bulk invitation file (./invitation-file.ts), run on a worker thread
 * (./xlsx-worker.mjs): a check of the zip, then the first worksheet read as a stream up to its
 * 1,001st data row.
 */

/** At most 1,000 data rows per bulk invitation file (docs/decisions.md, "Invitations and company members"). */
export const BULK_INVITE_MAX_ROWS = 1000;

/**
 * An XLSX file may unzip to at most 20 MB: 1,000 rows with a few columns, styles and a theme take
 * well under 1 MB, while a 5 MB file of repeated cells unzips to gigabytes (a zip bomb; OWASP File
 * Upload Cheat Sheet: limit the decompressed size).
 */
export const BULK_INVITE_MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;

/** An XLSX has a dozen parts or so; more than this is not a spreadsheet someone wrote. */
const MAX_ZIP_ENTRIES = 1000;

const UNZIPPED_MESSAGE = `The XLSX file unzips to more than ${BULK_INVITE_MAX_UNZIPPED_BYTES / 1024 / 1024} MB`;

/** The worker's answer: the table, or a refusal to answer with. */
export type XlsxReply = { table: string[][] } | { status: number; message: string };

/**
 * A counter of the rows read: true once the table holds the header and 1,001 data rows (blank rows
 * not counted), enough to refuse the file for its 1,000-row limit.
 */
export function rowsEnough(): (cells: string[]) => boolean {
  let filled = 0;
  return (cells) => cells.some((c) => c.trim() !== '') && ++filled > BULK_INVITE_MAX_ROWS + 1;
}

/** Serves the main thread's requests (a temporary file's path) on `port`, one reply each. */
export function serveXlsxRequests(port: MessagePort): void {
  port.on('message', (path: string) => {
    readXlsxTable(path).then(
      (table) => port.postMessage({ table } satisfies XlsxReply),
      (err: unknown) =>
        port.postMessage(
          (err instanceof HttpError
            ? { status: err.statusCode, message: err.message }
            : {
                status: 400,
                message: `The XLSX file could not be read: ${(err as Error).message}`,
              }) satisfies XlsxReply,
        ),
    );
  });
}

/** yauzl's callbacks as promises. */
const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
/** The entry's bytes as stored (inflated here: yauzl's own inflating stream swallows errors on Node 20, and would hang). */
const openRawEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(
      entry,
      (entry.compressionMethod === 8 ? { decompress: false } : {}) as yauzl.ZipFileOptions,
      (err, stream) => (err ? reject(err) : resolve(stream as Readable)),
    ),
  );

/**
 * Checks an XLSX file as a zip (PKWARE APPNOTE) before any spreadsheet parser inflates it:
 * 1. the central directory lists at most {@link MAX_ZIP_ENTRIES} entries whose declared
 *    uncompressed sizes add up to at most {@link BULK_INVITE_MAX_UNZIPPED_BYTES} (read without
 *    inflating anything);
 * 2. every entry's local header agrees with the directory and the entries follow one another with
 *    no bytes between them, so a streaming reader (exceljs reads the local headers in file order)
 *    meets exactly the entries checked here and no hidden one;
 * 3. every entry is inflated and counted: one that inflates to more than it declared is refused,
 *    and the count stops at the cap.
 * @throws 413 over the cap; 400 a damaged or inconsistent zip.
 */
export async function checkZip(path: string): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch (err) {
    throw badRequest(`The XLSX file could not be read: ${(err as Error).message}`);
  }
  // Where the central directory starts: yauzl (2.10, pinned) starts its entry cursor there.
  const directoryAt = (zip as unknown as { readEntryCursor: number }).readEntryCursor;
  try {
    const entries = await new Promise<Entry[]>((resolve, reject) => {
      const list: Entry[] = [];
      let declared = 0;
      zip.on('entry', (entry: Entry) => {
        declared += entry.uncompressedSize;
        if (declared > BULK_INVITE_MAX_UNZIPPED_BYTES) return reject(new HttpError(413, UNZIPPED_MESSAGE));
        if (list.push(entry) > MAX_ZIP_ENTRIES) return reject(new Error('it has too many parts'));
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
          return reject(new Error('a part is compressed in an unknown way'));
        zip.readEntry();
      });
      zip.on('end', () => resolve(list));
      zip.on('error', reject);
      zip.readEntry();
    });
    await checkTiling(path, entries, directoryAt);
    let inflated = 0;
    for (const entry of entries) {
      const raw = await openRawEntry(zip, entry);
      let own = 0;
      // The first refusal is kept: pipeline reports the abort it causes upstream instead.
      let refused: Error | null = null;
      const count = async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          own += chunk.length;
          inflated += chunk.length;
          if (inflated > BULK_INVITE_MAX_UNZIPPED_BYTES) throw (refused = new HttpError(413, UNZIPPED_MESSAGE));
          if (own > entry.uncompressedSize)
            throw (refused = new Error(`${entry.fileName} unzips to more than it declares`));
        }
      };
      try {
        await (entry.compressionMethod === 8 ? pipeline(raw, createInflateRaw(), count) : pipeline(raw, count));
      } catch (err) {
        throw refused ?? err;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(`The XLSX file could not be read: ${(err as Error).message}`);
  } finally {
    zip.close();
  }
}

/** Step 2 of {@link checkZip}: local headers that match the directory and leave no gap. */
async function checkTiling(path: string, entries: Entry[], directoryAt: number): Promise<void> {
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  const fh = await open(path, 'r');
  try {
    let expected = 0;
    let slack = 0;
    for (const entry of sorted) {
      const at = entry.relativeOffsetOfLocalHeader;
      const { buffer, bytesRead } = await fh.read(Buffer.alloc(30), 0, 30, at);
      if (bytesRead < 30 || buffer.readUInt32LE(0) !== 0x04034b50) throw new Error('an entry has no local header');
      const sizesFollow = (buffer.readUInt16LE(6) & 8) !== 0; // sizes in a data descriptor after the data
      const localCompressed = buffer.readUInt32LE(18);
      if (!sizesFollow && localCompressed !== entry.compressedSize && localCompressed !== 0xffffffff)
        throw new Error('an entry’s sizes disagree with the directory');
      // A data descriptor takes 12 to 24 bytes (signature optional, sizes of 4 or 8 bytes).
      if (at < expected || at > expected + slack) throw new Error('bytes outside the listed entries');
      expected =
        at + 30 + buffer.readUInt16LE(26) + buffer.readUInt16LE(28) + entry.compressedSize + (sizesFollow ? 12 : 0);
      slack = sizesFollow ? 12 : 0;
    }
    if (typeof directoryAt === 'number' && (directoryAt < expected || directoryAt > expected + slack))
      throw new Error('bytes outside the listed entries');
  } finally {
    await fh.close();
  }
}

/**
 * Reads an XLSX file's first worksheet into a table of cell texts (row and column numbers kept,
 * from 0), after {@link checkZip}: as a stream (exceljs's WorkbookReader, shared strings cached,
 * styles and hyperlinks ignored) until the table holds 1,001 data rows.
 * @throws 413 over the unzipped cap; 400 a damaged file or one without a worksheet.
 */
export async function readXlsxTable(path: string): Promise<string[][]> {
  await checkZip(path);
  const { default: ExcelJS } = await import('exceljs');
  const input = createReadStream(path);
  const book = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const table: string[][] = [];
  const enough = rowsEnough();
  let sheets = 0;
  try {
    for await (const sheet of book) {
      sheets++;
      for await (const row of sheet) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = cellText(cell.value);
        });
        table[row.number - 1] = Array.from(cells, (c) => c ?? '');
        if (enough(table[row.number - 1])) break;
      }
      break; // the first worksheet only
    }
  } catch (err) {
    throw badRequest(`The XLSX file could not be read: ${(err as Error).message || 'it is damaged'}`);
  } finally {
    input.destroy();
  }
  if (sheets === 0) throw badRequest('The XLSX file has no worksheet');
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
