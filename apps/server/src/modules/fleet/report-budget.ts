import { AppError } from '../../lib/app-error';
import type { CounterState, RateCounters } from '../../lib/rate-limit/counters';
import { DAY_MS } from '../../lib/clock';

/**
 * The component readings one account may report per day (INVENTORY_REPORT_BUDGET_PER_DAY), over
 * the API, applied uploads and `fwportal audit` alike (issue 40). Counted in the database
 * (RateCounters), so the budget holds across every portal process; the day runs from the
 * account's first report, as the download quota's does.
 */
export class ReportBudget {
  constructor(
    private readonly counters: RateCounters,
    private readonly linesPerDay: number,
  ) {}

  /**
   * Takes `lines` from the account's day; throws INVENTORY_REPORT_BUDGET (429 with Retry-After)
   * and takes nothing when they do not fit in what is left. Answers what to hand `giveBack` when
   * the report is not stored after all.
   */
  async charge(userId: number, lines: number): Promise<CounterState | undefined> {
    if (lines === 0) return undefined;
    const key = this.keyOf(userId);
    const state = await this.counters.add(key, lines, DAY_MS);
    if (state.count <= this.linesPerDay) return state;
    // A refused report takes nothing: what is left of the day stays for a smaller one.
    await this.counters.giveBack(key, lines, state);
    const seconds = Math.max(
      1,
      Math.ceil((state.expiresAt.getTime() - this.counters.now().getTime()) / 1000),
    );
    throw new AppError('INVENTORY_REPORT_BUDGET', {
      params: { limit: this.linesPerDay, seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }

  /** Gives back what `charge` took for a report that was not stored (its transaction failed). */
  async giveBack(userId: number, lines: number, charged: CounterState | undefined): Promise<void> {
    if (charged) await this.counters.giveBack(this.keyOf(userId), lines, charged);
  }

  private keyOf(userId: number): string {
    return `quota:account:${userId}:inventory-lines`;
  }
}
