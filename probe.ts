import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { prepareDataset } from './bench/dataset.ts';
import { freshPostgresDatabase } from './bench/support.ts';
import { exploreCourses } from './server/modules/courses/catalog.ts';

const pgdb = await freshPostgresDatabase('halaqa_probe');
const { handle } = await prepareDataset({ kind: 'postgres', url: pgdb.url }, { uploadsDir: null });
await handle.close();
const log: Array<[number, string, unknown[]]> = [];
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgdb.url, max: 4 }) }), log: (e) => { if (e.level === 'query') log.push([e.queryDurationMillis, e.query.sql, e.query.parameters as unknown[]]); } });
const app = { db } as any;
const viewer = { userId: null, role: null, companyId: null, isStaff: false };
for (const q of [{}, { query: 'data' }, { query: 'zz' }, { page: 400 }]) {
  for (let i = 0; i < 5; i++) { log.length = 0; await exploreCourses(app, viewer, { page: 1, pageSize: 12, ...q } as any); }
  console.log('\n###', JSON.stringify(q), 'total', log.reduce((a, b) => a + b[0], 0).toFixed(1), 'ms');
  for (const [ms, s, p] of log) console.log(ms.toFixed(1).padStart(6), s.slice(0, 400).replace(/\s+/g, ' '), JSON.stringify(p).slice(0, 80));
}
await db.destroy();
await pgdb.drop?.();
