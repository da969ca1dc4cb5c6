/**
 * True once a model's end of security support (`YYYY-MM`, CRA Art. 13(19)) has passed: fixes are
 * made through the end of that month (UTC), so from the first instant of the next month on.
 */
export function supportEnded(end: string | null | undefined, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(end ?? '');
  if (!match) return false;
  return now.getTime() >= Date.UTC(Number(match[1]), Number(match[2]), 1);
}
