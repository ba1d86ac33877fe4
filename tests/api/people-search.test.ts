import { describe, expect, it } from 'vitest';
import { insertLearner } from './course-fixtures.js';
import { req, t, useTestApp } from './card-payments-setup.js';

useTestApp();

/** The e-mails the admin's learners list finds for `query`. */
async function found(query: string): Promise<string[]> {
  const admin = await t.tokenFor('admin@halaqa.test');
  const res = await req('GET', `/api/users/learners?query=${encodeURIComponent(query)}&pageSize=100`, admin);
  expect(res.status).toBe(200);
  return (res.body.data.items as { email: string }[]).map((u) => u.email).sort();
}

describe("the admin's people lists search the e-mail and the name", () => {
  it('finds a learner by a part of the e-mail, the first name, the last name or both names, in any case', async () => {
    await insertLearner(t.db, { email: 'zq.search@people.halaqa.test', firstName: 'Zubayda', lastName: 'Qarmout' });
    await insertLearner(t.db, { email: 'other.search@people.halaqa.test', firstName: 'Nadia', lastName: 'Qarmout' });
    expect(await found('zq.search@')).toEqual(['zq.search@people.halaqa.test']);
    expect(await found('zubayda')).toEqual(['zq.search@people.halaqa.test']);
    expect(await found('QARMOUT')).toEqual(['other.search@people.halaqa.test', 'zq.search@people.halaqa.test']);
    expect(await found('Zubayda Qarm')).toEqual(['zq.search@people.halaqa.test']);
    expect(await found('ayda qarmout')).toEqual(['zq.search@people.halaqa.test']);
    // Nothing spans the e-mail and the name.
    expect(await found('halaqa.test Zubayda')).toEqual([]);
    expect(await found('halaqa.test\nZubayda')).toEqual([]);
    // LIKE's wildcards are searched for as they are.
    expect(await found('zq_search')).toEqual([]);
  });
});
