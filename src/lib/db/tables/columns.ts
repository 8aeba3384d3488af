import type { ColumnType } from 'kysely';

/** NUMERIC columns come back as exact decimal strings; bigint or string goes in. */
export type Numeric = ColumnType<string, string | bigint, string | bigint>;
export type NullableNumeric = ColumnType<string | null, string | bigint | null, string | bigint | null>;
/** Timestamps come back as Date; Date or ISO string goes in. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
