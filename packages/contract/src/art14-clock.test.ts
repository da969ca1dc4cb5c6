import { describe, expect, it } from 'vitest';
import { addOneMonth, art14Clock, nextArt14Stage } from './art14-clock';

const aware = new Date('2026-11-02T09:30:00Z');
const at = (iso: string) => new Date(iso);
const hoursAfter = (from: Date, hours: number) => new Date(from.getTime() + hours * 3_600_000);

describe('the Art. 14 clock', () => {
  it('an exploited vulnerability: 24 h and 72 h after awareness, the final report 14 days after the fix', () => {
    const fix = at('2026-11-06T12:00:00Z');
    const clock = art14Clock(
      { kind: 'exploitedVulnerability', awareAt: aware, fixAvailableAt: fix, submittedAt: {} },
      aware,
    );
    expect(clock.map((stage) => [stage.stage, stage.dueAt?.toISOString()])).toEqual([
      ['earlyWarning', '2026-11-03T09:30:00.000Z'],
      ['notification', '2026-11-05T09:30:00.000Z'],
      ['finalReport', '2026-11-20T12:00:00.000Z'],
    ]);
    expect(clock.map((stage) => stage.state)).toEqual(['open', 'open', 'open']);
  });

  it('no fix yet: the final report has no deadline and waits for one', () => {
    const [, , final] = art14Clock(
      { kind: 'exploitedVulnerability', awareAt: aware, fixAvailableAt: null, submittedAt: {} },
      hoursAfter(aware, 500),
    );
    expect(final).toMatchObject({ dueAt: null, remindAt: null, state: 'waitingForFix' });
  });

  it('a severe incident: the final report is due one month after the notification went in', () => {
    const notified = at('2026-11-04T08:00:00Z');
    const [, , before] = art14Clock(
      { kind: 'severeIncident', awareAt: aware, fixAvailableAt: null, submittedAt: {} },
      aware,
    );
    // Not submitted yet: one month after the notification's own due time.
    expect(before?.dueAt?.toISOString()).toBe('2026-12-05T09:30:00.000Z');
    const [, notification, after] = art14Clock(
      {
        kind: 'severeIncident',
        awareAt: aware,
        fixAvailableAt: null,
        submittedAt: { notification: notified },
      },
      aware,
    );
    expect(notification?.state).toBe('submitted');
    expect(after?.dueAt?.toISOString()).toBe('2026-12-04T08:00:00.000Z');
  });

  it('states follow the time: open, due soon within the lead, overdue after, submitted whenever it went in', () => {
    const input = {
      kind: 'exploitedVulnerability' as const,
      awareAt: aware,
      fixAvailableAt: null,
      submittedAt: {},
    };
    const state = (hours: number) => art14Clock(input, hoursAfter(aware, hours))[0]?.state;
    expect(state(17.9)).toBe('open');
    expect(state(18)).toBe('dueSoon');
    expect(state(24)).toBe('dueSoon');
    expect(state(24.01)).toBe('overdue');
    const late = art14Clock(
      { ...input, submittedAt: { earlyWarning: hoursAfter(aware, 30) } },
      hoursAfter(aware, 40),
    );
    expect(late[0]?.state).toBe('submitted');
    expect(late[1]?.state).toBe('open');
    expect(late[1]?.remindAt?.toISOString()).toBe('2026-11-04T09:30:00.000Z');
    expect(nextArt14Stage(late)?.stage).toBe('notification');
  });

  it("one calendar month: the 31st becomes the next month's last day, December rolls into January", () => {
    expect(addOneMonth(at('2027-01-31T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addOneMonth(at('2028-01-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addOneMonth(at('2026-12-15T23:59:00Z')).toISOString()).toBe('2027-01-15T23:59:00.000Z');
  });
});
