import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, multipart, startTestApp, type FilePart, type TestApp } from './harness.js';

/**
 * Bulk invitation files that are too big to read whole: a spreadsheet of many rows is read as a
 * stream and refused at its 1,001st row while the server keeps answering, and a zip bomb (an XLSX
 * whose contents unzip to far more than the file) is refused before it is inflated.
 */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  dir = await mkdtemp(join(tmpdir(), 'halaqa-xlsx-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const PARTNER = 'partner@ncai.halaqa.test';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(file: FilePart) {
  const form = multipart({}, { file });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/bulk/invite',
    headers: { ...t.auth(await t.tokenFor(PARTNER)), ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as { message?: string } };
}

/** An XLSX of `rows` data rows written by exceljs's streaming writer (inline strings, as large exports are). */
async function bigXlsx(rows: number): Promise<FilePart> {
  const path = join(dir, `big-${rows}.xlsx`);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('People');
  sheet.addRow(['email', 'role']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([`p${i}@example.org`, 'LEARNER']).commit();
  sheet.commit();
  await book.commit();
  return { filename: 'people.xlsx', contentType: XLSX_TYPE, content: await readFile(path) };
}

/**
 * A zip file (PKWARE APPNOTE 4.3) of deflated entries, written by hand so that the sizes its
 * directory declares can lie: `declare` replaces an entry's uncompressed size in both headers.
 */
function zip(entries: Array<{ name: string; data: Buffer; declare?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const size = e.declare ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(e.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a minimal XLSX, with `sheet` as the first worksheet's XML. */
function xlsxParts(sheet: Buffer, declare?: number) {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declare },
  ];
}

/** A worksheet of a header and `padding` bytes of blank space (deflates ~1000:1). */
const paddedSheet = (padding: number) =>
  Buffer.concat([
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>email</t></is></c><c r="B1" t="inlineStr"><is><t>role</t></is></c></row>',
    ),
    Buffer.alloc(padding, ' '),
    Buffer.from('</sheetData></worksheet>'),
  ]);

describe('POST /users/bulk/invite with a large spreadsheet', () => {
  it('refuses 100,000 rows at the 1,001st (400) writing nothing, while /api/health answers within 200 ms', async () => {
    const file = await bigXlsx(100_000);
    const before = await countRows(t.db, 'invitations');
    // A client asks every 20 ms; each answer is timed from when it was asked for, so a blocked
    // event loop (which delays the asking too, in process) counts against the answer.
    const probe = async (until: () => boolean) => {
      const latencies: number[] = [];
      while (!until()) {
        const due = performance.now() + 20;
        await new Promise((r) => setTimeout(r, 20));
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        latencies.push(performance.now() - due);
      }
      return Math.max(...latencies);
    };
    // What a busy test machine alone costs an answer (its worst over 2 s), measured first: the
    // margin for CI, twice over (the machine these tests were written on ran at a load of 20).
    const idleUntil = performance.now() + 2000;
    const idle = await probe(() => performance.now() > idleUntil);
    let uploading = true;
    const during = probe(() => !uploading);
    const res = await upload(file);
    uploading = false;
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file has more than 1,000 rows');
    expect(await countRows(t.db, 'invitations')).toBe(before);
    // Before the reader streamed on a worker thread, one answer waited for the whole parse (8 s).
    expect(await during).toBeLessThan(200 + 2 * idle);
  }, 120_000);

  it('refuses a zip bomb by the sizes its directory declares (413), before inflating it', async () => {
    const bomb = zip(xlsxParts(paddedSheet(40 * 1024 * 1024)));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload({ filename: 'people.xlsx', contentType: XLSX_TYPE, content: bomb });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The XLSX file unzips to more than 20 MB');
  });

  it('refuses a zip bomb whose directory understates its sizes, once the inflated bytes pass what it declared (400)', async () => {
    const liar = zip(xlsxParts(paddedSheet(40 * 1024 * 1024), 1000));
    const res = await upload({ filename: 'people.xlsx', contentType: XLSX_TYPE, content: liar });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The XLSX file could not be read/);
  });

  it('still reads a hand-made XLSX whose sizes are honest', async () => {
    const sheet = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        '<row r="1"><c r="A1" t="inlineStr"><is><t>email</t></is></c><c r="B1" t="inlineStr"><is><t>role</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>handmade@example.org</t></is></c><c r="B2" t="inlineStr"><is><t>LEARNER</t></is></c></row>' +
        '</sheetData></worksheet>',
    );
    const res = await upload({ filename: 'people.xlsx', contentType: XLSX_TYPE, content: zip(xlsxParts(sheet)) });
    expect(res.status).toBe(201);
  });

  it('refuses a CSV of more than 1,000 rows at the 1,001st, however long it is', async () => {
    const text = 'email,role\n' + Array.from({ length: 150_000 }, (_, i) => `c${i}@example.org,LEARNER`).join('\n');
    expect(text.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload({ filename: 'people.csv', contentType: 'text/csv', content: Buffer.from(text) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file has more than 1,000 rows');
  });
});
