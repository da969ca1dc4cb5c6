import { describe, expect, it } from 'vitest';
import { advisory, affected, context, reading, release, releases } from './compliance-fixtures';
import { serverCompliance, serverState } from './server';
import { supportEnded } from './support';

const MODEL = 7;
const server = () => ({ sn: 'SN-1', modelCode: 'M7-2U', modelId: MODEL, pcieParts: [], shipped: {} });

describe('end of security support (issue 43 §4)', () => {
  it('ends with the month it names (UTC): the 1st of the next month the model is past it', () => {
    expect(supportEnded('2026-10', new Date('2026-10-31T23:59:59Z'))).toBe(false);
    expect(supportEnded('2026-10', new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(supportEnded('2026-12', new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(supportEnded(null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
    expect(supportEnded('garbage', new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });

  it('a current, newer or unknown server of an unsupported model is unsupported; vulnerable and outdated stay', () => {
    const bmc = [release('1.0'), release('2.0')];
    const unsupported = (extra = {}) =>
      context({ releases: releases({ [`model:${MODEL}:BMC`]: bmc }), ...extra });
    const past = (ctx: ReturnType<typeof context>) => ({ ...ctx, unsupportedModels: new Set([MODEL]) });

    const current = [reading('BMC', '2.0')];
    expect(serverCompliance(server(), current, unsupported()).state).toBe('current');
    expect(serverCompliance(server(), current, past(unsupported())).state).toBe('unsupported');
    expect(serverState(server(), current, past(unsupported())).state).toBe('unsupported');
    expect(serverCompliance(server(), [reading('BMC', '9.0')], past(unsupported())).state).toBe(
      'unsupported',
    );
    expect(serverCompliance(server(), [], past(context())).state).toBe('unsupported');

    expect(serverCompliance(server(), [reading('BMC', '1.0')], past(unsupported())).state).toBe('outdated');
    const flawed = unsupported({
      advisories: [advisory('ADV-0001', [affected({ modelId: MODEL, kind: 'BMC', fixedIn: '2.0' })])],
    });
    expect(serverState(server(), [reading('BMC', '1.0')], past(flawed)).state).toBe('vulnerable');
    // Another model's end changes nothing here.
    expect(
      serverCompliance(server(), current, { ...unsupported(), unsupportedModels: new Set([MODEL + 1]) })
        .state,
    ).toBe('current');
  });
});
