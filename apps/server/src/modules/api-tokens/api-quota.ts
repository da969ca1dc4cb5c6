import { formatSize, RATE_LIMIT_HEADERS } from '@portal/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { CounterState, RateCounters } from '../../lib/rate-limit/counters';
import type { TokenIdentity } from './api-token.service';
import { DAY_MS } from '../../lib/clock';

const MINUTE_MS = 60_000;

export type QuotaLimits = Pick<
  Config,
  'API_TOKEN_REQUESTS_PER_MINUTE' | 'API_ACCOUNT_REQUESTS_PER_MINUTE' | 'API_ACCOUNT_BYTES_PER_DAY'
>;

/** What a reply to a token request carries: the tighter of the quotas it counted against. */
export type QuotaHeaders = Record<string, string>;

/**
 * Quotas of requests made with personal access tokens: per token and per account requests per
 * minute, per account bytes per day. Counted in the database (RateCounters), so one limit holds
 * across every portal process. Answers `RateLimit-*` headers (draft-ietf-httpapi-ratelimit-headers)
 * and, when over, 429 with `Retry-After`.
 */
export class ApiQuota {
  constructor(
    private readonly counters: RateCounters,
    private readonly limits: QuotaLimits,
  ) {}

  /** Counts one request; throws QUOTA_REQUESTS (429) when the token or its account is over. */
  async chargeRequest(identity: TokenIdentity): Promise<QuotaHeaders> {
    const tokenLimit = this.limits.API_TOKEN_REQUESTS_PER_MINUTE;
    const accountLimit = this.limits.API_ACCOUNT_REQUESTS_PER_MINUTE;
    const [token, account] = await Promise.all([
      this.counters.hit(`quota:token:${identity.tokenId}:rpm`, MINUTE_MS),
      this.counters.hit(`quota:account:${identity.userId}:rpm`, MINUTE_MS),
    ]);
    const tokenLeft = tokenLimit - token.count;
    const accountLeft = accountLimit - account.count;
    const [limit, state] = tokenLeft <= accountLeft ? [tokenLimit, token] : [accountLimit, account];
    const headers = this.headers(limit, state, MINUTE_MS);
    if (state.count > limit)
      throw new AppError('QUOTA_REQUESTS', {
        params: { limit, seconds: this.secondsLeft(state) },
        headers: { ...headers, 'retry-after': String(this.secondsLeft(state)) },
      });
    return headers;
  }

  /**
   * Reserves `bytes` of the account's daily download quota before a download starts; throws
   * QUOTA_BYTES (429) and reserves nothing when they do not fit in what is left today.
   */
  async chargeBytes(userId: number, bytes: number): Promise<void> {
    const limit = this.limits.API_ACCOUNT_BYTES_PER_DAY;
    const key = `quota:account:${userId}:bytes`;
    const state = await this.counters.add(key, bytes, DAY_MS);
    if (state.count <= limit || bytes === 0) return;
    // Give the reservation back: a refused download takes nothing from the day it was charged to.
    await this.counters.giveBack(key, bytes, state);
    const seconds = this.secondsLeft(state);
    throw new AppError('QUOTA_BYTES', {
      params: { limit: formatSize(limit), seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }

  private headers(limit: number, state: CounterState, windowMs: number): QuotaHeaders {
    return {
      [RATE_LIMIT_HEADERS.limit]: String(limit),
      [RATE_LIMIT_HEADERS.remaining]: String(Math.max(0, limit - state.count)),
      [RATE_LIMIT_HEADERS.reset]: String(this.secondsLeft(state)),
      [RATE_LIMIT_HEADERS.policy]: `${limit};w=${windowMs / 1000}`,
    };
  }

  private secondsLeft(state: CounterState): number {
    return Math.max(1, Math.ceil((state.expiresAt.getTime() - this.counters.now().getTime()) / 1000));
  }
}
