import { serial, timestamp } from 'drizzle-orm/pg-core';

/*
 * Columns most tables share, written once (drizzle's reusable-column pattern). Each call builds
 * a fresh column: a builder must not be shared between tables.
 */

/** The surrogate key: `id serial PRIMARY KEY`. */
export const idColumn = () => serial('id').primaryKey();

/** When the row was written: `created_at timestamptz NOT NULL DEFAULT now()`. */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
