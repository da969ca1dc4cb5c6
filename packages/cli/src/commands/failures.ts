import { CliError } from '../cli-error.ts';
import type { Context } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';

/** One version that could not be downloaded or verified, as shown and as reported in --json. */
export type Failure = { versionId: number; message: string; exitCode: ExitCode };

export function failureOf(ctx: Context, versionId: number, reason: unknown): Failure {
  if (reason instanceof CliError)
    return { versionId, message: ctx.t(reason.key, reason.params), exitCode: reason.exitCode };
  return { versionId, message: String(reason), exitCode: EXIT.error };
}

/** A failed verification outranks a refused token, which outranks any other error. */
export function worstExitCode(failures: Failure[]): ExitCode {
  const codes = failures.map((failure) => failure.exitCode);
  if (codes.includes(EXIT.verification)) return EXIT.verification;
  if (codes.includes(EXIT.auth)) return EXIT.auth;
  return EXIT.error;
}
