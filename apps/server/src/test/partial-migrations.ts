import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach } from 'vitest';
import type { Database } from '../db/connection';
import { roles } from '../db/schema';
import { serverRoot } from '../lib/server-root';
import { type Driver, openTestDatabase } from './test-app';

/** The repository's migrations folder. */
export const ALL_MIGRATIONS = path.join(serverRoot, 'drizzle');

/** A copy of the migrations folder whose journal stops at `lastTag` (the database as it was then). */
export function migrationsUpTo(lastTag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(ALL_MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Takes out the built-in roles a later migration brings (0036: `psirt`), which today's seed writes
 * at once: a database seeded before that migration had none of them, so an earlier migration that
 * grants a page to every role holding its parent must not find them.
 */
export async function withoutLaterRoles(database: Database) {
  await database.db.delete(roles).where(inArray(roles.code, ROLES_OF_LATER_MIGRATIONS));
}

/** Built-in roles that a migration, not the first seed, brought to older databases. */
export const ROLES_OF_LATER_MIGRATIONS = ['psirt'];

/** Runs the migrations of `folder` that the database has not had yet, on either driver. */
export async function migrateWith(database: Database, folder: string) {
  // Both drivers' drizzle instances are what Database.migrate() passes to its migrator.
  if (database.driver === 'pglite')
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: folder,
    });
  else
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
}

/**
 * A migration's tests: before each test, an empty database of `driver` (handed to `use`) and a
 * copy of the migrations up to `lastTag`; after it, both are removed. The function returned brings
 * the current test's database up to `lastTag`: what the migration under test finds.
 */
export function databaseBeforeMigration(
  driver: Driver,
  lastTag: string,
  use: (database: Database) => void,
): () => Promise<void> {
  let current: { database: Database; upTo: ReturnType<typeof migrationsUpTo> } | undefined;
  beforeEach(async () => {
    current = { database: await openTestDatabase(driver), upTo: migrationsUpTo(lastTag) };
    use(current.database);
  });
  afterEach(async () => {
    current?.upTo.remove();
    await current?.database.close();
    current = undefined;
  });
  return async () => {
    if (!current) throw new Error('the migrations are for inside a test');
    await migrateWith(current.database, current.upTo.folder);
  };
}
