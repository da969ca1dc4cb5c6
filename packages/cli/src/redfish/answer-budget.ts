import { RedfishError } from './redfish-error.ts';

/** Answers bigger than this are refused: a Redfish resource is a few kB, a big collection a few MB. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/**
 * All answers of one client together: a hostile BMC could otherwise list a thousand members of
 * 16 MiB each. A whole audit of a big server reads well under 2 MiB; an update's task polls a few
 * kB each.
 */
export const MAX_SESSION_ANSWER_BYTES = 64 * 1024 * 1024;

/** The bytes one client has been sent, against what all its answers together may hold. */
export class AnswerBudget {
  private readonly host: string;
  private readonly limitBytes: number;
  private received = 0;

  constructor(host: string, limitBytes = MAX_SESSION_ANSWER_BYTES) {
    this.host = host;
    this.limitBytes = limitBytes;
  }

  add(bytes: number): void {
    this.received += bytes;
  }

  /** True once the BMC has sent more than its budget: it is asked nothing more. */
  get spent(): boolean {
    return this.received > this.limitBytes;
  }

  error(path: string): RedfishError {
    return new RedfishError('answer', 'redfish.overBudget', {
      host: this.host,
      path,
      mib: Math.round(this.limitBytes / 1024 / 1024),
    });
  }
}
