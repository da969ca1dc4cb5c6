import { ErrorCode } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { DAY_MS, ManualClock } from '../../lib/clock';
import { type CounterState, RateCounters } from '../../lib/rate-limit/counters';
import { openMigratedTestDatabase, DRIVERS } from '../../test/test-app';
import { ApiQuota } from './api-quota';

const LIMIT = 1024;
const USER = 7;

/** Counters whose clock steps `stepMs` after each charge: a charge at the window's last instant. */
class SlowCounters extends RateCounters {
  stepMs = 0;
  constructor(
    db: Database['db'],
    private readonly manualClock: ManualClock,
  ) {
    super(db, manualClock);
  }
  override async add(key: string, amount: number, windowMs: number): Promise<CounterState> {
    const state = await super.add(key, amount, windowMs);
    this.manualClock.advance(this.stepMs);
    return state;
  }
}

describe.each(DRIVERS)('the daily byte quota on %s', (driver) => {
  let database: Database;
  let clock: ManualClock;
  let counters: SlowCounters;
  let quota: ApiQuota;
  beforeEach(async () => {
    database = await openMigratedTestDatabase(driver);
    clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
    counters = new SlowCounters(database.db, clock);
    quota = new ApiQuota(counters, {
      API_TOKEN_REQUESTS_PER_MINUTE: 60,
      API_ACCOUNT_REQUESTS_PER_MINUTE: 60,
      API_ACCOUNT_BYTES_PER_DAY: LIMIT,
    });
  });
  afterEach(() => database.close());

  const refusal = (bytes: number) =>
    quota.chargeBytes(USER, bytes).then(
      () => null,
      (error: { code?: number }) => error.code,
    );

  it('gives a refused download back into the day it was charged to, not the next one', async () => {
    await quota.chargeBytes(USER, 100);
    // The last millisecond of the day: the refusal is charged, and the day is over at the give-back.
    clock.advance(DAY_MS - 1);
    counters.stepMs = 1;
    expect(await refusal(LIMIT)).toBe(ErrorCode.QUOTA_BYTES);
    counters.stepMs = 0;
    // The new day starts at zero, not below it: a full day's bytes and not one more.
    expect(await refusal(LIMIT)).toBeNull();
    expect(await refusal(1)).toBe(ErrorCode.QUOTA_BYTES);
  });

  it('gives a refused download back within its day', async () => {
    await quota.chargeBytes(USER, LIMIT - 10);
    expect(await refusal(11)).toBe(ErrorCode.QUOTA_BYTES);
    expect(await refusal(10)).toBeNull();
    expect(await refusal(1)).toBe(ErrorCode.QUOTA_BYTES);
    clock.advance(DAY_MS);
    expect(await refusal(LIMIT)).toBeNull();
  });
});
