/** Checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
  ['curl', /^curl\/(\d+)/],
];

/** Checked in order: Android also says "Linux", iOS also says "like Mac OS X". */
const SYSTEMS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/** Longest raw user agent shown when neither browser nor system is recognised. */
const RAW_MAX_LENGTH = 40;

/**
 * A short device label from a User-Agent header, e.g. "Chrome 126 · Windows". Falls back to
 * the start of the raw header; undefined when there is none.
 */
export function describeUserAgent(userAgent: string | null | undefined): string | undefined {
  const raw = userAgent?.trim();
  if (!raw) return undefined;
  const browser = BROWSERS.map(([name, pattern]) => {
    const match = pattern.exec(raw);
    return match ? `${name} ${match[1]}` : undefined;
  }).find(Boolean);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(raw))?.[0];
  const parts = [browser, system].filter(Boolean);
  if (parts.length > 0) return parts.join(' · ');
  return raw.length > RAW_MAX_LENGTH ? `${raw.slice(0, RAW_MAX_LENGTH)}...` : raw;
}
