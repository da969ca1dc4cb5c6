import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { Context } from './context.ts';

/**
 * Asks on the terminal (the question on stderr, so stdout stays the command's output). With
 * `hidden` nothing typed is echoed: the password never shows on screen or in a recording.
 */
export async function ask(ctx: Context, question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) ctx.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: ctx.stdin, output, terminal: true });
  try {
    ctx.stderr.write(question);
    muted = hidden;
    const answer = await lines.question('');
    if (hidden) ctx.stderr.write('\n');
    return hidden ? answer : answer.trim();
  } finally {
    lines.close();
  }
}

/** The first line of stdin (`--token-stdin`), without its line end. */
export async function firstLineOfStdin(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}
