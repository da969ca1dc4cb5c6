/** Exit codes (documented in README.md): scripts branch on them, so they never change meaning. */
export const EXIT = {
  ok: 0,
  /** Anything else: network, server error, file system. */
  error: 1,
  /** Wrong command line. */
  usage: 2,
  /** Not logged in, token unknown, expired, revoked or missing a scope. */
  auth: 3,
  /** A signature, checksum or size did not match: the file was deleted (download) or is bad (verify). */
  verification: 4,
  /** Done for what exists, but some serial numbers were not found. */
  partial: 5,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
