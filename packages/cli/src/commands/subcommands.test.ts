import { describe, expect, it } from 'vitest';
import type { Context } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { withSubcommands } from './subcommands.ts';

/** A command line's positionals: all a dispatch reads of its context. */
const given = (positionals: string[]) => ({ positionals }) as Context;

describe('withSubcommands', () => {
  const mirror = withSubcommands(
    { sync: async () => EXIT.ok, verify: async () => EXIT.verification },
    'usage.mirrorSubcommand',
  );

  it('runs the subcommand the first positional names', async () => {
    await expect(mirror(given(['sync', 'extra']))).resolves.toBe(EXIT.ok);
    await expect(mirror(given(['verify']))).resolves.toBe(EXIT.verification);
  });

  it.each([[[]], [['purge']], [['toString']], [['constructor']]])(
    'refuses %j with the message listing the subcommands',
    async (positionals) => {
      await expect(mirror(given(positionals))).rejects.toMatchObject({
        exitCode: EXIT.usage,
        key: 'usage.mirrorSubcommand',
      });
    },
  );
});
