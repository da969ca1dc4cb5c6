import { describe, expect, it } from 'vitest';
import {
  advisory,
  affected,
  context,
  MODEL,
  reading,
  release,
  releases,
  server,
} from './compliance-fixtures';
import { componentsOf, serverCompliance, serverState } from './server';

describe('componentsOf: which components a server has', () => {
  it('lists kinds reported, shipped or offered, reported cards with their slots, then unreported cards', () => {
    const index = releases({ [`model:${MODEL}:BIOS`]: [release('3.0')], 'pn:PN-2': [release('1.0')] });
    const parts = componentsOf(
      server({ pcieParts: ['PN-1', 'PN-2'], shipped: { PSU: '1.0', 'PN-2': '0.9' } }),
      [reading('BMC', '1.0'), reading('PCIE:PN-1:3', '4.0')],
      index,
    );
    expect(parts.map((part) => [part.id.key, part.reading?.version, part.shipped])).toEqual([
      ['BMC', '1.0', undefined],
      ['BIOS', undefined, undefined],
      ['PSU', undefined, '1.0'],
      ['PCIE:PN-1:3', '4.0', undefined],
      ['PCIE:PN-2', undefined, '0.9'],
    ]);
    expect(parts[3]!.id).toEqual({ kind: 'PCIE', pn: 'PN-1', slot: '3', key: 'PCIE:PN-1:3' });
    expect(parts[4]!.candidates.map((candidate) => candidate.version)).toEqual(['1.0']);
  });
});

describe('serverCompliance: one server in full', () => {
  it('takes the reading over the shipped version, keeps a contradiction, and gives the newest report', () => {
    const ctx = context({ releases: releases({ [`model:${MODEL}:BMC`]: [release('1.0'), release('2.0')] }) });
    const report = serverCompliance(
      server({ shipped: { BMC: '1.0', BIOS: '3.0' } }),
      [
        reading('BMC', '2.0', {
          source: 'audit',
          seenAt: '2026-06-02T10:00:00.000Z',
          contradicts: { version: '1.0', source: 'upload', seenAt: '2026-05-01T00:00:00.000Z' },
        }),
      ],
      ctx,
    );
    const [bmc, bios] = report.components;
    expect(bmc).toMatchObject({
      component: 'BMC',
      installed: '2.0',
      source: 'audit',
      seenAt: '2026-06-02T10:00:00.000Z',
      contradicts: { version: '1.0', source: 'upload' },
      state: 'current',
    });
    expect(bios).toMatchObject({
      component: 'BIOS',
      installed: '3.0',
      source: 'shipping',
      seenAt: null,
      state: 'unknown',
    });
    expect(report.lastReport).toBe('2026-06-02T10:00:00.000Z');
    expect(report).toMatchObject({ sn: 'SN-1', model: 'R7', state: 'unknown' });
    expect(report.counts).toEqual({
      vulnerable: 0,
      under_investigation: 0,
      outdated: 0,
      unsupported: 0,
      unknown: 1,
      newer: 0,
      current: 1,
    });
  });

  it('has no last report and an unknown state with nothing at all', () => {
    const report = serverCompliance(server(), [], context());
    expect(report).toMatchObject({ state: 'unknown', lastReport: null, components: [] });
  });

  it('is as bad as its worst component, and names the baseline a target comes from', () => {
    const bmc = [release('1.0'), release('2.0')];
    const ctx = context({
      releases: releases({
        [`model:${MODEL}:BMC`]: bmc,
        [`model:${MODEL}:BIOS`]: [release('3.0'), release('3.1')],
      }),
      advisories: [advisory('ADV-0100', [affected({ modelId: MODEL, kind: 'BIOS', fixedIn: '3.1' })])],
      baselines: [{ modelId: MODEL, name: 'Q2', versions: { BMC: bmc[0]!.versionId } }],
    });
    const report = serverCompliance(server(), [reading('BMC', '1.0'), reading('BIOS', '3.0')], ctx);
    expect(report.state).toBe('vulnerable');
    const byKey = Object.fromEntries(report.components.map((component) => [component.component, component]));
    expect(byKey.BMC).toMatchObject({ state: 'current', baseline: 'Q2' });
    expect(byKey.BIOS).toMatchObject({ state: 'vulnerable', baseline: null, behind: 1 });
    expect(byKey.BIOS!.advisories.map((entry) => entry.advisoryId)).toEqual(['ADV-0100']);
  });

  it('orders components for installing: the target order, then the key; without a target the kind default', () => {
    const ctx = context({
      releases: releases({
        [`model:${MODEL}:BIOS`]: [release('3.1', { installOrder: 5 })],
        [`model:${MODEL}:BMC`]: [release('2.0', { installOrder: 50 })],
        'pn:PN-1': [release('7.0', { installOrder: 50 })],
      }),
    });
    const report = serverCompliance(
      server({ pcieParts: ['PN-1'], shipped: { PSU: '1.0', RAID: '1.0' } }),
      [reading('BIOS', '3.0'), reading('BMC', '1.0'), reading('PCIE:PN-1', '6.0')],
      ctx,
    );
    // BIOS set 5; RAID default 40; BMC and the card both set 50 (by key); PSU default 70.
    expect(report.components.map((component) => component.component)).toEqual([
      'BIOS',
      'RAID',
      'BMC',
      'PCIE:PN-1',
      'PSU',
    ]);
  });

  it('judges each prerequisite against this server: satisfied, unsatisfied, unknown; a card by its oldest slot', () => {
    const ctx = context({
      releases: releases({
        [`model:${MODEL}:BIOS`]: [
          release('4.0', {
            prerequisites: [
              { component: 'BMC', minVersion: '2.0' },
              { component: 'CPLD', minVersion: '1.0' },
              { component: 'PCIE:PN-1', minVersion: '7.0' },
              { component: 'PSU', minVersion: '1.0' },
            ],
          }),
        ],
      }),
    });
    const judged = (readings: ReturnType<typeof reading>[]) =>
      serverCompliance(server({ pcieParts: ['PN-1'] }), readings, ctx).components.find(
        (component) => component.component === 'BIOS',
      )!.target!.prerequisites;
    expect(
      judged([
        reading('BIOS', '3.0'),
        reading('BMC', '2.0'),
        reading('CPLD', '0.9'),
        reading('PCIE:PN-1:1', '7.2'),
        reading('PCIE:PN-1:2', '6.9'),
        reading('PSU', 'build 77'),
      ]),
    ).toEqual([
      { component: 'BMC', minVersion: '2.0', installed: '2.0', status: 'satisfied' },
      { component: 'CPLD', minVersion: '1.0', installed: '0.9', status: 'unsatisfied' },
      { component: 'PCIE:PN-1', minVersion: '7.0', installed: '6.9', status: 'unsatisfied' },
      { component: 'PSU', minVersion: '1.0', installed: 'build 77', status: 'unknown' },
    ]);
    // Nothing known of BMC nor of the card: unknown, never guessed.
    expect(judged([reading('BIOS', '3.0')]).map((line) => [line.component, line.status])).toEqual([
      ['BMC', 'unknown'],
      ['CPLD', 'unknown'],
      ['PCIE:PN-1', 'unknown'],
      ['PSU', 'unknown'],
    ]);
  });
});

