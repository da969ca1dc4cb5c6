// The README's test command: checks what the tests need, builds the web app,
// runs every vitest project and ends with "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The machine's busy and total CPU time so far (Linux /proc/stat, in ticks), or null elsewhere. */
function cpuTicks() {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = fields.map(Number);
    return {
      busy: user + nice + system + irq + softirq,
      // Time the virtual machine's host ran something else while this one had work: on a shared
      // host this is what turns a normal run into a slow stretch (issue 41).
      steal,
      total: user + nice + system + idle + iowait + irq + softirq + steal,
    };
  } catch {
    return null;
  }
}
const cpuAtStart = cpuTicks();
const resultsFile = path.join(root, '.tmp/test-results.json');
/** Every vitest project but the browser tests (vitest.config.ts lists them). */
const OTHER_PROJECTS = ['contract', 'cli', 'bmc-sim', 'server', 'web', 'web-isolated', 'scripts'];
/**
 * Test files run at once in the non-browser lane. Two by default: most of a server test's time is
 * spent waiting on PostgreSQL, child processes and timers, not on a core.
 */
const workers = Number(process.env.TEST_WORKERS ?? 2);

/** One report of two lanes' vitest JSON reports: the counts added, the files listed together. */
function mergeResults(parts) {
  const sum = (key) => parts.reduce((total, part) => total + (part[key] ?? 0), 0);
  return {
    numPassedTests: sum('numPassedTests'),
    numFailedTests: sum('numFailedTests'),
    numPendingTests: sum('numPendingTests'),
    numTodoTests: sum('numTodoTests'),
    numTotalTests: sum('numTotalTests'),
    testResults: parts.flatMap((part) => part.testResults),
  };
}

/** The browser lane's two browsers, Debian's builds of one Chromium release (e2e/support/chromium.ts). */
const browsers = [
  {
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    packageName: 'chromium-headless-shell',
    variable: 'CHROMIUM_PATH',
  },
  {
    path: process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium',
    packageName: 'chromium',
    variable: 'FULL_CHROMIUM_PATH',
  },
];

function postgresBinDirExists() {
  const dirs = [process.env.PG_BIN_DIR, ...(process.env.PATH ?? '').split(path.delimiter)].filter(Boolean);
  if (fs.existsSync('/usr/lib/postgresql')) {
    dirs.push(...fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  return dirs.some(
    (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
}

// Missing prerequisites fail the run with one line: nothing is ever skipped silently.
for (const { path: browserPath, packageName, variable } of browsers) {
  if (!fs.existsSync(browserPath)) {
    console.error(
      `Chromium not found at ${browserPath}: install it with "apt-get install -y ${packageName}" (or set ${variable}).`,
    );
    process.exit(1);
  }
}
if (!postgresBinDirExists()) {
  console.error(
    'PostgreSQL server binaries (initdb, pg_ctl) not found: install them with "apt-get install -y postgresql" (or set PG_BIN_DIR).',
  );
  process.exit(1);
}

const onPath = (name) =>
  ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter)].some((dir) =>
    fs.existsSync(path.join(dir, name)),
  );
for (const [tool, packageName, why] of [
  ['nginx', 'nginx', 'the download offload test runs nginx in front of the portal'],
  ['aria2c', 'aria2', 'the object-storage download test fetches with it'],
  ['wget', 'wget', 'the object-storage download test fetches with it'],
  ['redfishtool', 'redfishtool', 'the test BMC is checked against this Redfish client'],
  ['strace', 'strace', "the mirror's power-loss test watches fwportal's fsync calls with it"],
]) {
  if (!(tool === 'nginx' && process.env.NGINX && fs.existsSync(process.env.NGINX)) && !onPath(tool)) {
    console.error(`${tool} not found (${why}): install it with "apt-get install -y ${packageName}".`);
    process.exit(1);
  }
}

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

// The sendfile addon (npm ci builds it too): in CI its absence fails the run instead of
// quietly testing only the JavaScript download path.
const nativeArgs = process.env.CI === 'true' ? ['--required'] : [];
if (run('node', ['apps/server/scripts/build-native.mjs', ...nativeArgs]) !== 0) process.exit(1);

/**
 * Under CI a failed test runs once more: on two cores the lanes' real databases, portals and
 * browsers time out now and then (two landings failed on one such test each, a different one each
 * time, every one passing alone). A test that fails twice still fails the run, and each test that
 * passed only on its retry is listed at the end, with its first failure, so flakiness stays seen.
 */
const retryArgs = process.env.CI === 'true' ? ['--retry=1'] : [];

/** Where the run beside the JSON report `file` writes each test file's whole time (file-durations-reporter.mjs). */
const durationsOf = (file) => `${file}.durations.json`;

/**
 * Runs vitest with these arguments, its JSON report written to `file` and each file's whole time
 * beside it (durationsOf); resolves to its exit status.
 */
function vitest(args, file) {
  fs.rmSync(file, { force: true });
  fs.rmSync(durationsOf(file), { force: true });
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      '--reporter=./scripts/file-durations-reporter.mjs',
      ...retryArgs,
      ...args,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FILE_DURATIONS_OUT: durationsOf(file) } },
  );
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/** Built when its sources changed since the last build (scripts/build-if-changed.mjs). */
function buildWeb() {
  if (process.env.SKIP_WEB_BUILD === '1' || run('node', ['scripts/build-if-changed.mjs', 'web']) === 0)
    return true;
  console.error('The web build failed; the browser tests need it.');
  return false;
}

fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.rmSync(resultsFile, { force: true });
const extraArgs = process.argv.slice(2);
let status;
if (extraArgs.length > 0) {
  // A chosen part of the run (`npm test -- --project server`, a file...): one vitest as asked.
  if (!buildWeb()) process.exit(1);
  status = await vitest(extraArgs, resultsFile);
} else {
  // The whole run in two lanes at once (issue 41): vitest runs a project without file
  // parallelism (e2e: one browser and one portal at a time) only after every other project, and
  // gives the others cores - 1 workers, one on this 2-core machine: the run was serial from end
  // to end, waiting on databases, processes and browsers most of the time. The browser lane
  // starts once the web app is built; the other lane does not need it and starts at once.
  const lanes = [
    { args: ['--project', 'e2e'], file: path.join(root, '.tmp/test-results-e2e.json') },
    {
      args: [...OTHER_PROJECTS.flatMap((name) => ['--project', name]), `--maxWorkers=${workers}`],
      file: path.join(root, '.tmp/test-results-other.json'),
    },
  ];
  const others = vitest(lanes[1].args, lanes[1].file);
  const browser = buildWeb() ? vitest(lanes[0].args, lanes[0].file) : Promise.resolve(1);
  const statuses = await Promise.all([browser, others]);
  status = Math.max(...statuses);
  // A lane that wrote no report (vitest itself failed) counts as one failure, never as nothing.
  const parts = lanes.map((lane) =>
    fs.existsSync(lane.file)
      ? JSON.parse(fs.readFileSync(lane.file, 'utf8'))
      : { numFailedTests: 1, testResults: [] },
  );
  fs.writeFileSync(resultsFile, JSON.stringify(mergeResults(parts)));
  const durations = lanes.map((lane) => durationsOf(lane.file)).filter((file) => fs.existsSync(file));
  fs.writeFileSync(
    durationsOf(resultsFile),
    JSON.stringify(Object.assign({}, ...durations.map((file) => JSON.parse(fs.readFileSync(file, 'utf8'))))),
  );
}

if (!fs.existsSync(resultsFile)) {
  console.log('0 passed, 1 failed');
  process.exit(status || 1);
}
const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
const skipped = results.numPendingTests + results.numTodoTests;
let failed = results.numFailedTests;
if (process.env.CI === 'true' && skipped > 0) {
  console.error(`${skipped} tests were skipped; under CI=true every test must run.`);
  failed += skipped;
}
// Where the time goes (issue 41): the slowest files, each timed whole (its imports, beforeAll and
// afterAll too: file-durations-reporter.mjs), and the whole CI run's wall time when .ci/run
// started the clock; the last line stays "N passed, N failed".
const durations = fs.existsSync(durationsOf(resultsFile))
  ? JSON.parse(fs.readFileSync(durationsOf(resultsFile), 'utf8'))
  : {};
const slowest = results.testResults
  .map((file) => {
    const whole = durations[file.name];
    return {
      name: path.relative(root, file.name),
      // Without the reporter's figure (vitest failed early), the JSON report's: tests only.
      ms: whole?.wholeMs ?? file.endTime - file.startTime,
      testsAndHooksMs: whole?.testsAndHooksMs,
      importMs: whole?.importMs,
      prepareMs: whole?.prepareMs,
    };
  })
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 20);
console.log(
  "\nSlowest test files (whole: imports, hooks and tests; in brackets, hooks and tests, then the worker's start and the imports):",
);
const seconds = (ms) => (ms / 1000).toFixed(1);
for (const file of slowest) {
  const part =
    file.testsAndHooksMs === undefined
      ? ''
      : ` (${seconds(file.testsAndHooksMs)} s; ${seconds(file.prepareMs ?? 0)} + ${seconds(file.importMs ?? 0)} s)`;
  console.log(`${(file.ms / 1000).toFixed(1).padStart(7)} s${part}  ${file.name}`);
}
const retried = results.testResults.flatMap((file) =>
  file.assertionResults
    .filter((test) => test.status === 'passed' && test.failureMessages.length > 0)
    .map((test) => ({ file: path.relative(root, file.name), test })),
);
if (retried.length > 0) {
  console.log(`\nPassed only on a retry (${retried.length}):`);
  for (const { file, test } of retried)
    console.log(`  ${file} > ${test.fullName}\n    first failure: ${test.failureMessages[0].split('\n')[0]}`);
}
const ciStarted = Number(process.env.CI_STARTED_AT);
// Whether only less CPU would shorten the run: near 100% the lanes wait on nothing but the cores.
const cpuAtEnd = cpuTicks();
if (cpuAtStart && cpuAtEnd && cpuAtEnd.total > cpuAtStart.total) {
  const share = (key) =>
    Math.round((100 * (cpuAtEnd[key] - cpuAtStart[key])) / (cpuAtEnd.total - cpuAtStart.total));
  console.log(
    `CPU busy during the tests: ${share('busy')}% of the machine's cores; taken by the host (steal): ${share('steal')}%`,
  );
}
if (ciStarted > 0) console.log(`CI wall time: ${Math.round(Date.now() / 1000 - ciStarted)} s`);
console.log(`${results.numPassedTests} passed, ${failed} failed`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
