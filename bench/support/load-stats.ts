import type { Attempt, Kind, Transfer } from './cluster-request';

/** Everything the customers of a cluster bench saw: requests, errors, downloads and tasks. */
export class Stats {
  requests = 0;
  latencies: number[] = [];
  errors = new Map<Kind, number>();
  ops = new Map<string, number>();
  attempts: Attempt[] = [];
  transfers: Transfer[] = [];
  downloadsVerified = 0;
  downloadBytes = 0;
  checksumMismatches = 0;
  completedDownloadRequests = 0;
  resumedDownloads = 0;
  tasks: Array<{ id: number; at: number }> = [];
  tasksRefused = 0;
  signInsFailed = 0;

  error(kind: Kind) {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
  op(name: string) {
    this.ops.set(name, (this.ops.get(name) ?? 0) + 1);
  }
  percentile(p: number) {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length
      ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
      : 0;
  }
  errorCount() {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }
  /** Forgets the sign-ins before a run. */
  reset() {
    this.requests = 0;
    this.latencies = [];
    this.errors.clear();
    this.attempts = [];
  }
}
