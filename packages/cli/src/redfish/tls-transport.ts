import tls from 'node:tls';
import { type KnownHosts, normaliseFingerprint } from './known-hosts.ts';
import { networkError, RedfishError, timeoutError } from './redfish-error.ts';

/** How the BMC's certificate is trusted. */
export type BmcTrust =
  /** Verified against these CA certificates (PEM), host name included: `--ca-file`. */
  | { mode: 'ca'; ca: string }
  /** Its SHA-256 fingerprint must be `fingerprint`, else the one pinned in `knownHosts`, else it is pinned now. */
  | { mode: 'pin'; knownHosts: KnownHosts; fingerprint?: string }
  /** Not checked at all: `--insecure`, only when asked. */
  | { mode: 'insecure' };

export type TlsTarget = {
  origin: URL;
  /** `host:port`, as pinned and as shown in messages. */
  host: string;
  trust: BmcTrust;
  /** Told once when a certificate is pinned at first contact (host, fingerprint). */
  onPinned?: (host: string, fingerprint: string) => void;
};

/** A TLS connection whose certificate passed the trust this BMC is given, before a byte is sent. */
export function connectTls(target: TlsTarget, timeoutMs: number): Promise<tls.TLSSocket> {
  const { origin, host, trust } = target;
  const hostname = origin.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: hostname,
      port: Number(origin.port) || 443,
      servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname,
      ca: trust.mode === 'ca' ? trust.ca : undefined,
      // Pins are checked below, on the certificate itself, before the request is written.
      rejectUnauthorized: trust.mode === 'ca',
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(timeoutError(host, '/', timeoutMs)));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(error instanceof RedfishError ? error : networkError(host, error)),
    );
    socket.once('secureConnect', () => {
      socket.setTimeout(0);
      void checkCertificate(target, socket).then(
        () => resolve(socket),
        (error: Error) => {
          socket.destroy();
          reject(error);
        },
      );
    });
  });
}

/** With a pin: the certificate's fingerprint is the one given, else the one known, else pinned now. */
async function checkCertificate(target: TlsTarget, socket: tls.TLSSocket): Promise<void> {
  const { host, trust } = target;
  if (trust.mode !== 'pin') return;
  const seen = socket.getPeerCertificate()?.fingerprint256;
  if (!seen) throw new RedfishError('tls', 'redfish.noCertificate', { host });
  const fingerprint = normaliseFingerprint(seen);
  if (trust.fingerprint !== undefined) {
    if (normaliseFingerprint(trust.fingerprint) !== fingerprint)
      throw new RedfishError('pin', 'redfish.fingerprintMismatch', {
        host,
        seen: fingerprint,
        pinned: normaliseFingerprint(trust.fingerprint),
        file: trust.knownHosts.file,
      });
    return;
  }
  const check = await trust.knownHosts.check(host, fingerprint);
  if (check === 'new') target.onPinned?.(host, fingerprint);
  if (check === 'mismatch')
    throw new RedfishError('pin', 'redfish.fingerprintMismatch', {
      host,
      seen: fingerprint,
      pinned: (await trust.knownHosts.pinOf(host)) ?? '',
      file: trust.knownHosts.file,
    });
}
