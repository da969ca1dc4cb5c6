import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { verifyLicence } from '../lib/licence/licence';

const USAGE = `Verifies an activation code offline, against the portal's licence public key.

usage: npm run verify-licence -- --key <public key PEM> (--file <code file> | --code <code>) [--machine-code <code>]

  --key <file>           the public key (download it from /api/activation/public-key.pem)
  --file <file>          a file holding the activation code (as downloaded from the portal)
  --code <code>          the activation code itself, instead of --file
  --machine-code <code>  also check that the code was issued for this machine
  -h, --help             show this help

Prints {"valid": ..., "reason": ..., "payload": ...} as JSON.
Exit codes: 0 valid, 1 invalid (forged, expired, malformed, another machine), 2 usage or file error.
`;

/** A usage or input problem: printed as one line (plus the usage), exit code 2. */
class UsageError extends Error {}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        key: { type: 'string' },
        file: { type: 'string' },
        code: { type: 'string' },
        'machine-code': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    // parseArgs names the unknown option or the missing value; its stack helps nobody.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function readInput(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new UsageError(`cannot read the ${what} ${file}: ${reason}`);
  }
}

async function main(): Promise<number> {
  const values = parseCommandLine();
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!values.key) throw new UsageError('--key is required');
  if (!values.file && !values.code) throw new UsageError('give the code with --file or --code');
  if (values.file && values.code) throw new UsageError('give the code with --file or --code, not both');
  const publicKey = await readInput(values.key, 'public key');
  if (!publicKey.includes('-----BEGIN PUBLIC KEY-----'))
    throw new UsageError(`${values.key} is not a PEM public key (-----BEGIN PUBLIC KEY-----)`);
  const code = values.code ?? (await readInput(values.file ?? '', 'code file'));
  const check = verifyLicence(code, publicKey);
  if (!check.valid) {
    process.stdout.write(
      `${JSON.stringify({ valid: false, reason: check.reason, payload: check.payload ?? null })}\n`,
    );
    return 1;
  }
  if (values['machine-code'] !== undefined && values['machine-code'] !== check.payload.machineCode) {
    process.stdout.write(
      `${JSON.stringify({ valid: false, reason: 'other-machine', payload: check.payload })}\n`,
    );
    return 1;
  }
  process.stdout.write(`${JSON.stringify({ valid: true, payload: check.payload })}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`verify-licence: ${error.message}\n\n${USAGE}`);
    } else {
      process.stderr.write(`verify-licence: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(2);
  },
);
