import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '@portal/contract/message-template';
import { catalogues, isMessageKey } from './messages';

const SERVER_SOURCE = join(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text between the bracket at `open` and the one closing it. */
function enclosed(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, index);
    }
  }
  return '';
}

/** The placeholders of a message key's English text (the same reading fillMessage makes). */
const placeholdersOfKey = (key: string) =>
  isMessageKey(key) ? placeholdersOf(catalogues['en-US'][key]) : [];

/**
 * Issue 40 §3: the 404 of an unknown SN read "序列号 {sn} 不存在", a CSAF path "URL does not exist:
 * {path}": thrown without the params their message names. Every `new AppError('KEY')` whose
 * message has placeholders must pass params (or fields, whose reasons fill `{detail}`), and a
 * field reason given without params must have none.
 */
describe('messages with placeholders are thrown with their params', () => {
  const files = sourceFiles(SERVER_SOURCE).map((path) => ({
    path: relative(SERVER_SOURCE, path),
    text: readFileSync(path, 'utf8'),
  }));

  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.text.includes("new AppError('SN_NOT_FOUND'"))).toBe(true);
  });

  it('every new AppError with a placeholder message passes params', () => {
    const missing: string[] = [];
    for (const { path, text } of files)
      for (const match of text.matchAll(/new AppError\(/g)) {
        const args = enclosed(text, match.index + match[0].length - 1);
        // The message shown is that of `messageKey` when one is given (not checked when computed).
        const shown = /\bmessageKey\b/.test(args)
          ? /messageKey:\s*'([A-Z0-9_]+)'/.exec(args)?.[1]
          : /^\s*'([A-Z0-9_]+)'/.exec(args)?.[1];
        if (!shown || placeholdersOfKey(shown).length === 0) continue;
        if (!/\b(params|fields)\b/.test(args)) missing.push(`${path}: ${shown}`);
      }
    expect(missing).toEqual([]);
  });

  it('a field reason given without params has no placeholder', () => {
    const wrong: string[] = [];
    for (const { path, text } of files)
      for (const match of text.matchAll(/AppError\.invalidFields\(/g)) {
        const args = enclosed(text, match.index + match[0].length - 1);
        for (const reason of args.matchAll(/messageKey:\s*'([A-Z0-9_]+)'(?:(?!messageKey:)[\s\S])*/g))
          // What follows the key up to the next one: its own problem's params, when it has any.
          if (placeholdersOfKey(reason[1]!).length > 0 && !/\bparams:/.test(reason[0]))
            wrong.push(`${path}: ${reason[1]}`);
      }
    expect(wrong).toEqual([]);
  });
});
