// Compiles native/sendfile.c into native/build/sendfile.node (run by `npm ci`, `npm start` and
// `npm test`). Without a C compiler or off Linux the portal still works: downloads are then
// streamed through JavaScript (slower, see bench/README.md). `--required` makes a failure fatal
// (the tests use it in CI, so the fast path cannot silently disappear).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const required = process.argv.includes('--required');
const nativeDir = path.resolve(import.meta.dirname, '../native');
const source = path.join(nativeDir, 'sendfile.c');
const target = path.join(nativeDir, 'build/sendfile.node');

function fail(reason) {
  process.stderr.write(
    `sendfile addon not built (${reason}); downloads will be streamed through JavaScript.\n`,
  );
  process.exit(required ? 1 : 0);
}

if (process.platform !== 'linux') fail(`sendfile(2) support is written for Linux, not ${process.platform}`);
const upToDate = fs.existsSync(target) && fs.statSync(target).mtimeMs >= fs.statSync(source).mtimeMs;
if (!upToDate) {
  const includeDir = [
    process.env.NODE_INCLUDE_DIR,
    path.resolve(path.dirname(process.execPath), '../include/node'),
    '/usr/include/node',
    '/usr/local/include/node',
  ].find((dir) => dir && fs.existsSync(path.join(dir, 'node_api.h')));
  if (!includeDir) fail("Node's headers (node_api.h) were not found; set NODE_INCLUDE_DIR");
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.part`;
  try {
    // N-API symbols resolve against the running node binary at load time.
    execFileSync(
      process.env.CC ?? 'cc',
      ['-O2', '-Wall', '-Wextra', '-Werror', '-shared', '-fPIC', `-I${includeDir}`, source, '-o', partial],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    fail(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
}
