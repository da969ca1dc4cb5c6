import { CliError } from './cli-error.ts';
import { EXIT } from './exit-codes.ts';
import type { Locale, MessageKey, MessageParams, Translate } from './i18n.ts';

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** What every command is given: the parsed command line, the environment, the user's language. */
export type Context = {
  positionals: string[];
  values: OptionValues;
  env: NodeJS.ProcessEnv;
  locale: Locale;
  t: Translate;
  /** Machine-readable stdout (--json): one JSON document, nothing else. */
  json: boolean;
  configDir: string;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
};

/** A line for the user on stdout (never in --json mode, whose stdout is the JSON document). */
export function say(ctx: Context, key: MessageKey, params?: MessageParams): void {
  if (!ctx.json) ctx.stdout.write(`${ctx.t(key, params)}\n`);
}

/** A note on stderr: always allowed, even with --json. */
export function note(ctx: Context, key: MessageKey, params?: MessageParams): void {
  ctx.stderr.write(`${ctx.t(key, params)}\n`);
}

/**
 * Characters JSON.stringify leaves raw though a terminal obeys them, they reorder a line or are
 * not seen: C1 controls (an 8-bit CSI), bidi controls, zero-width characters, line and paragraph
 * separators. They can only stand inside strings of the document, where a \u escape is the same value.
 */
const JSON_RAW_CONTROLS =
  /[\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\u2028\u2029\ufeff]/g;

/** The document on stdout, with what a BMC or the portal sent escaped, never obeyed by the terminal. */
export function printJson(ctx: Context, value: unknown): void {
  const text = String(JSON.stringify(value, null, 2)).replace(
    JSON_RAW_CONTROLS,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  ctx.stdout.write(`${text}\n`);
}

export const stringOption = (ctx: Context, name: string): string | undefined => {
  const value = ctx.values[name];
  return typeof value === 'string' ? value : undefined;
};

/** Repeated and comma-separated values (`--sn A,B --sn C`), in order. */
export const listOption = (ctx: Context, name: string): string[] => {
  const value = ctx.values[name];
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return raw
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
};

/** `--name N`: a whole number from 1 to `max`, else a usage error. */
export function positiveInteger(ctx: Context, name: string, fallback: number, max = 2 ** 31 - 1): number {
  const text = stringOption(ctx, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new CliError(EXIT.usage, 'usage.badNumber', { option: `--${name}`, max });
  return value;
}
