/** `fwportal version` and `fwportal self-update`, in English; self-update.zh-CN.ts has the same keys. */
export const selfUpdateEnUS = {
  'help.version': 'print the version: version [--json] (or fwportal --version)',
  'help.notices':
    'print the licences of the third-party software built into this executable: notices [--json]',
  'notices.none':
    'this fwportal runs on Node.js, not as a single executable: its packages were installed by npm, each with its own licence file',
  'help.selfUpdate': 'replace this single executable with the newest signed build: self-update [--from FILE]',
  'selfUpdate.inCi':
    'self-update does not run in CI (CI={value}): a pipeline runs the build it pins; nothing was changed',
  'selfUpdate.notSingleExecutable':
    'self-update replaces the single executable only; this fwportal runs on Node.js ({path}): update it with npm or git',
  'selfUpdate.unsigned':
    '{file} is not signed (neither its .sig nor SHA256SUMS and SHA256SUMS.sig beside it): an unsigned build is never installed',
  'selfUpdate.noReleaseSignature':
    "{file} is published on the portal without its release signature: the portal's own signature is not enough for fwportal to replace itself, nothing was installed",
  'selfUpdate.badSignature':
    "{file} is not signed by the release key built into this fwportal (key {keyId}); the portal's signature is not enough: nothing was installed",
  'selfUpdate.notListed': 'the signed SHA256SUMS does not list {file}: nothing was installed',
  'selfUpdate.notABuild':
    '{file} is not named as an fwportal build (fwportal-VERSION-PLATFORM): nothing was installed',
  'selfUpdate.otherPlatform':
    '{file} is built for {platform}, this fwportal for {running}: nothing was installed',
  'selfUpdate.older': '{version} is older than this fwportal ({running}): a downgrade is refused',
  'selfUpdate.upToDate': 'fwportal {running} is the newest build for {platform}: nothing to do',
  'selfUpdate.noBuild': 'the portal offers you no fwportal build for {platform}',
  'selfUpdate.steppingStone':
    '{newest} cannot be verified by this fwportal (its release signature is missing, or made by a key this build does not know, as after a release key change): installing {file}, the newest build it can verify; run self-update again for the rest',
  'selfUpdate.downloading': 'downloading {file} ({size})…',
  'selfUpdate.tampered':
    '{file}: its SHA-256 differs from the signed one (tampered with or damaged): nothing was installed',
  'selfUpdate.tooLarge':
    '{file}: larger than {size}, more than a build can be (read no further): nothing was installed',
  'selfUpdate.candidateFailed':
    'the new build did not start or did not report version {version} ({reason}): nothing was installed',
  'selfUpdate.notWritable':
    'cannot write a file in {path} ({reason}): run as the owner of fwportal, or replace it by hand',
  'selfUpdate.done': 'fwportal updated from {from} to {to} ({path})',
} as const;
