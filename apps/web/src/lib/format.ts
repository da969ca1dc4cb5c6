import dayjs, { type ConfigType } from 'dayjs';

/** Spec 9: dates default to this pattern everywhere in the console. */
export const DEFAULT_DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/** API fields often carry numbers as strings (counts, sizes), so both are accepted. */
type NumberLike = number | string | null | undefined;

function toFiniteNumber(value: NumberLike): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Groups the whole part with commas and keeps any fraction as it is (1234567 -> '1,234,567',
 * 1234.5 -> '1,234.5'). Falsy, non-numeric and infinite values give '0' (spec 9 number filter).
 */
export function formatNumber(value: NumberLike): string {
  const number = toFiniteNumber(value);
  if (!number) return '0';
  const sign = number < 0 ? '-' : '';
  const magnitude = Math.abs(number);
  // From 1e21 up String() switches to exponent notation; such numbers are integers anyway.
  const plain = magnitude >= 1e21 ? BigInt(magnitude).toString() : String(magnitude);
  const [whole = '', fraction] = plain.split('.');
  return `${sign}${groupDigits(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Built on first use, not when the module loads: every console page imports this module. */
let moneyFormat: Intl.NumberFormat | undefined;
const moneyFormatter = () =>
  (moneyFormat ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    // 'negative' instead of 'auto' so that -0.001 reads '0.00', not '-0.00'.
    signDisplay: 'negative',
  }));

/**
 * Two decimals with thousands groups: 1234 -> '1,234.00', 1234567.891 -> '1,234,567.89'.
 * Falsy, non-numeric and infinite values give '0.00'. Unlike the filter the spec was
 * written from, integers of four or more digits work.
 */
export function formatMoney(value: NumberLike): string {
  const number = toFiniteNumber(value);
  return moneyFormatter().format(number || 0);
}

/**
 * Formats a date (ISO string, epoch milliseconds, Date or dayjs) in local time. Empty and
 * invalid input gives '' so a table cell stays blank instead of showing 'Invalid Date'.
 */
export function formatDateTime(
  value: ConfigType | null | undefined,
  pattern: string = DEFAULT_DATE_TIME_PATTERN,
): string {
  // dayjs(undefined) means "now"; a missing date must not pretend to be the current time.
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/**
 * Splits into what a reader sees as one character, so an emoji, a flag or a letter with a
 * combining accent is never cut in half. Falls back to code points where Segmenter is missing.
 */
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter() : undefined;

function characters(text: string): string[] {
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Spec 9: a character whose code is above 128 (CJK, emoji, accented) is twice as wide. */
function characterWidth(character: string): number {
  for (const codePoint of character) {
    if ((codePoint.codePointAt(0) ?? 0) > 128) return 2;
  }
  return 1;
}

/** Display width of `text`: 1 per ASCII character, 2 per character above code 128. */
export function textWidth(text: string): number {
  return characters(text).reduce((width, character) => width + characterWidth(character), 0);
}

export interface Ellipsized {
  text: string;
  /** True when `text` was cut and ends with '...'; show the full text in a tooltip then. */
  truncated: boolean;
}

/**
 * Keeps text whose width is at most `maxWidth`; longer text is cut while the running width
 * still fits and gets '...' appended (the dots are not counted, as in the original console).
 */
export function ellipsisByWidth(text: string, maxWidth: number): Ellipsized {
  if (textWidth(text) <= maxWidth) return { text, truncated: false };
  let kept = '';
  let width = 0;
  for (const character of characters(text)) {
    width += characterWidth(character);
    if (width > maxWidth) break;
    kept += character;
  }
  return { text: `${kept}...`, truncated: true };
}
