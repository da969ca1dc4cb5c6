/**
 * Where an HTTP/1.1 answer's body ends (RFC 9112 §6.3): after Content-Length bytes, at the last
 * chunk of a chunked body, or when the connection closes. Fed the bytes as they arrive; passes on
 * the body's own bytes as views of what it was fed (no copy).
 */
export interface BodyFraming {
  /** Passes the body bytes among `bytes` to `onData`; bytes past the body's end are dropped. */
  feed(bytes: Buffer, onData: (data: Buffer) => void): void;
  /** Whether the whole body has come. */
  readonly complete: boolean;
  /** Told that the connection closed: whether that ends the body (only a body framed by the close). */
  endsAtClose(): boolean;
}

/** A body the answer said was malformed: not a network failure, not to be retried as one. */
export class BodyFramingError extends Error {}

/** Status codes whose answers have no body whatever their headers say (RFC 9112 §6.3). */
export const hasNoBody = (status: number) =>
  status === 204 || status === 304 || (status >= 100 && status < 200);

export function framingOf(status: number, headers: ReadonlyMap<string, string>): BodyFraming {
  if (hasNoBody(status)) return new LengthFraming(0);
  const coding = headers.get('transfer-encoding');
  if (coding !== undefined) {
    if (/(?:^|,)\s*chunked\s*$/i.test(coding)) return new ChunkedFraming();
    // Another coding last: the body runs to the close (RFC 9112 §6.3, 4).
    return new CloseFraming();
  }
  const length = headers.get('content-length');
  if (length === undefined) return new CloseFraming();
  if (!/^\d{1,15}$/.test(length.trim())) throw new BodyFramingError(`content-length ${length}`);
  return new LengthFraming(Number(length.trim()));
}

class LengthFraming implements BodyFraming {
  private left: number;
  constructor(length: number) {
    this.left = length;
  }
  get complete() {
    return this.left === 0;
  }
  feed(bytes: Buffer, onData: (data: Buffer) => void): void {
    const take = Math.min(this.left, bytes.length);
    if (take === 0) return;
    this.left -= take;
    onData(take === bytes.length ? bytes : bytes.subarray(0, take));
  }
  endsAtClose() {
    return this.complete;
  }
}

class CloseFraming implements BodyFraming {
  readonly complete = false;
  feed(bytes: Buffer, onData: (data: Buffer) => void): void {
    if (bytes.length > 0) onData(bytes);
  }
  endsAtClose() {
    return true;
  }
}

/** A chunk-size line, a chunk extension or a trailer field longer than this is refused. */
const MAX_LINE_BYTES = 8 * 1024;
/**
 * How far a chunked body's lines (sizes, extensions, trailers) may outgrow its data. The download's
 * size cap counts data only: without this, a portal sending a byte of data per 8 KiB extension, or
 * trailers without end, would be read for as long as it likes. A real server's size lines are a
 * few bytes per chunk of kilobytes.
 */
const MAX_FRAMING_SLACK_BYTES = 64 * 1024;

const CR = 0x0d;
const LF = 0x0a;

/** `size[;ext]CRLF data CRLF` … `0CRLF [trailers] CRLF`. */
class ChunkedFraming implements BodyFraming {
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  private line = '';
  private left = 0;
  /** Bytes of a chunk's closing CRLF still expected. */
  private crlfLeft = 0;
  /** Bytes of data passed on, and of size and trailer lines read: the second is bounded by the first. */
  private dataBytes = 0;
  private lineBytes = 0;

  get complete() {
    return this.state === 'done';
  }

  endsAtClose() {
    return false;
  }

  feed(bytes: Buffer, onData: (data: Buffer) => void): void {
    let at = 0;
    while (at < bytes.length && this.state !== 'done') {
      if (this.state === 'data') {
        const take = Math.min(this.left, bytes.length - at);
        onData(bytes.subarray(at, at + take));
        at += take;
        this.left -= take;
        this.dataBytes += take;
        if (this.left === 0) {
          this.state = 'data-end';
          this.crlfLeft = 2;
        }
      } else if (this.state === 'data-end') {
        const expected = this.crlfLeft === 2 ? CR : LF;
        if (bytes[at] !== expected) throw new BodyFramingError('chunk not followed by CRLF');
        at += 1;
        this.crlfLeft -= 1;
        if (this.crlfLeft === 0) this.state = 'size';
      } else {
        at = this.readLine(bytes, at);
      }
    }
  }

  /** A size or trailer line, up to and including its LF; returns where reading goes on. */
  private readLine(bytes: Buffer, at: number): number {
    const end = bytes.indexOf(LF, at);
    const upTo = end === -1 ? bytes.length : end;
    this.line += bytes.toString('latin1', at, upTo);
    if (this.line.length > MAX_LINE_BYTES) throw new BodyFramingError('chunk line too long');
    this.lineBytes += upTo - at + (end === -1 ? 0 : 1);
    if (this.lineBytes > this.dataBytes + MAX_FRAMING_SLACK_BYTES)
      throw new BodyFramingError('chunk framing outgrows its data');
    if (end === -1) return bytes.length;
    const line = this.line.replace(/\r$/, '');
    this.line = '';
    if (this.state === 'trailer') {
      if (line === '') this.state = 'done';
      return end + 1;
    }
    const size = /^([0-9a-fA-F]{1,13})[ \t]*(?:;.*)?$/.exec(line);
    if (!size?.[1]) throw new BodyFramingError('bad chunk size');
    this.left = Number.parseInt(size[1], 16);
    this.state = this.left === 0 ? 'trailer' : 'data';
    return end + 1;
  }
}
