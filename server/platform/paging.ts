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
