import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { verifyLicence } from '../lib/licence/licence';

/**
 * Verifies an activation code offline:
 *   npm run verify-licence -- --key licence-public-key.pem --file activation-code.txt [--machine-code ABC123]
 * Exit code 0 when valid (and for the given machine), 1 otherwise; the payload is printed as JSON.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      file: { type: 'string' },
      code: { type: 'string' },
      'machine-code': { type: 'string' },
    },
  });
  if (!values.key || (!values.file && !values.code)) {
    process.stderr.write(
      'usage: verify-licence --key <public key PEM> (--file <code file> | --code <code>) [--machine-code <code>]\n',
    );
    return 2;
  }
  const publicKey = await readFile(values.key, 'utf8');
  const code = values.code ?? (await readFile(values.file ?? '', 'utf8'));
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
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