describe('serverState: what a page row stores', () => {
  it('counts the same states as the full computation, without dates', () => {
    const ctx = context({
      releases: releases({
        [`model:${MODEL}:BMC`]: [release('1.0'), release('2.0')],
        [`model:${MODEL}:BIOS`]: [release('3.0')],
        'pn:PN-1': [release('7.0')],
      }),
      advisories: [advisory('ADV-0200', [affected({ pn: 'PN-1', fixedIn: '7.0' })])],
    });
    const facts = server({ pcieParts: ['PN-1'], shipped: { BIOS: '3.1' } });
    const readings = [reading('BMC', '1.0'), reading('PCIE:PN-1', '6.0')];
    const full = serverCompliance(facts, readings, ctx);
    const plain = serverState(
      facts,
      readings.map(({ component, kind, pn, slot, version }) => ({ component, kind, pn, slot, version })),
      ctx,
    );
    expect(plain).toEqual({ state: full.state, counts: full.counts });
    expect(plain).toEqual({
      state: 'vulnerable',
      counts: {
        vulnerable: 1,
        under_investigation: 0,
        outdated: 1,
        unsupported: 0,
        unknown: 0,
        newer: 1,
        current: 0,
      },
    });
  });

  it('places a server under investigation between vulnerable and outdated (issue 43 §2)', () => {
    const ctx = context({
      releases: releases({
        [`model:${MODEL}:BMC`]: [release('1.0'), release('2.0')],
        [`model:${MODEL}:BIOS`]: [release('3.0'), release('3.1')],
      }),
      advisories: [
        advisory('ADV-0300', [
          affected({ modelId: MODEL, kind: 'BIOS', status: 'under_investigation', fixedIn: null }),
        ]),
      ],
    });
    const facts = server();
    // BMC outdated, BIOS current but under investigation: the server is under investigation.
    const readings = [reading('BMC', '1.0'), reading('BIOS', '3.1')];
    const full = serverCompliance(facts, readings, ctx);
    expect(full.state).toBe('under_investigation');
    expect(full.components.find((component) => component.component === 'BIOS')).toMatchObject({
      state: 'under_investigation',
      advisories: [],
      investigating: [{ advisoryId: 'ADV-0300', cves: ['CVE-2026-0300'] }],
    });
    expect(serverState(facts, readings, ctx)).toEqual({ state: full.state, counts: full.counts });
    expect(full.counts).toMatchObject({ under_investigation: 1, outdated: 1 });
    // Past the end of support it stays under investigation: it says more than unsupported.
    expect(serverState(facts, readings, { ...ctx, unsupportedModels: new Set([MODEL]) }).state).toBe(
      'under_investigation',
    );
    // A vulnerable component wins over it.
    const flawed = {
      ...ctx,
      advisories: [
        ...ctx.advisories,
        advisory('ADV-0301', [affected({ modelId: MODEL, kind: 'BMC', fixedIn: '2.0' })]),
      ],
    };
    expect(serverState(facts, readings, flawed).state).toBe('vulnerable');
  });
});
