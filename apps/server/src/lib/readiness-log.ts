import type { FastifyBaseLogger } from 'fastify';
import { failureCause, failureCode, failureReason, type FailureCause } from './dependency-failure';

type State = { up: true } | { up: false; cause: FailureCause; errorCode: string | undefined };

/**
 * What the readiness probes saw of each dependency, logged once per change: up to down (a
 * warning saying why: credentials, network, timeout, disk full...), down to up (info), or down
 * for another reason than before. Probes come every few seconds from every load balancer: one
 * line per change, not per probe. Nothing is logged while a dependency stays as it was, nor for a
 * first probe that finds it up.
 */
export class ReadinessLog {
  private readonly states = new Map<string, State>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Records one probe of `dependency`: `failure` is what it failed with, undefined when it answered. */
  observe(dependency: string, failure?: unknown): void {
    const before = this.states.get(dependency);
    if (failure === undefined) {
      this.states.set(dependency, { up: true });
      if (before && !before.up) this.log.info({ dependency }, 'dependency reachable again');
      return;
    }
    const now: State = { up: false, cause: failureCause(failure), errorCode: failureCode(failure) };
    this.states.set(dependency, now);
    if (before && !before.up && before.cause === now.cause && before.errorCode === now.errorCode) return;
    this.log.warn(
      {
        dependency,
        cause: now.cause,
        errorCode: now.errorCode,
        reason: failureReason(failure),
        was: before ? (before.up ? 'up' : before.cause) : 'unknown',
      },
      `readiness: ${dependency} unreachable (${now.cause})`,
    );
  }

  /** A probe of `dependency` for Promise.all: true when it answered, the failure logged on a change. */
  async probe(dependency: string, ping: (onFailure: (error: unknown) => void) => Promise<boolean>) {
    let failure: unknown;
    const up = await ping((error) => (failure = error ?? new Error('probe failed')));
    this.observe(dependency, up ? undefined : (failure ?? new Error('probe failed without a reason')));
    return up;
  }
}
