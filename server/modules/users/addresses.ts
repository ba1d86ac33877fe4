import type { Selectable } from 'kysely';
import type { AddressesTable } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';

/** The contract's Address. */
const toAddress = (r: Selectable<AddressesTable>) => ({
  id: r.id,
  line1: r.line1,
  line2: r.line2,
  city: r.city,
  state: r.state,
  postalCode: r.postal_code,
  country: r.country,
  isDefault: r.is_default,
});

/** GET /users/me/addresses: the default first, then newest. */
export async function listMyAddresses(app: AppContext, caller: Caller) {
  const rows = await app.db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', caller.userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAddress);
}

/** POST /users/me/addresses: adds an address; the first one, or one marked `isDefault`, becomes the default. */
export async function createMyAddress(
  app: AppContext,
  caller: Caller,
  input: {
    line1: string;
    line2?: string | null;
    city: string;
    state?: string | null;
    postalCode: string;
    country: string;
    isDefault?: boolean;
  },
) {
  return app.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', caller.userId).forUpdate().execute();
    const count = (await trx.selectFrom('addresses').select('id').where('user_id', '=', caller.userId).execute())
      .length;
    const isDefault = input.isDefault === true || count === 0;
    if (isDefault)
      await trx.updateTable('addresses').set({ is_default: false }).where('user_id', '=', caller.userId).execute();
    const row = await trx
      .insertInto('addresses')
      .values({
        user_id: caller.userId,
        line1: input.line1.trim(),
        line2: input.line2?.trim() || null,
        city: input.city.trim(),
        state: input.state?.trim() || null,
        postal_code: input.postalCode.trim(),
        country: input.country,
        is_default: isDefault,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}
