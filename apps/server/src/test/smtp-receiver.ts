import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server that keeps what it receives, for mail tests: on a free port, or on `port`
 * (a mail server coming back where the portal expects it). It refuses the addresses in `refuse`
 * with the code given (550: no such mailbox; 452: mailbox full, try later).
 */
export async function startSmtpReceiver(options: { port?: number; refuse?: Record<string, number> } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const responseCode = options.refuse?.[address.address];
      if (responseCode === undefined) return callback();
      callback(Object.assign(new Error(`refused ${address.address}`), { responseCode }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The text body of a received single-part mail, decoded from the transfer encoding
 * nodemailer chose (quoted-printable soft-wraps long lines such as links; base64 for
 * some non-ASCII texts).
 */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 4);
  if (headers.includes('content-transfer-encoding: base64'))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const unwrapped = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < unwrapped.length; i++) {
      const hex = unwrapped.slice(i + 1, i + 3);
      if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(unwrapped[i] ?? '', 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}
