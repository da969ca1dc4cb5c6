import { matchPath } from 'react-router';

/** Route paths in one place; links, redirects and the guard all read from here. */
export const paths = {
  root: '/',
  user: '/user',
  login: '/user/login',
  register: '/user/register',
  registerResult: '/user/register-result',
  recover: '/user/recover',
  overseasDownload: '/user/outseadownload',
  overseasDownloadImsCli: '/user/outseadownloadimscli',
  passwordLinkExpired: '/user/password-link-expired',
  /** Spec 2: the fallback for unknown paths and the default redirect. */
  home: '/homePage',
  /** The console home (named Console); the logo and the error pages lead here. */
  welcome: '/welcome',
  firmwareDownload: '/mirror/custmirrordownload',
  softwareDownload: '/tools/toolsdownload',
  /** Where a session opened through a token link (or with a stored requested tool) lands. */
  requestedTool: '/tools_download',
  accountCenter: '/account/center',
  accountSettings: '/account/settings',
  /** Approving a command-line sign-in (RFC 8628 verification URI; the contract's DEVICE_VERIFICATION_PATH). */
  device: '/device',
  /** Security advisories (issue 33): a console page signed in, a public one signed out; one advisory below it. */
  advisories: '/security/advisories',
  /**
   * One CSAF file of an advisory (issue 42 §2; `file` is json, asc, sha256 or sha512): a signed-in
   * page that opens the file with a ticket, what a GREEN or AMBER advisory's file links hold.
   */
  csafFile: '/security/advisories/:advisoryId/csaf/:file',
  /** My servers (issue 34): fleet compliance; one server below it. */
  fleetServers: '/fleet/servers',
  /** The coordinated disclosure policy and report form (issue 43; the contract's DISCLOSURE_POLICY_PATH): public. */
  disclosure: '/security/disclosure',
  staffFleet: '/system/fleet',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/500',
} as const;

/** Reachable without a token (spec 4): the sign-in type pages under the user layout. */
const PUBLIC_PATHS: readonly string[] = [
  paths.user,
  paths.login,
  paths.register,
  paths.registerResult,
  paths.recover,
  paths.overseasDownload,
  paths.overseasDownloadImsCli,
  paths.passwordLinkExpired,
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

/** The page opening one CSAF file of an advisory (`paths.csafFile`): never public. */
function isCsafFilePath(pathname: string): boolean {
  return matchPath(paths.csafFile, pathname) !== null;
}

/**
 * The security advisories and each advisory below them (the contract's advisoryPagePathOf): the
 * same address is a console page when signed in and a public page when not (TLP:WHITE ones).
 * The page opening a CSAF file below one is not among them: it needs the reader's session.
 */
export function isAdvisoriesPath(pathname: string): boolean {
  if (isCsafFilePath(pathname)) return false;
  return pathname === paths.advisories || pathname.startsWith(`${paths.advisories}/`);
}

/** The address of the page opening CSAF file `file` (json, asc, sha256, sha512) of an advisory. */
export function csafFilePathOf(advisoryId: string, file: string): string {
  return `${paths.advisories}/${encodeURIComponent(advisoryId)}/csaf/${encodeURIComponent(file)}`;
}

/** The sign-in URL that brings the user back to `wanted` (path plus query) afterwards. */
export function loginPathFor(wanted: string): string {
  return `${paths.login}?${new URLSearchParams({ redirect: wanted })}`;
}
