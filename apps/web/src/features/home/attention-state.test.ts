import { describe, expect, it } from 'vitest';
import { fleetAttentionOf } from './attention-state';

const summary = {
  vulnerable: 0,
  under_investigation: 0,
  outdated: 0,
  unsupported: 0,
  unknown: 0,
  newer: 0,
  current: 0,
};

describe('fleetAttentionOf', () => {
  it('says nothing is known, not "all current", when the customer has no servers', () => {
    expect(fleetAttentionOf(summary, 0)).toEqual({ kind: 'noServers' });
  });

  it('counts vulnerable, outdated and unknown servers', () => {
    expect(fleetAttentionOf({ ...summary, vulnerable: 1, outdated: 1, current: 3 }, 5)).toEqual({
      kind: 'attention',
      total: 5,
      counts: { vulnerable: 1, under_investigation: 0, outdated: 1, unsupported: 0, unknown: 0 },
    });
  });

  it('never calls servers of unknown state current', () => {
    expect(fleetAttentionOf({ ...summary, unknown: 2, current: 1 }, 3)).toMatchObject({
      kind: 'attention',
      counts: { vulnerable: 0, outdated: 0, unknown: 2 },
    });
  });

  it('counts servers the summary leaves out as unknown', () => {
    expect(fleetAttentionOf({ current: 1 }, 3)).toMatchObject({
      kind: 'attention',
      counts: { unknown: 2 },
    });
  });

  it('counts servers under investigation and past their end of support on their own, never as unknown', () => {
    expect(fleetAttentionOf({ ...summary, under_investigation: 2, unsupported: 1, current: 1 }, 4)).toEqual({
      kind: 'attention',
      total: 4,
      counts: { vulnerable: 0, under_investigation: 2, outdated: 0, unsupported: 1, unknown: 0 },
    });
  });

  it('is all current only when every server is current or newer', () => {
    expect(fleetAttentionOf({ ...summary, current: 2, newer: 1 }, 3)).toEqual({
      kind: 'allCurrent',
      total: 3,
    });
  });
});
