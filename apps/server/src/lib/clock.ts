/** Time source; tests pass a controllable one to step over lockouts and expiries. */
/** A day in milliseconds: what the clocks' dates are counted in. */
export const DAY_MS = 86_400_000;

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  constructor(private current = new Date('2026-01-01T00:00:00Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
