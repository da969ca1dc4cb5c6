import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/connection';
import type { JobOutcome, QueueDepth } from '../jobs/job-queue';

export type MetricsSources = {
  database: Pick<Database, 'poolStats' | 'driver' | 'connectionErrors'>;
  queueDepth(): Promise<QueueDepth[]>;
  /** Mails waiting in the mail queue (modules/mail) and when the oldest was written. */
  mailBacklog(): Promise<{ queued: number; oldestCreatedAt: Date | null }>;
};

/** Seconds: a catalogue list answers in milliseconds, a large download takes minutes. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

let processMetrics: Registry | undefined;

/**
 * Node's own figures (memory, event loop, GC, handles), made once per process: they belong to the
 * process, not to an app. One set per app kept every app a test process built alive: the GC
 * histogram's PerformanceObserver is never disconnected, and held the app's registry, its gauges'
 * sources and so the whole app (a worker's heap grew to ~1 GB, late tests ran up to 10x slower).
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * A gauge without labels, read at each scrape, whose value can be unknown (the database away).
 * prom-client always answers such a gauge with a value, 0 after a reset: this one leaves the
 * sample out instead, so an alert on it sees "no data" during an outage, never an empty queue.
 */
class GaugeOrNothing extends Gauge {
  private readonly state: { known: boolean };

  constructor(config: {
    name: string;
    help: string;
    registers: Registry[];
    /** Rejects when the value cannot be known (the database away). */
    read: () => Promise<number>;
  }) {
    const state = { known: false };
    const { read, ...gauge } = config;
    super({
      ...gauge,
      async collect() {
        const value = await read().catch(() => null);
        state.known = value !== null;
        if (value !== null) this.set(value);
      },
    });
    this.state = state;
  }

  override async get() {
    const metric = await super.get();
    return this.state.known ? metric : { ...metric, values: [] };
  }
}

/**
 * The portal's Prometheus metrics: the app's in a registry of its own (tests build several apps in
 * one process; prom-client's global registry would mix them), the process's beside them (see
 * processRegistry). Names follow Prometheus practice: `_total` counters, `_seconds` and `_bytes`
 * units, labels of bounded cardinality only (the route's pattern, never its URL; no user ids).
 */
export class PortalMetrics {
  private readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly downloads: Counter<'status'>;
  private readonly downloadBytes: Counter;
  private readonly jobs: Counter<'queue' | 'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    // The process's figures start with its first app (event-loop lag is sampled from then on).
    processRegistry();
    this.requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from request to the last byte of the answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.downloads = new Counter({
      name: 'portal_downloads_total',
      help: 'Download requests ended, by how they ended (success, partial, aborted, failed)',
      labelNames: ['status'],
      registers,
    });
    this.downloadBytes = new Counter({
      name: 'portal_download_bytes_total',
      help: 'Bytes of published files sent by this process (presigned redirects not included)',
      registers,
    });
    this.jobs = new Counter({
      name: 'portal_job_attempts_total',
      help: 'Background job attempts run by this process, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      registers,
    });
    new Gauge({
      name: 'portal_job_queue_jobs',
      help: 'Jobs in the shared queue now, by queue and state (queued, active, deferred)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        // With the database away the queue cannot be counted: the gauge is left out, the scrape still works.
        for (const depth of await sources.queueDepth().catch(() => [])) {
          this.set({ queue: depth.queue, state: 'queued' }, depth.queued);
          this.set({ queue: depth.queue, state: 'active' }, depth.active);
          this.set({ queue: depth.queue, state: 'deferred' }, depth.deferred);
        }
      },
    });
    // One query for both mail gauges: a scrape collects its metrics at once, so the second read
    // takes the first's answer while it is in flight.
    let backlogInFlight: ReturnType<MetricsSources['mailBacklog']> | null = null;
    const mailBacklog = () =>
      (backlogInFlight ??= sources.mailBacklog().finally(() => {
        backlogInFlight = null;
      }));
    // With the database away these two are left out (GaugeOrNothing), the scrape still works.
    new GaugeOrNothing({
      name: 'portal_mail_queued',
      help: 'Mails written but not yet taken by the SMTP server (retried with backoff); all processes',
      registers,
      read: async () => (await mailBacklog()).queued,
    });
    new GaugeOrNothing({
      name: 'portal_mail_oldest_queued_seconds',
      help: 'Age of the oldest mail still queued (0 when none): how long the mail server has not been taking mail',
      registers,
      read: async () => {
        const oldest = (await mailBacklog()).oldestCreatedAt;
        return oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0;
      },
    });
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Connections of the PostgreSQL request pool by state (total, idle, waiting clients, max); absent on PGlite',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources.database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Counter({
      name: 'portal_db_connection_errors_total',
      help: 'PostgreSQL connections the server ended or this process lost (restart, failover, network); each is replaced on the next query',
      registers,
      collect() {
        this.reset();
        this.inc(sources.database.connectionErrors());
      },
    });
  }

  /** The scrape: the process's figures and the app's, in the text format. */
  text(): Promise<string> {
    return Registry.merge([processRegistry(), this.registry]).metrics();
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  download(status: string, bytes: number): void {
    this.downloads.inc({ status });
    if (bytes > 0) this.downloadBytes.inc(bytes);
  }

  job(queue: string, outcome: JobOutcome): void {
    this.jobs.inc({ queue, outcome });
  }
}
