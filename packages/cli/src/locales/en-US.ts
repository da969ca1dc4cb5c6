import { COMPLIANCE_STATE_LABELS, keyedUnder } from '@portal/contract/compliance-terms';
import { mirrorEnUS } from './mirror.en-US.ts';
import { selfUpdateEnUS } from './self-update.en-US.ts';
import { vexEnUS } from './vex.en-US.ts';

const STATES = COMPLIANCE_STATE_LABELS['en-US'];

/** Every message the CLI shows, in English; zh-CN.ts has exactly the same keys (i18n.test.ts). */
export const enUS = {
  'help.usage':
    'Usage: fwportal <command> [options]   (global: --url URL, --lang zh-CN|en-US, --json, --portal-timeout S, --help)',
  'help.commands': 'Commands:',
  'help.login':
    'sign in (approve a code in the console) and store a personal access token (--token-stdin, --scopes, --key-id)',
  'help.logout': 'forget the stored token',
  'help.search': 'search the catalogue: search <keyword> [--kind BMC]',
  'help.resolve': 'newest firmware of servers: resolve --sn SN1,SN2 | --sn-file FILE',
  'help.download': 'download and verify: download --sn ... | --sn-file ... | --version-id N --out DIR',
  'help.verify': 'check downloaded files offline: verify DIR [--key FILE.pem]',
  'help.licence': 'activation codes: licence code | generate ... | list | file ID --out FILE',
  'help.more': 'Every option, environment variable and exit code: see the README of the fwportal package.',
  'help.hint': 'Run "fwportal help" for the commands.',

  'prompt.url': 'Portal URL: ',
  'prompt.bmcPassword': 'BMC password: ',

  'usage.parse': 'command line not understood: {reason}',
  'usage.badLang': 'unknown language "{lang}" (zh-CN or en-US)',
  'usage.unknownCommand': 'unknown command "{command}"',
  'usage.unknownOption': '{option} is not an option of "{command}"',
  'usage.missingOption': '{option} is required',
  'usage.missingArgument': 'missing argument {argument}',
  'usage.badNumber': '{option} takes a whole number from 1 to {max}',
  'usage.badSeconds': '{option} takes a number of seconds from {min} to {max}',
  'usage.badScope': 'unknown scope "{scope}" (one of {scopes})',
  'usage.badExpiresDays': '--expires-days takes a whole number from 1 to {max}',
  'usage.passwordSignInGone':
    'signing in with a password is no longer possible: run "fwportal login --url URL" and approve the code in the console, or pipe a token to --token-stdin',
  'usage.notAToken': 'stdin does not hold a personal access token (they start with fwp_)',
  'usage.noSerials': 'no serial numbers: give --sn SN1,SN2 or --sn-file FILE',
  'usage.nothingToDownload': 'nothing to download: give --sn, --sn-file or --version-id',
  'usage.unreadableFile': 'cannot read {file}',
  'usage.licenceSubcommand': 'licence takes one of: code, generate, list, file',
  'usage.plainHttp':
    '{url} is plain HTTP to another machine: anyone on the way could read the token or swap the signing key. Use https://, or add --insecure-http to accept that risk',
  'usage.badKeyId': '--key-id takes a key id of 16 hex digits, as login prints it',

  'error.badUrl': '"{url}" is not an http(s) URL',
  'error.notLoggedIn': 'not logged in: run "fwportal login" or set FWPORTAL_TOKEN',
  'error.tokenOtherPortal':
    'the stored token belongs to {url}: log in to this portal or set FWPORTAL_TOKEN (it is never sent elsewhere)',
  'error.noSigningKey': 'no pinned signing key: run "fwportal login" or give --key FILE.pem',
  'error.badSigningKey': 'the signing key is not an Ed25519 public key (SPKI PEM)',
  'error.keyIdMismatch':
    'the signing key of {url} is {keyId}, not {wanted} as --key-id asks: nothing was sent or stored (is this the right portal?)',
  'error.symlink':
    '{path} is a symbolic link: refusing to follow it (someone may have planted it; remove it or choose another --out)',
  'error.hardLink':
    '{path} has other hard links: refusing to write to it (someone may have planted it; remove it or choose another --out)',
  'error.network': 'cannot reach {url}: {reason}',
  'error.diskStalled':
    '{path}: the disk took more than {seconds} s to take one MiB (a hung network mount or a removed drive?); nothing more is written, and a later run resumes from what is there',
  'error.answerBroken': '{url}: the answer broke off or could not be read ({reason}); try again',
  'error.portalTimeout':
    '{url}: no answer within {seconds} s (the portal may be overloaded or restarting; --portal-timeout sets the limit)',
  'error.portalStalled':
    '{url}: the answer stopped: no data for {seconds} s (--portal-timeout sets the limit)',
  'error.server': '{message} (code {code})',
  'error.http': 'the portal answered HTTP {status}',
  'error.badVersionId':
    'the portal answered something that is not a version id (a whole number from 1 to {max}): nothing was fetched or written',
  'error.unexpected': 'unexpected error: {message}',

  'notice.rateLimited': 'rate limit reached: waiting {seconds} s as the portal asks',
  'notice.reportRetry': 'the portal did not take the report ({reason}): sending it again in {seconds} s',
  'notice.unavailable':
    'the portal is briefly unavailable (its database or storage is recovering): trying again in {seconds} s',

  'login.done': 'Logged in to {url} as {account}: token {token}, expires {expiresAt}',
  'login.doneToken': 'Logged in to {url} with token {token}',
  'login.saved': 'Saved to {file} (signing key {keyId} pinned)',
  'login.deviceCode':
    'To sign in, open {url} in a browser where you are signed in to the portal and enter the code {code}',
  'login.deviceLink': 'Or open this link, which fills the code in: {url}',
  'login.deviceWaiting': 'Waiting for the approval (the code is valid for {minutes} minutes)…',
  'login.deviceDenied': 'the sign-in was denied in the console: nothing was stored',
  'login.deviceExpired': 'the code ran out before it was approved: run "fwportal login" again',
  'login.deviceFailed': 'the portal refused the sign-in ({error}): run "fwportal login" again',
  'logout.done': 'Logged out: the stored token is forgotten (revoke it in the console to end it for good)',
  'logout.nothing': 'Not logged in: nothing to forget',

  'search.column.id': 'ID',
  'search.column.item': 'ITEM',
  'search.column.kind': 'KIND',
  'search.column.version': 'VERSION',
  'search.column.date': 'DATE',
  'search.column.size': 'SIZE',
  'search.column.file': 'FILE',
  'search.total': '{shown} of {total} (page {page})',

  'resolve.column.sn': 'SN',
  'resolve.column.model': 'MODEL',
  'resolve.column.component': 'COMPONENT',
  'resolve.column.current': 'CURRENT',
  'resolve.column.newest': 'NEWEST',
  'resolve.column.date': 'DATE',
  'resolve.notFound': 'not found',
  'resolve.supportEnd': '{model}: security fixes until the end of {end}',
  'resolve.supportEndUnknown': '{model}: end of security support not announced yet',
  'resolve.snNotFound': 'SN {sn}: not found',
  'resolve.someNotFound': '{count} {count:SN|SNs} not found: {sns}',

  'progress.line': '[{bar}] {percent}% {done} / {total}  {speed}/s  {files}/{count} files',
  'download.status.downloaded': 'verified   {path} ({size})',
  'download.status.resumed': 'resumed    {path} ({size})',
  'download.status.present': 'up to date {path} ({size})',
  'download.summary': '{count} {count:file|files}, {bytes}, verified in {seconds} s',
  'download.retrying': '{file}: connection lost, resuming (attempt {attempt})',
  'download.mismatch': '{file} does not match its signed SHA-256: deleted',
  'download.sbomMismatch': "{file} (the version's SBOM) does not match its signed SHA-256: not saved",
  'download.failed': 'version {versionId} failed: {message}',

  'verify.ok': 'OK      {file}',
  'verify.failed': 'FAILED  {file}: {reason}',
  'verify.badSignedSet': '{file}: {reason} does not verify',
  'verify.checksum': 'size or SHA-256 differs from the signed value',
  'verify.missing': 'the file is missing',
  'verify.incomplete': 'signed files incomplete (SHA256SUMS, manifest.json and their .sig are needed)',
  'verify.nothing': 'nothing to verify in {dir} (no SHA256SUMS)',

  'licence.codeSent': 'A code was mailed to {destination}; it is valid for {minutes} minutes',
  'licence.saved': 'Activation code saved to {file} (valid through {validThrough})',
  'licence.fileSaved': 'Saved to {file}',
  'licence.column.id': 'ID',
  'licence.column.sn': 'SN',
  'licence.column.product': 'PRODUCT',
  'licence.column.version': 'VERSION',
  'licence.column.nodes': 'NODES',
  'licence.column.validThrough': 'VALID THROUGH',
  'licence.column.created': 'CREATED',

  'redfish.badAddress': '"{address}" is not a BMC address (https://host[:port])',
  'redfish.credentialsInAddress':
    'a BMC address must not hold a user name or password (the command line is visible to others): use --user and --password-stdin, --password-file or --credentials-file',
  'redfish.authRefused': '{host}: the BMC refused the user name or password',
  'redfish.noSessionToken': '{host}: the BMC created a session but sent no X-Auth-Token',
  'redfish.badReference': '{host}: the BMC answered an unusable link "{reference}"',
  'redfish.foreignReference':
    '{host}: the BMC links to another server ("{reference}"): not followed, no credentials are sent there',
  'redfish.timeout': '{host}: no answer to {path} within {seconds} s',
  'redfish.deadline': '{host}: not done after {seconds} s in all (the BMC answers too slowly); given up',
  'redfish.tooBig': '{host}: the answer to {path} is too big',
  'redfish.tooManyMembers': '{host}: {path} lists more than {max} members; not read',
  'redfish.overBudget':
    '{host}: the BMC sent more than {mib} MiB in this session; nothing more is read from it',
  'redfish.noCertificate': '{host}: the BMC showed no certificate',
  'redfish.fingerprintMismatch':
    '{host}: the BMC certificate changed (SHA-256 {seen}, pinned {pinned}): nothing was sent. If the certificate was replaced on purpose, remove its line from {file}; else someone may be in the way',
  'redfish.tlsRefused': '{host}: the certificate is not trusted ({reason}); check --ca-file',
  'redfish.unreachable': '{host}: cannot connect ({reason})',
  'redfish.httpError': '{host}: {method} {path} answered HTTP {status}: {message}',
  'redfish.pinned': '{host}: first contact, certificate pinned (SHA-256 {fingerprint})',

  'help.audit':
    'read the firmware of servers from their BMCs (Redfish), report it and show compliance: audit --bmc https://10.0.0.5 --user U --password-stdin | --bmc-file hosts.csv | --cve CVE-2026-1234 (which of my servers a CVE concerns, as the portal knows them)',

  'usage.noBmcs': 'no BMC: give --bmc https://ADDRESS or --bmc-file hosts.csv',
  'usage.noBmcUser': '{address}: no user name (--user, the hosts file or --credentials-file)',
  'usage.noBmcPassword':
    '{address}: no password (--password-stdin, --password-file, the hosts file or --credentials-file; never on the command line)',
  'usage.twoPasswordSources': 'give either --password-stdin or --password-file, not both',
  'usage.bmcPlainHttp':
    '{address} is plain HTTP to another machine: the BMC password would cross the network readable. Use https://, or add --insecure to accept that risk',
  'usage.caFileAndInsecure': 'give either --ca-file or --insecure, not both',
  'bmc.secretFileOpen': 'warning: {file} holds passwords and other users may read it (chmod 600 {file})',
  'bmc.plainHttp':
    'warning: {address} is plain HTTP: the BMC password and session cross the network readable',

  'audit.noSerial': '{address}: the BMC reports no serial number (neither Systems nor Chassis)',
  'audit.unexpected': '{address}: unexpected answer ({message})',
  'audit.bmcFailed': 'not audited: {message}',
  'audit.serverLine': '{sn}  {model}  ({address}): {state}',
  'audit.serverUnknown':
    '{sn} ({address}): not one of your servers in the portal (unknown SN or not bound to your account): nothing was recorded',
  'audit.nothingMapped':
    '{sn} ({address}): no firmware entry could be mapped to a component: nothing was reported',
  'audit.unmappedLine': '  unmapped: {name} {version} ({reason})',
  'audit.behind': '{state} ({count} behind)',
  'audit.summary':
    '{bmcs} {bmcs:BMC|BMCs}: {read} read, {failed} not reachable; servers current {current}, outdated {outdated}, vulnerable {vulnerable}, under investigation {underInvestigation}, past end of security support {unsupported}, unknown {unknown}',
  'audit.someUnknown':
    '{count} {count:SN is|SNs are} not among your servers in the portal, nothing recorded for {count:it|them}: {sns}',
  'audit.column.component': 'COMPONENT',
  'audit.column.installed': 'INSTALLED',
  'audit.column.target': 'TARGET',
  'audit.column.state': 'STATE',
  'audit.column.cves': 'CVES',
  ...keyedUnder('audit.state', STATES),
  'audit.unmapped.noVersion': 'no version reported',
  'audit.unmapped.noMapping': 'no SoftwareId recorded in the catalogue and no known related item',
  'audit.unmapped.ambiguous': 'its SoftwareId is recorded on items of several kinds',
  'audit.unmapped.noPartNumber': 'PCIe card without a part number',
  'audit.unmapped.unreadable': 'the entry could not be read',

  'help.update':
    'apply due firmware through Redfish: update --bmc URL | --bmc-file hosts.csv [--components BMC,BIOS] [--dry-run] --yes',
  'usage.updateNeedsYes':
    'update changes the firmware of servers: add --yes to go ahead, or --dry-run to see the plan only',
  'usage.badApplyTime': '--apply-time takes Immediate or OnReset, not "{value}"',
  'update.badServeAddress':
    '--serve-address takes HOST or HOST:PORT (an address of this machine the BMCs can reach), not "{address}"',
  'update.serveFailed': 'cannot serve images on {address}: {reason}',
  'update.serving':
    'Serving images for SimpleUpdate on {address}: one random link per file, valid {minutes} minutes at most',
  'update.targetMismatch':
    '{file}: the portal names another SHA-256 than its signed manifest: nothing was sent',
  'update.progress': '[{bar}] {percent}% {done}/{count} servers  {sent} sent  {speed}/s',
  'update.column.sn': 'SN',
  'update.column.component': 'COMPONENT',
  'update.column.from': 'FROM',
  'update.column.to': 'TO',
  'update.column.result': 'RESULT',
  'update.column.detail': 'DETAIL',
  'update.status.planned': 'would update',
  'update.status.updated': 'updated',
  'update.status.pendingActivation': 'pending reset',
  'update.status.unconfirmed': 'unconfirmed',
  'update.status.failed': 'failed',
  'update.status.rejected': 'rejected',
  'update.status.busy': 'BMC busy',
  'update.status.timedOut': 'timed out',
  'update.status.unreachable': 'BMC gone',
  'update.status.held': 'held',
  'update.status.skipped': 'skipped',
  'update.status.notSent': 'not sent',
  'update.detail.updated': 'the BMC confirmed it and reports the new version',
  'update.detail.pendingActivation': 'the task completed; the BMC shows the new version after its next reset',
  'update.detail.unconfirmed':
    'the BMC accepted the image without a task and does not report the new version yet: run fwportal audit later',
  'update.detail.failed': 'the BMC reported a failure',
  'update.detail.rejected': 'the BMC refused the image as too large (HTTP 413)',
  'update.detail.busy': 'the BMC is busy (HTTP 503): try again later',
  'update.detail.timedOut':
    'the task did not end within {seconds} s (last at {percent}%): it may still be running; run fwportal audit later',
  'update.detail.unreachable':
    'the BMC went away and was not back in time: where the update stands is unknown; run fwportal audit later',
  'update.detail.skipped': 'an earlier update of this server did not end confirmed',
  'update.detail.notSent': 'nothing was sent to the BMC',
  'update.notSent.verification':
    'nothing was sent: the file does not match its signed SHA-256 (see fwportal download)',
  'update.notSent.needsServeAddress':
    'nothing was sent: this BMC only takes SimpleUpdate; give --serve-address HOST[:PORT], an address of this machine the BMC can reach',
  'update.notSent.noHttp':
    'nothing was sent: SimpleUpdate on this BMC does not take HTTP, the protocol fwportal serves images by',
  'update.notSent.noUpdateService':
    'nothing was sent: the BMC offers neither MultipartHttpPushUri nor a SimpleUpdate action',
  'update.detail.reboot': 'restarts the server',
  'update.detail.resets': ' (the BMC restarted {count} {count:time|times} meanwhile)',
  'update.hold.prerequisite': 'needs {component} {minVersion} or newer first (runs {installed})',
  'update.hold.notOnBmc': 'the BMC does not report this component',
  'update.hold.notUpdateable': 'the BMC reports it as not updateable',
  'update.server.notFound': 'not yours',
  'update.server.noSerial': 'no serial number',
  'update.server.unreachable': 'BMC unreachable',
  'update.server.portalError': 'portal error',
  'update.server.nothingDue': 'nothing due',
  'update.summary':
    '{servers} {servers:server|servers}: {updated} {updated:update|updates} confirmed, {pending} awaiting confirmation, {failed} not done; {bytes} sent in {seconds} s',
  'update.dryRunSummary':
    '{servers} {servers:server|servers}: {steps} {steps:update|updates} planned, {held} held. Dry run: nothing was changed',
  'update.reported':
    'Reported what {count} {count:server runs|servers run} now to the portal (source: audit)',
  'update.reportFailed':
    'could not report to the portal: {message}. Run fwportal audit to refresh the compliance',
  ...mirrorEnUS,
  ...selfUpdateEnUS,
  ...vexEnUS,
};
