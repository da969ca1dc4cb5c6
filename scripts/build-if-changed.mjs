// `node scripts/build-if-changed.mjs web|server|cli-binaries [--force] [--optional]`: builds the web
// app, the server bundle or fwportal's executables only when its sources changed since its last
// build (scripts/build-stamp.mjs). Used by `npm start` (root and apps/server) and by `npm test` for
// the web app. With --optional a failed build is reported and the caller goes on without it (the
// portal starts without fwportal's executables on a machine that cannot build them).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILD_TARGETS, hashInputs, isFresh, writeStamp } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const name = process.argv[2];
const target = BUILD_TARGETS[name];
if (!target) {
  console.error(
    `usage: node scripts/build-if-changed.mjs ${Object.keys(BUILD_TARGETS).join('|')} [--force] [--optional]`,
  );
  process.exit(2);
}
const stampFile = path.join(root, '.tmp/build-stamps', `${name}.json`);
const hash = hashInputs(root, target.inputs, { skipFile: target.skipFile, extra: target.extra() });
const state = { root, stampFile, hash, outputs: target.outputs };
if (!process.argv.includes('--force') && isFresh(state)) {
  console.log(`${name}: sources unchanged since the last build, not rebuilt`);
} else {
  console.log(`${name}: sources changed since the last build (or never built), building`);
  const [command, args] = target.command;
  const status = spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
  if (status !== 0 && process.argv.includes('--optional')) {
    console.warn(
      `${name}: the build failed (above); going on without it${target.withoutIt ? `: ${target.withoutIt}` : ''}`,
    );
    process.exit(0);
  }
  if (status !== 0) process.exit(status);
  // Hashed again after the build: a source edited while it ran must not be stamped as built.
  const after = hashInputs(root, target.inputs, { skipFile: target.skipFile, extra: target.extra() });
  if (after === hash) writeStamp(state);
}
