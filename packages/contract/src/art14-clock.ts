/**
 * The CRA Art. 14 reporting clock (Regulation (EU) 2024/2847), as one pure function the server
 * (dashboard, reminders, exports) and the console share. Zod-free.
 *
 * - an actively exploited vulnerability: early warning 24 h after awareness, notification 72 h
 *   after awareness, final report 14 days after a corrective or mitigating measure is available
 *   (Art. 14(2)); without a fix there is no final deadline yet;
 * - a severe incident: early warning 24 h, notification 72 h, final report one month after the
 *   incident notification was submitted (Art. 14(4)(c)); before it is, one month after its due
 *   time (the latest the final report can be due).
 */

export const ART14_KINDS = ['exploitedVulnerability', 'severeIncident'] as const;
export type Art14Kind = (typeof ART14_KINDS)[number];

export const ART14_STAGES = ['earlyWarning', 'notification', 'finalReport'] as const;
export type Art14Stage = (typeof ART14_STAGES)[number];

/**
 * submitted; overdue (due time passed, nothing submitted); dueSoon (within the reminder lead);
 * open (due later); waitingForFix (final report of a vulnerability without a fix yet).
 */
export const ART14_STAGE_STATES = ['submitted', 'overdue', 'dueSoon', 'open', 'waitingForFix'] as const;
export type Art14StageState = (typeof ART14_STAGE_STATES)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const ART14_EARLY_WARNING_MS = 24 * HOUR;
export const ART14_NOTIFICATION_MS = 72 * HOUR;
export const ART14_FINAL_AFTER_FIX_MS = 14 * DAY;

/**
 * How long before each deadline staff are reminded (by mail, once) and the dashboard says "due
 * soon": a quarter of the 24 h, a third of the 72 h, three of the 14 days.
 */
export const ART14_REMINDER_LEAD_MS: Record<Art14Stage, number> = {
  earlyWarning: 6 * HOUR,
  notification: 24 * HOUR,
  finalReport: 3 * DAY,
};

export type Art14ClockInput = {
  kind: Art14Kind;
  awareAt: Date;
  /** When the fix became available to customers (null: not yet). */
  fixAvailableAt: Date | null;
  /** When each stage was submitted (the first submission counts; later ones are updates). */
  submittedAt: Partial<Record<Art14Stage, Date>>;
};

export type Art14StageClock = {
  stage: Art14Stage;
  /** Null only for a vulnerability's final report while no fix is available. */
  dueAt: Date | null;
  submittedAt: Date | null;
  state: Art14StageState;
  /** When the reminder mail is due (null: no deadline yet). */
  remindAt: Date | null;
};

/** The same instant one calendar month later (UTC); the 31st of a shorter month becomes its last day. */
export function addOneMonth(at: Date): Date {
  const next = new Date(at.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function dueOf(stage: Art14Stage, input: Art14ClockInput): Date | null {
  const aware = input.awareAt.getTime();
  if (stage === 'earlyWarning') return new Date(aware + ART14_EARLY_WARNING_MS);
  if (stage === 'notification') return new Date(aware + ART14_NOTIFICATION_MS);
  if (input.kind === 'severeIncident')
    return addOneMonth(input.submittedAt.notification ?? new Date(aware + ART14_NOTIFICATION_MS));
  if (!input.fixAvailableAt) return null;
  return new Date(input.fixAvailableAt.getTime() + ART14_FINAL_AFTER_FIX_MS);
}

/** Each stage's deadline and state at `now`, in the regulation's order. */
export function art14Clock(input: Art14ClockInput, now: Date): Art14StageClock[] {
  return ART14_STAGES.map((stage) => {
    const dueAt = dueOf(stage, input);
    const submittedAt = input.submittedAt[stage] ?? null;
    const remindAt = dueAt && new Date(dueAt.getTime() - ART14_REMINDER_LEAD_MS[stage]);
    let state: Art14StageState;
    if (submittedAt) state = 'submitted';
    else if (!dueAt || !remindAt) state = 'waitingForFix';
    else if (now.getTime() > dueAt.getTime()) state = 'overdue';
    else if (now.getTime() >= remindAt.getTime()) state = 'dueSoon';
    else state = 'open';
    return { stage, dueAt, submittedAt, state, remindAt };
  });
}

/** The stage a case needs next (the first not submitted), or null when all three are in. */
export function nextArt14Stage(clock: Art14StageClock[]): Art14StageClock | null {
  return clock.find((stage) => stage.state !== 'submitted') ?? null;
}
