import { BodyFramingError } from './body-framing.ts';

/** An HTTP/1.1 answer's status line and header fields (names in lower case, repeats joined by ", "). */
export type AnswerHead = { status: number; headers: Map<string, string> };

/**
 * An answer head, with the interim answers before it, longer than this is refused (Node's own http
 * client allows 16 KiB).
 */
export const MAX_HEAD_BYTES = 64 * 1024;

const HEAD_END = Buffer.from('\r\n\r\n');
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/**
 * Finds the end of the head in `bytes` (what came so far): the head and the bytes after it, or
 * null while it is incomplete. Interim (1xx) answers before the final one are skipped.
 */
export function splitHead(bytes: Buffer): { head: AnswerHead; rest: Buffer } | null {
  let at = 0;
  for (;;) {
    const end = bytes.indexOf(HEAD_END, at);
    // Interim answers count too: an endless run of them would otherwise be kept, and scanned, whole.
    if ((end === -1 ? bytes.length : end) > MAX_HEAD_BYTES)
      throw new BodyFramingError('answer head too long');
    if (end === -1) return null;
    const head = parseHead(bytes.toString('latin1', at, end));
    at = end + HEAD_END.length;
    if (head.status >= 200 || head.status === 101) return { head, rest: bytes.subarray(at) };
  }
}

function parseHead(text: string): AnswerHead {
  const [statusLine = '', ...fields] = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  if (!status?.[1]) throw new BodyFramingError('bad status line');
  const headers = new Map<string, string>();
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = field.slice(0, Math.max(colon, 0)).toLowerCase();
    // A field name is a token (RFC 9110 §5.1): `Content-Length : 5` is refused, not read as another field.
    if (!FIELD_NAME.test(name)) throw new BodyFramingError('bad header field');
    const value = field.slice(colon + 1).trim();
    const earlier = headers.get(name);
    headers.set(name, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  return { status: Number(status[1]), headers };
}
