import type { SelectQueryBuilder } from 'kysely';

/** A page of a list, as the contract's list responses carry it (docs/decisions.md "API conventions"). */
export interface Page<T> {
  items: T[];
  /** Number of items over every page. */
  total: number;
  /** 1-based page number. */
  page: number;
  pageSize: number;
}

/** Escapes LIKE wildcards (`%`, `_`, `\`) in user text and wraps it for a "contains" match. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/**
 * One page of a listing of rows with an `id`: counts the rows `filtered` matches, reads the page's ids
 * from `ordered` (the same filter, selecting `id` in the listing's order), and builds the items from them.
 * @param items builds the page's items from its ids, keeping their order
 */
export async function idPage<DB, TB extends keyof DB, T>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB, TB, { id: number }>,
  q: { page: number; pageSize: number },
  items: (ids: number[]) => Promise<T[]>,
): Promise<Page<T>> {
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$castTo<{ total: number }>() // the generic DB hides the column's type
    .executeTakeFirstOrThrow();
  const rows = await ordered
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { items: await items(rows.map((r) => r.id)), total: Number(total), page: q.page, pageSize: q.pageSize };
}
