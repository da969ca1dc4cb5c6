import type { DashboardStats, Locale } from '@portal/contract';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions, downloadRecords, loginRecords, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DAY_MS } from '../../lib/clock';

const TOP_ITEMS = 10;

/** The UTC dates of the last `days` days, oldest first, ending today. */
export function windowDates(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Series with a zero for every day without rows, so charts have no holes. */
function fill(dates: string[], rows: { date: string; value: number }[]) {
  const byDate = new Map(rows.map((row) => [row.date, row.value]));
  return dates.map((date) => ({ date, value: byDate.get(date) ?? 0 }));
}

/**
 * Counts for the staff dashboard, grouped by UTC day in the database (one query per series,
 * each on an indexed time column), over a window of `days` days.
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Task backlog, provided by the task engine. */
    private readonly taskBacklog: () => Promise<DashboardStats['taskBacklog']> = async () => ({
      pending: 0,
      running: 0,
      failed: 0,
    }),
  ) {}

  async stats(days: number, locale: Locale): Promise<DashboardStats> {
    const dates = windowDates(this.clock.now(), days);
    const since = new Date(`${dates[0]}T00:00:00Z`);
    const dayOf = (column: typeof downloadRecords.createdAt | typeof loginRecords.createdAt) =>
      sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
    const perDay = async (
      column: typeof downloadRecords.createdAt | typeof loginRecords.createdAt,
      table: typeof downloadRecords | typeof loginRecords,
      where: ReturnType<typeof and>,
    ) =>
      (
        await this.db
          .select({ date: dayOf(column), value: count() })
          .from(table)
          .where(where)
          .groupBy(dayOf(column))
      ).map((row) => ({ date: row.date, value: Number(row.value) }));

    const signIn = (success: number) =>
      and(
        gte(loginRecords.createdAt, since),
        eq(loginRecords.type, 'LOGIN'),
        eq(loginRecords.success, success),
      );
    const [downloads, signIns, failed, top, [userCount], [published], backlog] = await Promise.all([
      perDay(
        downloadRecords.createdAt,
        downloadRecords,
        and(gte(downloadRecords.createdAt, since), eq(downloadRecords.counted, true)),
      ),
      perDay(loginRecords.createdAt, loginRecords, signIn(1)),
      perDay(loginRecords.createdAt, loginRecords, signIn(0)),
      this.db
        .select({
          itemCode: catalogItems.code,
          nameZh: catalogItems.nameZh,
          nameEn: catalogItems.nameEn,
          value: count(),
        })
        .from(downloadRecords)
        .innerJoin(catalogVersions, eq(catalogVersions.id, downloadRecords.versionId))
        .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
        .where(and(gte(downloadRecords.createdAt, since), eq(downloadRecords.counted, true)))
        .groupBy(catalogItems.code, catalogItems.nameZh, catalogItems.nameEn)
        .orderBy(desc(count()), catalogItems.code)
        .limit(TOP_ITEMS),
      this.db.select({ value: count() }).from(users),
      this.db.select({ value: count() }).from(catalogVersions).where(eq(catalogVersions.status, 'published')),
      this.taskBacklog(),
    ]);
    const sum = (rows: { value: number }[]) => rows.reduce((total, row) => total + row.value, 0);
    return {
      downloadsPerDay: fill(dates, downloads),
      signInsPerDay: fill(dates, signIns),
      failedSignInsPerDay: fill(dates, failed),
      topItems: top.map((row) => ({
        itemCode: row.itemCode,
        name: locale === 'zh-CN' ? row.nameZh : row.nameEn,
        value: Number(row.value),
      })),
      totals: {
        downloads: sum(downloads),
        signIns: sum(signIns),
        failedSignIns: sum(failed),
        users: Number(userCount?.value ?? 0),
        publishedVersions: Number(published?.value ?? 0),
      },
      taskBacklog: backlog,
    };
  }
}
