import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteAccessVersion, onAccessChange, parseAccessVersion, resetAccessVersion } from './access-version';

afterEach(resetAccessVersion);

function watch() {
  const reload = vi.fn();
  const stop = onAccessChange(reload);
  afterEach(stop);
  return reload;
}

describe('access version', () => {
  it('asks for the user again once an answer is newer than the version it was loaded at', () => {
    const reload = watch();
    noteAccessVersion(4, false); // before the user was loaded: nothing to compare with
    noteAccessVersion(5, true);
    noteAccessVersion(5, false);
    noteAccessVersion(4, false); // an answer checked before the load
    expect(reload).not.toHaveBeenCalled();

    noteAccessVersion(6, false);
    noteAccessVersion(6, false);
    expect(reload).toHaveBeenCalledTimes(1);
    noteAccessVersion(7, false);
    expect(reload).toHaveBeenCalledTimes(2);

    noteAccessVersion(7, true);
    noteAccessVersion(7, false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('asks again when the load answers with menus older than the change it was asked for', () => {
    const reload = watch();
    noteAccessVersion(5, true);
    noteAccessVersion(6, false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A load already under way when the change came answers the old menus.
    noteAccessVersion(5, true);
    expect(reload).toHaveBeenCalledTimes(2);
    noteAccessVersion(6, true);
    noteAccessVersion(6, false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reads only a plain non-negative integer from the header', () => {
    expect(parseAccessVersion('42')).toBe(42);
    expect(parseAccessVersion('0')).toBe(0);
    for (const bad of [null, '', '-1', '1.5', '1e3', ' 4', 'x', '9'.repeat(20)]) {
      expect(parseAccessVersion(bad)).toBeUndefined();
    }
  });
});
