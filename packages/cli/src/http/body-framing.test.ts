import { describe, expect, it } from 'vitest';
import { splitHead } from './answer-head.ts';
import { BodyFramingError, framingOf } from './body-framing.ts';

const chunked = new Map([['transfer-encoding', 'chunked']]);

/** Feeds `wire` to a fresh framing split at `cut`: what came out, and whether it ended. */
function decode(headers: Map<string, string>, wire: Buffer, cut: number) {
  const framing = framingOf(200, headers);
  const out: Buffer[] = [];
  framing.feed(wire.subarray(0, cut), (data) => out.push(Buffer.from(data)));
  framing.feed(wire.subarray(cut), (data) => out.push(Buffer.from(data)));
  return { body: Buffer.concat(out).toString(), complete: framing.complete };
}

describe('body framing', () => {
  it('decodes a chunked body split at every byte, extensions and trailers included', () => {
    const wire = Buffer.from('5;name=x\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nx-sum: 1\r\n\r\nextra');
    for (let cut = 0; cut <= wire.length; cut += 1)
      expect(decode(chunked, wire, cut)).toEqual({ body: 'hello 0123456789', complete: true });
  });

  it('stops at Content-Length and drops what follows', () => {
    const wire = Buffer.from('0123456789tail');
    for (let cut = 0; cut <= wire.length; cut += 1)
      expect(decode(new Map([['content-length', '10']]), wire, cut)).toEqual({
        body: '0123456789',
        complete: true,
      });
  });

  it('refuses a malformed chunk size, a missing CRLF and a bad Content-Length', () => {
    const feed = (headers: Map<string, string>, wire: string) =>
      framingOf(200, headers).feed(Buffer.from(wire), () => undefined);
    expect(() => feed(chunked, 'zz\r\n')).toThrow(BodyFramingError);
    expect(() => feed(chunked, '2\r\nabX')).toThrow(BodyFramingError);
    expect(() => feed(chunked, `${'1'.repeat(9000)}`)).toThrow(BodyFramingError);
    expect(() => framingOf(200, new Map([['content-length', '-1']]))).toThrow(BodyFramingError);
  });

  it('refuses chunk lines and trailers that outgrow the data they frame', () => {
    // Each line under the per-line limit, one data byte per 8 KiB of extension, or trailers
    // without end: the size cap counts data, so framing must be bounded on its own.
    const extension = `1;${'x'.repeat(8000)}\r\nA\r\n`;
    const padded = framingOf(200, chunked);
    expect(() => {
      for (let round = 0; round < 1000; round += 1) padded.feed(Buffer.from(extension), () => undefined);
    }).toThrow(BodyFramingError);
    const trailers = framingOf(200, chunked);
    trailers.feed(Buffer.from('0\r\n'), () => undefined);
    expect(() => {
      for (let round = 0; round < 1000; round += 1)
        trailers.feed(Buffer.from(`x-t: ${'y'.repeat(8000)}\r\n`), () => undefined);
    }).toThrow(BodyFramingError);
    // Ordinary chunks (a short size line per 16 KiB) are far from the bound.
    const ordinary = framingOf(200, chunked);
    const chunk = Buffer.concat([Buffer.from('4000\r\n'), Buffer.alloc(0x4000, 1), Buffer.from('\r\n')]);
    for (let round = 0; round < 200; round += 1) ordinary.feed(chunk, () => undefined);
    ordinary.feed(Buffer.from('0\r\n\r\n'), () => undefined);
    expect(ordinary.complete).toBe(true);
  });

  it('frames a body without length by the close, and none at all for 204 and 304', () => {
    expect(framingOf(200, new Map()).endsAtClose()).toBe(true);
    expect(framingOf(204, new Map([['content-length', '5']])).complete).toBe(true);
    expect(framingOf(304, chunked).complete).toBe(true);
    expect(framingOf(200, new Map([['content-length', '3']])).endsAtClose()).toBe(false);
  });
});

describe('answer head', () => {
  it('skips interim answers and joins repeated fields', () => {
    const wire = Buffer.from(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 206 Partial\r\nA: 1\r\nA: 2\r\nETag: "x"\r\n\r\nbody',
    );
    const split = splitHead(wire);
    expect(split?.head.status).toBe(206);
    expect(split?.head.headers.get('a')).toBe('1, 2');
    expect(split?.head.headers.get('etag')).toBe('"x"');
    expect(split?.rest.toString()).toBe('body');
    expect(splitHead(wire.subarray(0, 40))).toBeNull();
  });

  it('refuses an endless run of interim answers instead of keeping them all', () => {
    const interims = Buffer.from('HTTP/1.1 100 Continue\r\n\r\n'.repeat(4000));
    expect(() => splitHead(interims)).toThrow(BodyFramingError);
  });

  it('refuses a bad status line and a head that never ends', () => {
    expect(() => splitHead(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(BodyFramingError);
    expect(() => splitHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length : 5\r\n\r\n'))).toThrow(
      BodyFramingError,
    );
    expect(() => splitHead(Buffer.alloc(70 * 1024, 'a'))).toThrow(BodyFramingError);
  });
});
