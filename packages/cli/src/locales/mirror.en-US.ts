/** `fwportal mirror`'s messages, in English (spread into en-US.ts; mirror.zh-CN.ts has the same keys). */
export const mirrorEnUS = {
  'help.mirror':
    "an isolated network's own repository: mirror sync --out DIR [--models M] [--sn-file F] [--kinds K] | verify DIR | prune DIR --keep N",
  'help.report': 'upload readings an offline audit wrote: report --from FILE',
  'mirror.unsafePath': '{file}: not a path this mirror can hold (refused, nothing fetched or read)',
  'mirror.copyStalled':
    "{file}: no byte of the mirror's file was read or written for {seconds} s (a removed drive or a hung mount?); nothing was sent",
  'mirror.fileMismatch':
    '{file} in the mirror does not match its signed SHA-256 and size: refused, nothing sent',
  'mirror.redirectRefused': 'the mirror redirected {file} to {target}, outside the mirror: refused',
  'mirror.remoteMissing': 'the mirror {url} has no {file} (HTTP 404)',
  'mirror.remoteStatus': 'the mirror answered HTTP {status} for {file}',
  'mirror.readingsWritten':
    'Readings of {count} {count:server|servers} written to {file} (judged with snapshot {snapshot}): upload them from a connected machine with fwportal report --from',
  'mirror.badReadings': '{file} is not a readings file of fwportal audit --repo',
  'mirror.readingsOtherPortal':
    '{file} holds readings judged with the context of {origin}, not of this portal ({url}): refused. Upload them to the portal they came from',
  'mirror.readingsOtherKey':
    "{file} holds readings judged with a context signed by key {keyId}, not by this portal's key {portalKeyId}: refused. Upload them to the portal they came from",
  'mirror.readingsNoOrigin':
    '{file} does not say which portal its readings came from: refused. Run fwportal audit --repo again to write them anew',
  'mirror.reported':
    'Reported {servers} {servers:server|servers} to the portal: {changed} component {changed:reading|readings} changed, {unknown} {unknown:SN|SNs} not yours',
  'usage.mirrorSubcommand': 'mirror takes one of: sync, verify, prune',
  'mirror.unreadableFile':
    '{file}: not a plain file of at most {size} (a link, a device or too large): refused, not read',
  'mirror.contextSignedAt':
    'judged with the compliance context of snapshot {snapshot}, signed by the portal on {signedAt}',
  'mirror.olderContext':
    'snapshot {snapshot} holds a compliance context signed on {signedAt}, older than the one of {newest} this machine already used: the mirror may have been rolled back (older advisories, fixes withheld). Nothing was judged; add --allow-older if you mean to use it',
  'mirror.olderContextAllowed':
    'warning: snapshot {snapshot} holds a compliance context signed on {signedAt}, older than the one of {newest} this machine already used (--allow-older)',
  'mirror.badAdvisory':
    "advisory {file}: its OpenPGP signature does not verify with the portal's CSAF key, so no snapshot was written. Sync again: if it fails again, the portal's answers are being changed on their way",
  'mirror.olderSync':
    'the portal answered with a compliance context signed on {signedAt}, older than the one of {newest} in snapshot {snapshot}: an old answer replayed? No snapshot was written',
  'mirror.notAMirror': '{dir} is not a fwportal mirror (mirror.json unreadable)',
  'mirror.badIndex': "snapshot {snapshot}: index.json unreadable or not this snapshot's",
  'mirror.snapshotExists': 'snapshot {snapshot} exists already: snapshots never change, choose another name',
  'mirror.badSnapshotName': '--snapshot takes a name of letters, digits, ".", "_" and "-" (at most 64)',
  'mirror.created':
    'Snapshot {snapshot}: {files} {files:file|files}, {bytes}, {advisories} {advisories:advisory|advisories}',
  'mirror.unchanged':
    'Nothing new since snapshot {snapshot}: {files} {files:file|files}, {bytes}, {advisories} {advisories:advisory|advisories}',
  'mirror.fetched': 'Fetched {fetched} {fetched:file|files}, {fetchedBytes} of payload, in {seconds} s',
  'mirror.failed': '{file} (version {versionId}) failed: {message}',
  'mirror.interrupted':
    'No snapshot written: the portal stopped answering. Run the same command again: what is there is kept and resumed',
  'mirror.incomplete':
    'No snapshot written: {count} {count:file|files} failed. Run the same command again: what is there is kept and resumed',
  'mirror.verified':
    '{snapshots} {snapshots:snapshot|snapshots}, {files} {files:file|files}, {bytes}: all match the signed index',
  'mirror.verifyFailed': 'FAILED  {path}: {reason}',
  'mirror.verifyFailedCount': '{count} of {files} {files:file|files} failed verification',
  'mirror.nothing': 'nothing to verify in {dir} (no snapshot)',
  'mirror.pruned':
    'Kept {kept} {kept:snapshot|snapshots}, removed {removed} and {files} {files:file|files} no snapshot names',
  'mirror.noContext':
    'snapshot {snapshot} holds no compliance context: sync it with a token that has the inventory scope',
  'mirror.problem.badIndex': "the snapshot index is unreadable or not this snapshot's",
  'mirror.problem.badSignature': "the portal's signature does not verify with the pinned key",
  'mirror.problem.notSigned': "not in the portal's signed manifest (version {detail})",
  'mirror.problem.unsafePath': 'not a path this mirror can hold (refused, nothing read)',
  'mirror.problem.missing': 'the file is missing',
  'mirror.problem.symlink': 'not a plain file (a link is never followed)',
  'mirror.problem.size': 'size differs from the signed value',
  'mirror.problem.checksum': 'SHA-256 differs from the signed value',
  'mirror.problem.openPgpSignature':
    "the advisory's OpenPGP signature ({detail}) does not verify with the portal's CSAF key",
  'mirror.problem.openPgpUnproven':
    'the advisory cannot be proven: the mirror holds no CSAF OpenPGP key signed by the portal (sync it again)',
} as const;
