import { runCli } from './cli.ts';
import { removeReplacedExecutable } from './self-update/install-candidate.ts';

/**
 * The entry of the single executable (build-binaries.mjs bundles it as CommonJS, which a Node
 * single executable application runs: no top-level await there). What main.ts does, plus removing
 * the old file a Windows self-update left beside the program.
 */
void removeReplacedExecutable(process.execPath)
  .then(() =>
    runCli({
      argv: process.argv.slice(2),
      env: process.env,
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
    }),
  )
  .then((code) => {
    process.exitCode = code;
  });
