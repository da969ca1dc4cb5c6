/**
 * "a, b ，c" -> ['A', 'B', 'C']: split at commas (also the full-width one) and white space,
 * trimmed, upper-cased, without duplicates; the same reading as the server's.
 */
export function parseSerials(input: string): string[] {
  const parts = input.split(/[,，\s]+/).map((sn) => sn.trim().toUpperCase());
  return [...new Set(parts.filter((sn) => sn.length > 0))];
}
