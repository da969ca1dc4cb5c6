const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in binary units (the console, the task log) with at most one decimal: 1536 -> '1.5 KB', 0 -> '0 B'. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const text = exponent === 0 ? String(bytes) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[exponent]}`;
}
