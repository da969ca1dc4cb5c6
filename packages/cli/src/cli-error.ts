import type { ExitCode } from './exit-codes.ts';
import type { MessageKey, MessageParams } from './i18n.ts';

/** The one error type of the CLI: a message key (shown in the user's language) and the exit code. */
export class CliError extends Error {
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly exitCode: ExitCode;

  constructor(exitCode: ExitCode, key: MessageKey, params: MessageParams = {}) {
    super(key);
    this.exitCode = exitCode;
    this.key = key;
    this.params = params;
  }
}
