import { readFile } from 'node:fs/promises';
import { CliError } from './cli-error.ts';
import { type Context, listOption, stringOption } from './context.ts';
import { EXIT } from './exit-codes.ts';

/**
 * Serial numbers from `--sn A,B` (repeatable) and `--sn-file FILE` (one or more per line, commas
 * or blanks between, `#` starts a comment), in order, each once.
 */
export async function serialNumbersOf(ctx: Context): Promise<string[]> {
  const sns = listOption(ctx, 'sn');
  const file = stringOption(ctx, 'sn-file');
  if (file) {
    const text = await readFile(file, 'utf8').catch(() => {
      throw new CliError(EXIT.usage, 'usage.unreadableFile', { file });
    });
    for (const line of text.split(/\r?\n/))
      sns.push(
        ...line
          .replace(/#.*/, '')
          .split(/[\s,;]+/)
          .filter(Boolean),
      );
  }
  return [...new Set(sns)];
}
