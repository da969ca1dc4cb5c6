import type { ParseArgsOptionsConfig } from 'node:util';

/** Accepted by every command. */
export const GLOBAL_OPTIONS = ['url', 'insecure-http', 'lang', 'json', 'help', 'portal-timeout'] as const;

/**
 * Every option of every command, parsed in one pass (so global options may come before or after
 * the command); each command then refuses the ones that are not its own.
 */
export const ALL_OPTIONS = {
  url: { type: 'string' },
  'insecure-http': { type: 'boolean' },
  lang: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'portal-timeout': { type: 'string' },
  account: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  'token-stdin': { type: 'boolean' },
  scopes: { type: 'string' },
  'expires-days': { type: 'string' },
  'key-id': { type: 'string' },
  kind: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  sn: { type: 'string', multiple: true },
  'sn-file': { type: 'string' },
  'version-id': { type: 'string', multiple: true },
  out: { type: 'string', short: 'o' },
  parallel: { type: 'string', short: 'j' },
  key: { type: 'string' },
  'machine-code': { type: 'string' },
  product: { type: 'string' },
  version: { type: 'string' },
  nodes: { type: 'string' },
  customer: { type: 'string' },
  contacts: { type: 'string' },
  'contact-info': { type: 'string' },
  'verify-code': { type: 'string' },
  components: { type: 'string', multiple: true },
  'apply-time': { type: 'string' },
  'dry-run': { type: 'boolean' },
  'allow-older': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  'serve-address': { type: 'string' },
  'task-timeout': { type: 'string' },
  // fwportal mirror
  models: { type: 'string', multiple: true },
  kinds: { type: 'string', multiple: true },
  snapshot: { type: 'string' },
  keep: { type: 'string' },
  // audit --repo (offline, from a mirror) and the readings it writes for `report --from`
  repo: { type: 'string' },
  readings: { type: 'string' },
  // audit --cve: which of my servers a CVE concerns (audit-cve.ts)
  cve: { type: 'string' },
  // Commands that talk to BMCs (audit, update): redfish/targets.ts.
  bmc: { type: 'string', multiple: true },
  'bmc-file': { type: 'string' },
  user: { type: 'string' },
  'password-file': { type: 'string' },
  'credentials-file': { type: 'string' },
  concurrency: { type: 'string' },
  'ca-file': { type: 'string' },
  insecure: { type: 'boolean' },
  timeout: { type: 'string' },
  // self-update: a build carried to an isolated machine.
  from: { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;

export type OptionName = keyof typeof ALL_OPTIONS;
