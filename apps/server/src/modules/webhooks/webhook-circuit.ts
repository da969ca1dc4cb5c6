import { WEBHOOK_PAUSE_AFTER_FAILURES, WEBHOOK_TIMEOUT_SECONDS } from '@portal/contract';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { webhooks } from '../../db/schema';

/** How long a paused webhook rests before a probe: 1 minute, doubling with each failed probe, at most an hour. */
const FIRST_PAUSE_MS = 60_000;
const MAX_PAUSE_MS = 3_600_000;
/** A probe in flight holds the paused webhook this long (its attempt and the writes around it). */
const PROBE_HOLD_MS = (WEBHOOK_TIMEOUT_SECONDS + 20) * 1000;

export const pauseMs = (pauses: number) =>
  Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(Math.max(0, pauses - 1), 20));

/** Whether a delivery may be attempted now: yes (as the probe of a paused webhook or not), or wait. */
export type Gate = { kind: 'send'; probe: boolean } | { kind: 'wait'; until: Date };

/** The circuit of a webhook as a failed attempt left it; `opened` once per outage, when it pauses. */
export type AfterFailure = {
  opened: boolean;
  failures: number;
  failingSince: Date;
  pausedUntil: Date | null;
};

/**
 * The circuit breaker of each webhook, kept on its row so every process sees one state:
 * closed (deliveries go), open after WEBHOOK_PAUSE_AFTER_FAILURES failed attempts in a row
 * (deliveries wait until `paused_until`, they do not fail), then half-open (one probe at a time,
 * claimed in the row; a test event probes at once): a 2xx closes it, a failure pauses it again
 * for twice as long, up to an hour.
 */
export class WebhookCircuit {
  constructor(private readonly db: Db) {}

  async gate(webhookId: number, now: Date, options: { probeNow: boolean }): Promise<Gate> {
    const [row] = await this.db
      .select({ pausedUntil: webhooks.pausedUntil, probeUntil: webhooks.probeUntil })
      .from(webhooks)
      .where(eq(webhooks.id, webhookId));
    if (!row || row.pausedUntil === null) return { kind: 'send', probe: false };
    if (row.pausedUntil > now && !options.probeNow) return { kind: 'wait', until: row.pausedUntil };
    const [claimed] = await this.db
      .update(webhooks)
      .set({ probeUntil: new Date(now.getTime() + PROBE_HOLD_MS) })
      .where(
        and(
          eq(webhooks.id, webhookId),
          isNotNull(webhooks.pausedUntil),
          or(isNull(webhooks.probeUntil), lte(webhooks.probeUntil, now)),
        ),
      )
      .returning({ id: webhooks.id });
    if (claimed) return { kind: 'send', probe: true };
    return { kind: 'wait', until: row.probeUntil && row.probeUntil > now ? row.probeUntil : now };
  }

  /** A 2xx: the circuit closes (one write only when it was not closed already). */
  async succeeded(webhookId: number): Promise<void> {
    await this.db
      .update(webhooks)
      .set({ consecutiveFailures: 0, failingSince: null, pausedUntil: null, pauses: 0, probeUntil: null })
      .where(
        and(
          eq(webhooks.id, webhookId),
          or(gt(webhooks.consecutiveFailures, 0), isNotNull(webhooks.pausedUntil)),
        ),
      );
  }

  /**
   * A failed attempt: counted, and the webhook paused when this one makes the count (or was the
   * probe of a paused webhook). The row is locked meanwhile, so of attempts failing together one
   * opens the circuit.
   */
  async failed(webhookId: number, now: Date, probe: boolean): Promise<AfterFailure | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          failures: webhooks.consecutiveFailures,
          failingSince: webhooks.failingSince,
          pausedUntil: webhooks.pausedUntil,
          pauses: webhooks.pauses,
        })
        .from(webhooks)
        .where(eq(webhooks.id, webhookId))
        .for('update');
      if (!row) return undefined;
      const failures = row.failures + 1;
      const failingSince = row.failingSince ?? now;
      let { pausedUntil, pauses } = row;
      let opened = false;
      if (pausedUntil === null && failures >= WEBHOOK_PAUSE_AFTER_FAILURES) {
        pauses = 1;
        pausedUntil = new Date(now.getTime() + pauseMs(pauses));
        opened = true;
      } else if (pausedUntil !== null && probe) {
        pauses += 1;
        pausedUntil = new Date(now.getTime() + pauseMs(pauses));
      }
      await tx
        .update(webhooks)
        .set({
          consecutiveFailures: failures,
          failingSince,
          pausedUntil,
          pauses,
          ...(probe ? { probeUntil: null } : {}),
        })
        .where(eq(webhooks.id, webhookId));
      return { opened, failures, failingSince, pausedUntil };
    });
  }
}
