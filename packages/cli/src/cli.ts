import { parseArgs } from 'node:util';
import { CliError } from './cli-error.ts';
import { COMMANDS } from './commands/index.ts';
import { versionLine } from './commands/version.ts';
import { ALL_OPTIONS, GLOBAL_OPTIONS } from './commands/options.ts';
import { configDirOf } from './config-store.ts';
import type { Context, OptionValues } from './context.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { type Locale, localeOf, type Translate, translator } from './i18n.ts';

export type CliIo = Pick<Context, 'env' | 'stdin' | 'stdout' | 'stderr'> & { argv: string[] };

/** `--lang` read before the real parse, so even a usage error speaks the user's language. */
function earlyLocale(argv: string[], env: NodeJS.ProcessEnv): Locale {
  const index = argv.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
  const flag = index < 0 ? undefined : (argv[index]?.split('=')[1] ?? argv[index + 1]);
  return localeOf(flag, env) ?? localeOf(undefined, env) ?? 'en-US';
}

function helpText(t: Translate): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  ${name.padEnd(width)}  ${t(command.summary)}`,
  );
  return `${t('help.usage')}\n\n${t('help.commands')}\n${lines.join('\n')}\n\n${t('help.more')}\n`;
}

/** Parses the command line and runs the command; the exit code is returned, never thrown. */
export async function runCli(io: CliIo): Promise<ExitCode> {
  // `--version` is also `licence --version X`: alone, before any command, it asks for ours.
  if (io.argv.length === 1 && (io.argv[0] === '--version' || io.argv[0] === '-V')) {
    io.stdout.write(versionLine());
    return EXIT.ok;
  }
  let t = translator(earlyLocale(io.argv, io.env));
  try {
    const { values, positionals } = (() => {
      try {
        return parseArgs({ args: io.argv, options: ALL_OPTIONS, allowPositionals: true, strict: true });
      } catch (error) {
        throw new CliError(EXIT.usage, 'usage.parse', { reason: (error as Error).message });
      }
    })();
    const locale = localeOf(values.lang, io.env);
    if (!locale) throw new CliError(EXIT.usage, 'usage.badLang', { lang: String(values.lang) });
    t = translator(locale);
    const [name, ...rest] = positionals;
    if (name === undefined || name === 'help' || values.help) {
      (name === undefined && !values.help ? io.stderr : io.stdout).write(helpText(t));
      return name === undefined && !values.help ? EXIT.usage : EXIT.ok;
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) throw new CliError(EXIT.usage, 'usage.unknownCommand', { command: name });
    for (const option of Object.keys(values))
      if (
        !(GLOBAL_OPTIONS as readonly string[]).includes(option) &&
        !(command.options as string[]).includes(option)
      )
        throw new CliError(EXIT.usage, 'usage.unknownOption', { option: `--${option}`, command: name });
    return await command.run({
      ...io,
      positionals: rest,
      values: values as OptionValues,
      locale,
      t,
      json: values.json === true,
      configDir: configDirOf(io.env),
    });
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`fwportal: ${t(error.key, error.params)}\n`);
      if (error.exitCode === EXIT.usage) io.stderr.write(`${t('help.hint')}\n`);
      return error.exitCode;
    }
    io.stderr.write(`fwportal: ${t('error.unexpected', { message: (error as Error).message })}\n`);
    return EXIT.error;
  }
}
