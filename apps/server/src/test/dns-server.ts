import dgram from 'node:dgram';
import { isIP } from 'node:net';

const TYPE_A = 1;
const TYPE_AAAA = 28;

/** The question of a DNS query: its name (lower case) and type, and where the question ends. */
function questionOf(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]! > 0) {
    const length = query[at]!;
    labels.push(query.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  const front = part(head);
  const back = part(tail ?? '');
  const groups = [...front, ...new Array<string>(8 - front.length - back.length).fill('0'), ...back];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, n) => bytes.writeUInt16BE(parseInt(group, 16), n * 2));
  return bytes;
}

/** The answer to `query`: its records of the asked type, NODATA when the name has none, else NXDOMAIN. */
function answerTo(query: Buffer, records: Record<string, string[]>): Buffer {
  const { name, type, end } = questionOf(query);
  const addresses = records[name];
  const matching = (addresses ?? []).filter((address) => isIP(address) === (type === TYPE_AAAA ? 6 : 4));
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // A response, recursion desired and available; rcode 3 (NXDOMAIN) for an unknown name.
  header.writeUInt16BE(0x8180 | (addresses === undefined ? 3 : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(type === TYPE_A || type === TYPE_AAAA ? matching.length : 0, 6);
  const answers = matching.map((address) => {
    const data = type === TYPE_A ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    // The name: a pointer to the question's.
    record.writeUInt16BE(0xc00c, 0);
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4);
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

/**
 * A name server on 127.0.0.1 for tests: answers A and AAAA questions from `records` (NXDOMAIN for
 * other names) or, while `silent`, takes every query and never answers (a name server that hangs).
 */
export async function startDnsServer(records: Record<string, string[]> = {}) {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  const state = { silent: false };
  socket.on('message', (message, remote) => {
    const { name } = questionOf(message);
    queries.push(name);
    if (state.silent) return;
    socket.send(answerTo(message, records), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    /** `127.0.0.1:port`, as Resolver.setServers and WEBHOOK_DNS_SERVERS take it. */
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    records,
    /** Stops (true) or resumes answering. */
    silence(silent = true) {
      state.silent = silent;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
