import type { ColumnType } from 'kysely';

/** Column types shared by the tables of server/db/tables/ (server/db/types.ts is their index). */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns are read as 'YYYY-MM-DD' strings (see the type parsers in database.ts). */
export type DateOnly = ColumnType<string, string, string>;
export type Json<T> = ColumnType<T, string, string>;
