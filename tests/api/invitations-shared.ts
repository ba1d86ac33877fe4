import ExcelJS from 'exceljs';
import { afterAll, beforeAll } from 'vitest';
import { multipart, startTestApp, type FilePart, type TestApp } from './harness.js';

/**
 * Invitations one at a time and from CSV/XLSX files, the invitation link
 * (preview, accept), withdrawing, and the company's members. The app's clock is movable (`setClock`)
 * to read links as expired.
 */
/** The app under test, started once per test file that imports this module. */
export let t: TestApp;
let clock = new Date();
/**
 * Starts the app before the tests of the file that calls it and closes it after. Each test file
 * calls it: vitest runs the files without isolation, so hooks at this module's top level would
 * reach only the first file that imports it.
 */
export function useTestApp() {
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
}

/** Moves the app's clock (the tests put it back with `setClock(new Date())`). */
export function setClock(now: Date) {
  clock = now;
}

export const NCAI_PARTNER = 'partner@ncai.halaqa.test';
export const MOROCCO_PARTNER = 'partner@morocco.halaqa.test';

export async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  email?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const auth = email ? t.auth(await t.tokenFor(email)) : {};
  const res = await t.app.inject({ method, url, headers: { ...auth, ...headers }, payload: payload as string });
  return { status: res.statusCode, body: res.json() };
}

export async function upload(email: string, file: FilePart) {
  const form = multipart({}, { file });
  return call('POST', '/api/users/bulk/invite', email, form.payload, form.headers);
}

export const csv = (text: string, name = 'people.csv'): FilePart => ({
  filename: name,
  contentType: 'text/csv',
  content: Buffer.from(text, 'utf8'),
});

export async function xlsx(rows: (string | null)[][]): Promise<FilePart> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  for (const r of rows) sheet.addRow(r);
  const content = Buffer.from(await book.xlsx.writeBuffer());
  return {
    filename: 'people.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content,
  };
}

/** The link mailed to an address (the last mail to it), from the outbox. */
export async function mailTo(email: string) {
  await t.app.backgroundSettled(); // invitations are mailed after the answer
  const rows = await t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').execute();
  const mail = rows.find((r) => (r.to_addresses as unknown as string[]).includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  return { subject: mail.subject, body: mail.body, token: token! };
}

export const companyId = async (acronym: string) =>
  (await t.db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
