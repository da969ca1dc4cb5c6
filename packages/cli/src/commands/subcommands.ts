import { CliError } from '../cli-error.ts';
import type { Context } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import type { MessageKey } from '../i18n.ts';

type Subcommand = (ctx: Context) => Promise<ExitCode>;

/**
 * A command made of subcommands (`fwportal mirror sync`): runs the one its first positional names,
 * or fails with `usage`, the message that lists them. Own keys only, so that `toString` or
 * `constructor` is no subcommand.
 */
export function withSubcommands(subcommands: Readonly<Record<string, Subcommand>>, usage: MessageKey) {
  return async (ctx: Context): Promise<ExitCode> => {
    const name = ctx.positionals[0] ?? '';
    const run = Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
    if (!run) throw new CliError(EXIT.usage, usage);
    return run(ctx);
  };
}
