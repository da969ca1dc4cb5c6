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
  /** audit: every BMC read, and something runs firmware older than its target (nothing vulnerable). */
  outdated: 6,
  /** audit: some BMC could not be read (unreachable, timed out, certificate or password refused). */
  unreachable: 7,
  /** audit: some component runs a version a published security fix concerns (wins over 6 and 7). */
  vulnerable: 8,
  /** update: some update failed, was refused by the BMC, timed out or was not sent (the rest went on). */
  updateFailed: 9,
  /** update: nothing failed, but something is not confirmed yet (no task, activates at the next reset) or held by a prerequisite. */
  updatePending: 10,
  /**
   * audit: every BMC read, nothing vulnerable nor outdated, but some component runs a version an
   * advisory is still investigating (VEX under_investigation, issue 43 §2). Below 8, 7 and 6, which
   * ask for something to be done (an update, a BMC to reach); above 5.
   */
  underInvestigation: 11,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
