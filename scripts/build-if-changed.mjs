// `node scripts/build-if-changed.mjs web|server [--force]`: builds the web app or the server
// bundle only when its sources changed since its last build (scripts/build-stamp.mjs). Used by
// `npm start` (root and apps/server) and by `npm test` for the web app.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILD_TARGETS, hashInputs, isFresh, writeStamp } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const name = process.argv[2];
const target = BUILD_TARGETS[name];
if (!target) {
  console.error(`usage: node scripts/build-if-changed.mjs ${Object.keys(BUILD_TARGETS).join('|')} [--force]`);
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
  if (status !== 0) process.exit(status);
  // Hashed again after the build: a source edited while it ran must not be stamped as built.
  const after = hashInputs(root, target.inputs, { skipFile: target.skipFile, extra: target.extra() });
  if (after === hash) writeStamp(state);
}
