/**
 * A bench setting from the environment (`BENCH_RUNS=5 npm run bench:web`), or `fallback` when it
 * is unset or empty. A value that is not a number stops the bench with its name: `Number()` alone
 * turned a typo into NaN, and a bench of NaN rounds measured nothing without a word.
 */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name}=${raw}: a number is expected`);
  return value;
}
