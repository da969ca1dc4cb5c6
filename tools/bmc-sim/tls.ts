import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type SelfSignedCertificate = { certPem: string; keyPem: string; fingerprint256: string };

/**
 * A self-signed certificate for 127.0.0.1 / localhost, made by the `openssl` binary as a BMC makes
 * its own at first boot (P-256: quick to make, one per simulated BMC so each host has its own
 * fingerprint to pin).
 */
export async function makeSelfSignedCertificate(commonName: string): Promise<SelfSignedCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bmc-sim-tls-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '30',
      '-subj',
      `/O=BMC simulator/CN=${commonName}`,
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    const [certPem, keyPem] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
    return { certPem, keyPem, fingerprint256: new X509Certificate(certPem).fingerprint256 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
