import type { Context } from '../context.ts';
import type { ExitCode } from '../exit-codes.ts';
import type { MessageKey } from '../i18n.ts';
import { audit } from './audit.ts';
import { download } from './download.ts';
import { licence } from './licence.ts';
import { login, logout } from './login.ts';
import { mirror } from './mirror.ts';
import { notices } from './notices.ts';
import { BMC_OPTIONS } from '../redfish/targets.ts';
import type { OptionName } from './options.ts';
import { report } from './report.ts';
import { resolve } from './resolve.ts';
import { search } from './search.ts';
import { selfUpdate } from './self-update.ts';
import { update } from './update.ts';
import { verify } from './verify.ts';
import { version } from './version.ts';

export type Command = {
  run: (ctx: Context) => Promise<ExitCode>;
  /** Options of its own, besides the global ones. */
  options: OptionName[];
  /** One line of `fwportal help`. */
  summary: MessageKey;
};

export const COMMANDS: Record<string, Command> = {
  login: {
    run: login,
    options: ['account', 'password-stdin', 'token-stdin', 'scopes', 'expires-days', 'key-id'],
    summary: 'help.login',
  },
  logout: { run: logout, options: [], summary: 'help.logout' },
  search: { run: search, options: ['kind', 'page', 'page-size'], summary: 'help.search' },
  resolve: { run: resolve, options: ['sn', 'sn-file'], summary: 'help.resolve' },
  download: {
    run: download,
    options: ['sn', 'sn-file', 'version-id', 'out', 'parallel', 'key'],
    summary: 'help.download',
  },
  verify: { run: verify, options: ['key'], summary: 'help.verify' },
  update: {
    run: update,
    options: [
      ...BMC_OPTIONS,
      'components',
      'apply-time',
      'dry-run',
      'yes',
      'serve-address',
      'task-timeout',
      'key',
      'repo',
      'allow-older',
      'readings',
    ],
    summary: 'help.update',
  },
  licence: {
    run: licence,
    options: [
      'sn',
      'machine-code',
      'product',
      'version',
      'nodes',
      'customer',
      'contacts',
      'contact-info',
      'verify-code',
      'out',
      'page',
    ],
    summary: 'help.licence',
  },
  audit: {
    run: audit,
    options: [...BMC_OPTIONS, 'repo', 'allow-older', 'readings', 'key', 'cve'],
    summary: 'help.audit',
  },
  report: { run: report, options: ['from', 'key'], summary: 'help.report' },
  version: { run: version, options: [], summary: 'help.version' },
  notices: { run: notices, options: [], summary: 'help.notices' },
  'self-update': { run: selfUpdate, options: ['from'], summary: 'help.selfUpdate' },
  mirror: {
    run: mirror,
    options: ['out', 'models', 'sn', 'sn-file', 'kinds', 'parallel', 'snapshot', 'keep', 'key'],
    summary: 'help.mirror',
  },
};
