import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-error';

describe('serializeError', () => {
  it('never logs the password of a connection string a message quotes (message, stack, non-errors)', () => {
    const error = new Error('connect failed: postgres://portal:s3cret-Pass@db.internal:5432/portal');
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toContain('s3cret-Pass');
    expect(logged.message).toContain('postgres://***@db.internal:5432/portal');
    expect(JSON.stringify(serializeError({ message: 'redis://u:hunter22@cache:6379' }))).not.toContain(
      'hunter22',
    );
  });

  it('keeps type, message, code, stack and cause, and nothing an error object holds', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: new pg.Client({ connectionString: 'postgres://portal:secret@db.example/portal' }),
      cause: new TypeError('socket closed'),
    });
    const logged = serializeError(error);
    expect(Object.keys(logged).sort()).toEqual(['cause', 'errorCode', 'message', 'stack', 'type']);
    expect(logged).toMatchObject({
      type: 'Error',
      errorCode: '57P01',
      message: 'terminating connection due to administrator command',
      cause: { type: 'TypeError', message: 'socket closed' },
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('db.example');
    // The client's 5 kB are gone; the stacks are left out of the measure: their length is the
    // test runner's call depth (longer when test files share a worker's modules).
    const withoutStacks = JSON.stringify({ ...logged, stack: '', cause: { ...logged.cause, stack: '' } });
    expect(withoutStacks.length).toBeLessThan(500);
  });

  it('says what a thrown non-error was, and stops at a cause that points back at itself', () => {
    expect(serializeError('plain text')).toEqual({ type: 'string', message: 'plain text', stack: '' });
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(JSON.stringify(serializeError(loop)).length).toBeLessThan(10_000);
  });

  it('a plain object (as pg-boss emits) keeps its message and code, never its nested objects', () => {
    const logged = serializeError({
      message: 'Connection terminated',
      code: '57P01',
      client: { password: 'x' },
    });
    expect(logged).toEqual({
      type: 'Object',
      message: 'Connection terminated',
      errorCode: '57P01',
      stack: '',
    });
    const bare = serializeError({ reason: 'lost', client: { password: 'secret' } });
    expect(bare.message).toBe('{"reason":"lost","client":"[object]"}');
  });

  it("keeps the error's code readable through the production logger's censoring of `*.code`", async () => {
    const { Writable } = await import('node:stream');
    const { default: pino } = await import('pino');
    const { defaultLoggerOptions } = await import('../app');
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino(defaultLoggerOptions({ LOG_LEVEL: 'info' }), sink);
    log.warn(
      { err: Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }) },
      'write failed',
    );
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ err: { errorCode: 'ENOSPC' } });
  });
});
