import { Resolver } from 'node:dns';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './lib/server-root';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `a, b,,c` -> ['a', 'b', 'c']: the comma-separated lists of several variables. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export const TASK_TYPES_TIMED = ['LIST_MIRROR_SN', 'LIST_MIRROR_PN', 'PACKAGE_LIVE_CD'] as const;
type TimedTaskType = (typeof TASK_TYPES_TIMED)[number];
const DEFAULT_TASK_TIMEOUTS: Record<TimedTaskType, number> = {
  LIST_MIRROR_SN: 900,
  LIST_MIRROR_PN: 900,
  PACKAGE_LIVE_CD: 3600,
};
const MAX_TASK_TIMEOUT = 24 * 3600;

/** TASK_TIMEOUT_SECONDS: `600` (every type) or `PACKAGE_LIVE_CD=7200,LIST_MIRROR_SN=600`. */
const taskTimeouts = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const timeouts = { ...DEFAULT_TASK_TIMEOUTS };
    if (value === undefined) return timeouts;
    const seconds = (text: string) => {
      const n = Number(text);
      return Number.isInteger(n) && n >= 1 && n <= MAX_TASK_TIMEOUT ? n : null;
    };
    const all = seconds(value.trim());
    if (all !== null) return Object.fromEntries(TASK_TYPES_TIMED.map((t) => [t, all])) as typeof timeouts;
    for (const pair of value.split(',')) {
      const [type, text] = pair.split('=').map((part) => part.trim());
      const n = seconds(text ?? '');
      if (!TASK_TYPES_TIMED.includes(type as TimedTaskType) || n === null) {
        ctx.addIssue({
          code: 'custom',
          message: `expected seconds (1-${MAX_TASK_TIMEOUT}) or TYPE=seconds pairs of ${TASK_TYPES_TIMED.join(', ')}; got "${pair}"`,
        });
        return z.NEVER;
      }
      timeouts[type as TimedTaskType] = n;
    }
    return timeouts;
  });

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For): `off`, a hop count (`1`: the
 * one load balancer in front), or a comma-separated list of proxy addresses/CIDRs. `on` means
 * one hop. Never "every hop": a client could then name any address and slip past the limits.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (['off', 'false', '0'].includes(value)) return false;
    if (['on', 'true'].includes(value)) return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 16) return hops;
    }
    const list = value.split(',').map((entry) => entry.trim());
    if (list.every((entry) => isIP(entry.split('/')[0] ?? '') !== 0)) return list;
    context.addIssue({
      code: 'custom',
      message: 'must be off, a hop count (1-16) or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

/** Whether Resolver.setServers takes these (addresses, with ports where given). */
function areNameServers(servers: string[]): boolean {
  try {
    new Resolver().setServers(servers);
    return servers.length > 0;
  } catch {
    return false;
  }
}

/** Every environment variable the server reads; documented in the README table. */
/** Every environment variable the portal reads (the README's table lists the same; a test checks). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /**
   * Local file store only: uploads and task results stop (507) once the disk under DATA_DIR would
   * have less than this free, keeping room for the embedded database's WAL (docs/OPERATIONS.md).
   */
  DATA_DIR_RESERVE_MB: z.coerce.number().int().min(0).max(1_048_576).default(256),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Lifetime of a download ticket (a browser download link); a download started in time may run longer. */
  DOWNLOAD_TICKET_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  CAPTCHA: z.preprocess(emptyToUndefined, onOff.default(true)),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxy.default(false)),
  /**
   * Origins (comma-separated, `https://bi.example.com`) a menu link with `token=` may send the
   * user's session token to; none by default besides the portal itself.
   */
  TOKEN_LINK_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform(commaList)
      .pipe(
        z.array(z.string().refine(isOrigin, 'must be origins like https://bi.example.com, comma-separated')),
      )
      .default([]),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  DEMO_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  // A production portal starts without the made-up customer, servers and catalogue.
  SEED_DEMO: z.preprocess(emptyToUndefined, onOff.default(true)),
  /**
   * The demo catalogue's file sizes: a BIOS image of this many MB, other kinds in proportion
   * (LiveCD twice, BMC half …), so progress bars and resumed downloads show. 0: files of a few KB.
   */
  DEMO_FILE_MB: z.coerce.number().int().min(0).max(256).default(6),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Firmware Portal <no-reply@localhost>'),
  /** SMS gateway driver; 'log' writes messages to the log and the staff outbox (docs/OPERATIONS.md). */
  SMS_DRIVER: z.enum(['log']).default('log'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * First part of a graceful stop: still serving, readiness 503, every response closing its
   * connection, so a load balancer's keep-alive connections end cleanly (plugins/graceful-close.ts).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** PostgreSQL only: connections of the request pool of each process. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL only: how long a request waits for a free pool connection (or a new one to open)
   * before it answers 503: a saturated pool or an unreachable server fails fast, never hangs.
   */
  DB_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /**
   * PostgreSQL only: the server cancels any statement past this (statement_timeout; a transaction
   * idle this long is ended too), and the client gives up 2 s later if the server is silent.
   * The request answers 503.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Embedded database only: PGlite's buffer pool in MiB (memory vs. fewer reads from the page cache). */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
  /**
   * Bearer token a Prometheus scraper sends to GET /api/metrics (at least 24 characters); the
   * endpoint answers 404 while it is unset, so metrics are never public by accident.
   */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(24).max(256).optional()),
  /** Ed25519 private key (PKCS#8 PEM) that signs activation codes; created on first use when absent. Default DATA_DIR/keys/licence-ed25519.pem. */
  LICENCE_KEY_FILE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Ed25519 private key (PKCS#8 PEM) that signs release manifests and SHA256SUMS; created on first use when absent. Default DATA_DIR/keys/release-ed25519.pem. */
  SIGNING_KEY_FILE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /**
   * The fwportal release public key (SPKI PEM): an fwportal build staff upload is published only
   * with a release signature this key checks. Default: the one `npm run build:cli-binaries` wrote
   * beside its builds (dist/cli-binaries/release-ed25519.pub.pem).
   */
  CLI_RELEASE_PUBLIC_KEY_FILE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** OpenPGP private key (armored) that signs CSAF advisories; created on first use when absent. Default DATA_DIR/keys/csaf-openpgp.asc. */
  CSAF_SIGNING_KEY_FILE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /**
   * OpenPGP private key (armored) vulnerability reports are encrypted to (an encryption subkey);
   * created on first use when absent. Default DATA_DIR/keys/psirt-openpgp.asc. Retired keys, still
   * used to read older reports, are the `*.asc` files in the folder `psirt-openpgp-retired` beside it.
   */
  PSIRT_KEY_FILE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Security advisory ids are `<prefix>-YYYY-NNNN` (CSAF tracking.id). */
  ADVISORY_ID_PREFIX: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{1,15}$/)
    .default('PFW'),
  /** The CSAF publisher name (document.publisher.name, feeds' titles, the signing key's user id). */
  CSAF_PUBLISHER_NAME: z.string().trim().min(2).max(100).default('Firmware Portal PSIRT'),
  /** The security team's address in /.well-known/security.txt (`mailto:` or `https:` URI). */
  PSIRT_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/)
    .default('mailto:psirt@localhost'),
  /**
   * 'x-accel': the portal checks access and records the download, then answers with
   * `X-Accel-Redirect: <DOWNLOAD_OFFLOAD_PREFIX><storage key>` so nginx in front serves the
   * bytes from DATA_DIR/files (docs/OPERATIONS.md). 'off': the portal streams them itself.
   */
  DOWNLOAD_OFFLOAD: z.enum(['off', 'x-accel']).default('off'),
  /**
   * 'auto': downloads of local files go out with sendfile(2) (the native addon of
   * apps/server/native, built by `npm ci`) on plain HTTP/1 connections, else through
   * JavaScript. 'off': always through JavaScript.
   */
  DOWNLOAD_SENDFILE: z.enum(['auto', 'off']).default('auto'),
  /** The nginx `internal` location that maps to DATA_DIR/files (with DOWNLOAD_OFFLOAD=x-accel). */
  DOWNLOAD_OFFLOAD_PREFIX: z
    .string()
    .regex(/^\/([A-Za-z0-9._-]+\/)+$/, 'a path such as /protected-files/')
    .default('/protected-files/'),
  /** Object storage: set S3_BUCKET (and credentials) to keep files in an S3-compatible bucket instead of DATA_DIR/files. */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, onOff.default(true)),
  /** Largest file staff may upload as a new catalogue version (bytes; default 8 GiB). */
  PUBLISH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 1024 ** 3),
  /** Background jobs (tasks, notice fan-out) this process runs at once; 0 runs none (another process does). */
  TASK_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * A task's time limit, in seconds: one number for every type, or `TYPE=seconds` pairs
   * (`LIST_MIRROR_SN=600,PACKAGE_LIVE_CD=7200`) over the defaults (bundles 15 minutes,
   * ISO builds an hour). A task past its limit fails and its ISO writer is killed.
   */
  TASK_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, taskTimeouts),
  /**
   * A task attempt that failed (its process died, an error a retry can help) runs once more after
   * about this many seconds (pg-boss's backoff adds jitter). Each process sets it on the task queue
   * when it starts, and a job takes the queue's value when it is sent: give every process the same.
   */
  TASK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** A running job's worker reports this often; a job silent for this long (its process died) is retried or failed. */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** How often each process looks for timed-out jobs, lost heartbeats and old jobs to delete. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Finished background jobs are kept this long for inspection, then deleted. */
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** How long a task's result file stays downloadable. */
  TASK_RESULT_TTL_HOURS: z.coerce.number().int().min(1).default(72),
  /** Stored files no row references, and `.part` files of cut-off uploads, are removed once this old. */
  FILE_SWEEP_GRACE_HOURS: z.coerce.number().int().min(1).default(24),
  /** The ISO writer of PACKAGE_LIVE_CD tasks. */
  XORRISO_PATH: z.string().min(1).default('xorriso'),
  /** Requests a personal access token may make per minute (docs/AUTOMATION.md). */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Requests all tokens of one account may make per minute together. */
  API_ACCOUNT_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Bytes one account may download with tokens per day (rolling from its first download). */
  API_ACCOUNT_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024 ** 3),
  /** Allows webhooks to loopback and private addresses: for tests and closed networks only. */
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, onOff.default(false)),
  /**
   * Webhook deliveries this process sends at once, apart from the task workers; one account has
   * at most two of them in flight, so a receiver that never answers holds two, not all. 0 sends none
   * (another process does).
   */
  WEBHOOK_WORKERS: z.coerce.number().int().min(0).max(64).default(16),
  /** Delivered and failed webhook deliveries are removed from the delivery log once this old. */
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Inventory history (what each server's components ran, reading by reading) is kept this long;
   * the last reading of every component stays whatever its age.
   */
  INVENTORY_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /**
   * Component readings one account may report per day (API, applied uploads and `fwportal audit`
   * together): by default a fleet of 10,000 servers of 10 components reporting 10 times a day.
   */
  INVENTORY_REPORT_BUDGET_PER_DAY: z.coerce.number().int().min(1).max(1_000_000_000).default(1_000_000),
  /**
   * Name servers webhook host names are looked up with (`10.0.0.53`, `[fd00::53]:5353`,
   * comma-separated); the system's (/etc/resolv.conf) by default.
   */
  WEBHOOK_DNS_SERVERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform(commaList)
      .refine(
        areNameServers,
        'must be name server addresses like 10.0.0.53 or [fd00::53]:5353, comma-separated',
      )
      .optional(),
  ),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Validates the environment; the error lists every bad variable in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema
    .refine((config) => !config.S3_BUCKET || (config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY), {
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET',
      path: ['S3_BUCKET'],
    })
    .safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** The address links in mails point to: PUBLIC_URL, else this server on localhost (never the request's Host header). */
export const publicUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
