import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../../test/log-capture';
import { Housekeeping, type Schedule } from './housekeeping';

/** A timer the test fires by hand: `tick()` is one period elapsing. */
function manualSchedule() {
  let tick: (() => void) | null = null;
  const schedule: Schedule = (callback) => {
    tick = callback;
    return () => {
      tick = null;
    };
  };
  return {
    schedule,
    tick: () => tick?.(),
    get armed() {
      return tick !== null;
    },
  };
}

/** A round that runs until the test lets it finish. */
function blockingChore() {
  const releases: Array<() => void> = [];
  let started = 0;
  const chore = () => {
    started += 1;
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return {
    chore,
    get started() {
      return started;
    },
    finishNext: () => releases.shift()?.(),
  };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Housekeeping', () => {
  it('skips a tick while the last round still runs, and runs again on the tick after it ends', async () => {
    const timer = manualSchedule();
    const rounds = blockingChore();
    const chores = new Housekeeping(pino({ level: 'silent' }), 15_000, rounds.chore, timer.schedule);
    chores.start();
    expect(rounds.started).toBe(1);
    timer.tick();
    timer.tick();
    expect(rounds.started).toBe(1);
    rounds.finishNext();
    await flush();
    timer.tick();
    expect(rounds.started).toBe(2);
    rounds.finishNext();
    await chores.stop();
  });

  it('with firstRoundNow false, the first round waits for the first tick', async () => {
    const timer = manualSchedule();
    const rounds = blockingChore();
    const chores = new Housekeeping(pino({ level: 'silent' }), 60_000, rounds.chore, timer.schedule);
    chores.start({ firstRoundNow: false });
    expect(timer.armed).toBe(true);
    expect(rounds.started).toBe(0);
    timer.tick();
    expect(rounds.started).toBe(1);
    rounds.finishNext();
    await chores.stop();
  });

  it('stop() waits for the running round, and no tick starts one afterwards', async () => {
    const timer = manualSchedule();
    const rounds = blockingChore();
    const chores = new Housekeeping(pino({ level: 'silent' }), 15_000, rounds.chore, timer.schedule);
    chores.start();
    timer.tick();
    let stopped = false;
    const stopping = chores.stop().then(() => (stopped = true));
    expect(timer.armed).toBe(false);
    await flush();
    expect(stopped).toBe(false);
    rounds.finishNext();
    await stopping;
    expect(stopped).toBe(true);
    expect(rounds.started).toBe(1);
  });

  it('logs a failed round and runs the next one on the next tick', async () => {
    const timer = manualSchedule();
    const log = captureLog();
    let calls = 0;
    const chores = new Housekeeping(
      pino({ level: 'info' }, log.stream),
      15_000,
      async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('disk gone'), { code: 'EIO' });
      },
      timer.schedule,
    );
    chores.start();
    await flush();
    timer.tick();
    await chores.stop();
    expect(calls).toBe(2);
    const failures = log.lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'housekeeping failed');
    expect(failures).toHaveLength(1);
    expect(failures[0].err.message).toBe('disk gone');
  });
});
