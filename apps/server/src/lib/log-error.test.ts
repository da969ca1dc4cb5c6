import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-error';

describe('serializeError', () => {
  it('keeps type, message, code, stack and cause, and nothing an error object holds', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: new pg.Client({ connectionString: 'postgres://portal:secret@db.example/portal' }),
      cause: new TypeError('socket closed'),
    });
    const logged = serializeError(error);
    expect(Object.keys(logged).sort()).toEqual(['cause', 'code', 'message', 'stack', 'type']);
    expect(logged).toMatchObject({
      type: 'Error',
      code: '57P01',
      message: 'terminating connection due to administrator command',
      cause: { type: 'TypeError', message: 'socket closed' },
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('db.example');
    expect(text.length).toBeLessThan(2_000);
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
    expect(logged).toEqual({ type: 'Object', message: 'Connection terminated', code: '57P01', stack: '' });
    const bare = serializeError({ reason: 'lost', client: { password: 'secret' } });
    expect(bare.message).toBe('{"reason":"lost","client":"[object]"}');
  });
});
