import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import { scoreCvss31, scoreCvss40 } from './cvss';

/** Scores as FIRST's specification examples and calculators publish them. */
describe('scoreCvss31', () => {
  it.each([
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8, 'CRITICAL'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10, 'CRITICAL'],
    ['CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 7.8, 'HIGH'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5, 'HIGH'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1, 'MEDIUM'],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N', 5.9, 'MEDIUM'],
    ['CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N', 2.4, 'LOW'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0, 'NONE'],
  ])('%s is %d %s', (vector, baseScore, baseSeverity) => {
    expect(scoreCvss31(vector)).toEqual({ vector, version: '3.1', baseScore, baseSeverity });
  });

  it('keeps temporal metrics in the vector without letting them change the base score', () => {
    const vector = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:U/RL:O/RC:C';
    expect(scoreCvss31(vector)).toMatchObject({ vector, baseScore: 9.8, baseSeverity: 'CRITICAL' });
  });

  it.each([
    ['a v3.0 vector', 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['a v4.0 vector', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'],
    ['no prefix', 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['a missing base metric', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H'],
    ['a base metric "not defined"', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:X'],
    ['an unknown value', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:Q'],
    ['an unknown metric', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/FOO:B'],
    ['a repeated metric', 'CVSS:3.1/AV:N/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['a trailing slash', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/'],
    ['lower case', 'cvss:3.1/av:n/ac:l/pr:n/ui:n/s:u/c:h/i:h/a:h'],
    ['nothing', ''],
    ['garbage', 'not a vector'],
  ])('refuses %s with ADVISORY_CVSS_INVALID naming the vector', (_, vector) => {
    const error = catchError(() => scoreCvss31(vector));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ messageKey: 'ADVISORY_CVSS_INVALID', params: { vector } });
  });
});

describe('scoreCvss40', () => {
  it.each([
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 9.3, 'CRITICAL'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', 10, 'CRITICAL'],
    ['CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N', 4.6, 'MEDIUM'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N', 0, 'NONE'],
  ])('%s is %d %s', (vector, baseScore, baseSeverity) => {
    expect(scoreCvss40(vector)).toEqual({ vector, version: '4.0', baseScore, baseSeverity });
  });

  it('scores the base metrics alone (CVSS-B) when threat metrics follow', () => {
    // With E:U the vector's CVSS-BT is 8.1 HIGH; the base score stays that of the base metrics.
    const vector = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:U';
    expect(scoreCvss40(vector)).toEqual({ vector, version: '4.0', baseScore: 9.3, baseSeverity: 'CRITICAL' });
  });

  it.each([
    ['a v3.1 vector', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['a missing base metric', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N'],
    ['an unknown value', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:Q'],
    ['a repeated metric', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/SA:H'],
    ['garbage', 'CVSS:4.0/nonsense'],
  ])('refuses %s', (_, vector) => {
    expect(catchError(() => scoreCvss40(vector))).toMatchObject({
      messageKey: 'ADVISORY_CVSS_INVALID',
      params: { vector },
    });
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
