import { describe, expect, it } from 'vitest';
import { assessComponent } from './assess';
import { advisory, affected, context, MODEL, release, releases } from './compliance-fixtures';
import type { Baseline } from './types';

const BMC = { kind: 'BMC', pn: null } as const;
const line = [release('1.0'), release('1.1'), release('1.2')];
const bmcReleases = () => releases({ [`model:${MODEL}:BMC`]: line });
const assess = (installed: string | null, ctx = context({ releases: bmcReleases() }), baseline?: Baseline) =>
  assessComponent(BMC, installed, ctx.releases.get(`model:${MODEL}:BMC`) ?? [], ctx, MODEL, baseline);

describe('assessComponent: the state of one component', () => {
  it('is outdated below the newest release, counting the releases it is behind', () => {
    const verdict = assess('1.0');
    expect(verdict).toMatchObject({ state: 'outdated', behind: 2, pinned: false, affecting: [] });
    expect(verdict.target?.version).toBe('1.2');
  });

  it('is current at the newest release and newer above it (a pre-release or a build the catalogue lacks)', () => {
    expect(assess('1.2')).toMatchObject({ state: 'current', behind: 0 });
    expect(assess('1.3')).toMatchObject({ state: 'newer', behind: 0 });
    expect(assess('2.0.0-rc1')).toMatchObject({ state: 'newer', behind: 0 });
  });

  it('is unknown with no version known, or one the catalogue cannot order, yet still names the target', () => {
    expect(assess(null)).toMatchObject({ state: 'unknown', behind: 0 });
    expect(assess(null).target?.version).toBe('1.2');
    expect(assess('U32 v2.7')).toMatchObject({ state: 'unknown', behind: 0 });
  });

  it('is unknown when the catalogue offers nothing for the component', () => {
    const verdict = assess('1.0', context());
    expect(verdict).toMatchObject({ state: 'unknown', behind: 0, target: null });
  });

  it('gives the target in the reader language with its prerequisites not yet judged', () => {
    const withPrerequisite = [release('2.0', { prerequisites: [{ component: 'BIOS', minVersion: '3.0' }] })];
    const zh = context({ releases: releases({ [`model:${MODEL}:BMC`]: withPrerequisite }), locale: 'zh-CN' });
    const target = assessComponent(BMC, '1.0', withPrerequisite, zh, MODEL).target;
    expect(target?.itemName).toBe('固件 2.0');
    expect(target?.prerequisites).toEqual([
      { component: 'BIOS', minVersion: '3.0', installed: null, status: 'unknown' },
    ]);
    const en = context({ releases: releases({ [`model:${MODEL}:BMC`]: withPrerequisite }) });
    expect(assessComponent(BMC, '1.0', withPrerequisite, en, MODEL).target?.itemName).toBe('Firmware 2.0');
  });
});

describe('assessComponent: baselines', () => {
  const pinTo = (versionId: number, key = 'BMC'): Baseline => ({
    modelId: MODEL,
    name: 'Golden 2026',
    versions: { [key]: versionId },
  });

  it('takes the pinned release as the target: older is outdated by the releases up to it, newer is newer', () => {
    const ctx = context({ releases: bmcReleases() });
    const below = assess('1.0', ctx, pinTo(line[1]!.versionId));
    expect(below).toMatchObject({ state: 'outdated', behind: 1, pinned: true });
    expect(below.target?.version).toBe('1.1');
    expect(assess('1.1', ctx, pinTo(line[1]!.versionId))).toMatchObject({ state: 'current', pinned: true });
    expect(assess('1.2', ctx, pinTo(line[1]!.versionId))).toMatchObject({ state: 'newer', pinned: true });
  });

  it('falls back to the newest release when the pinned version is no longer released (recalled)', () => {
    const verdict = assess('1.0', context({ releases: bmcReleases() }), pinTo(9_999));
    expect(verdict).toMatchObject({ state: 'outdated', behind: 2, pinned: false });
    expect(verdict.target?.version).toBe('1.2');
  });

  it('pins a card by its part number, not the model kinds', () => {
    const cards = [release('5.0'), release('5.1')];
    const ctx = context({ releases: releases({ 'pn:PN-9': cards }) });
    const card = { kind: 'PCIE', pn: 'PN-9' } as const;
    const pinned = assessComponent(card, '5.1', cards, ctx, MODEL, pinTo(cards[0]!.versionId, 'PCIE:PN-9'));
    expect(pinned).toMatchObject({ state: 'newer', pinned: true });
    const bmcPin = assessComponent(card, '5.0', cards, ctx, MODEL, pinTo(cards[0]!.versionId, 'BMC'));
    expect(bmcPin).toMatchObject({ state: 'outdated', pinned: false, behind: 1 });
  });
});

describe('assessComponent: advisories', () => {
  const withAdvisories = (...advisories: ReturnType<typeof advisory>[]) =>
    context({ releases: bmcReleases(), advisories });

  it('is vulnerable when a visible advisory for the model and kind holds the version, whatever the target', () => {
    const ctx = withAdvisories(
      advisory('ADV-0001', [affected({ modelId: MODEL, kind: 'BMC', fixedIn: '1.2' })]),
    );
    const verdict = assess('1.1', ctx);
    expect(verdict.state).toBe('vulnerable');
    expect(verdict.behind).toBe(1);
    expect(verdict.affecting).toEqual([
      { advisoryId: 'ADV-0001', severity: 'HIGH', baseScore: 7.5, cves: ['CVE-2026-0001'], fixedIn: '1.2' },
    ]);
  });

  it('is no longer vulnerable at the fixed version, nor below the first affected one', () => {
    const ctx = withAdvisories(
      advisory('ADV-0002', [affected({ modelId: MODEL, kind: 'BMC', affectedFrom: '1.1', fixedIn: '1.2' })]),
    );
    expect(assess('1.2', ctx).state).toBe('current');
    expect(assess('1.0', ctx).state).toBe('outdated');
    expect(assess('1.1', ctx).state).toBe('vulnerable');
  });

  it('ignores advisories of another model, another kind, or for a version it cannot order', () => {
    const ctx = withAdvisories(
      advisory('ADV-0003', [affected({ modelId: MODEL + 1, kind: 'BMC', fixedIn: '9.0' })]),
      advisory('ADV-0004', [affected({ modelId: MODEL, kind: 'BIOS', fixedIn: '9.0' })]),
      advisory('ADV-0005', [affected({ modelId: MODEL, kind: 'BMC', fixedIn: '9.0' })]),
    );
    expect(assess('1.0', ctx).affecting.map((row) => row.advisoryId)).toEqual(['ADV-0005']);
    expect(assess('U32 v2.7', ctx)).toMatchObject({ state: 'unknown', affecting: [] });
  });

  it('matches a part-number row to that card only, whatever kind staff filed it under', () => {
    const cards = [release('5.0'), release('5.1')];
    const ctx = context({
      releases: releases({ 'pn:PN-9': cards, [`model:${MODEL}:NIC`]: [release('2.0')] }),
      advisories: [advisory('ADV-0006', [affected({ pn: 'PN-9', kind: 'NIC', fixedIn: '5.1' })])],
    });
    const card = assessComponent({ kind: 'PCIE', pn: 'PN-9' }, '5.0', cards, ctx, MODEL);
    expect(card.state).toBe('vulnerable');
    const other = assessComponent({ kind: 'PCIE', pn: 'PN-8' }, '5.0', [], ctx, MODEL);
    expect(other.state).toBe('unknown');
    const nic = assessComponent(
      { kind: 'NIC', pn: null },
      '1.0',
      ctx.releases.get(`model:${MODEL}:NIC`)!,
      ctx,
      MODEL,
    );
    expect(nic.state).toBe('outdated');
  });

  it('lists each advisory once, the most severe first, then the higher score', () => {
    const row = affected({ modelId: MODEL, kind: 'BMC', fixedIn: '2.0' });
    const ctx = withAdvisories(
      advisory('ADV-0010', [row], { severity: 'MEDIUM', baseScore: 5 }),
      advisory('ADV-0011', [row, affected({ modelId: MODEL, kind: 'BMC', fixedIn: '1.5' })], {
        severity: 'HIGH',
        baseScore: 7.1,
      }),
      advisory('ADV-0012', [row], { severity: 'CRITICAL', baseScore: 9.8 }),
      advisory('ADV-0013', [row], { severity: 'HIGH', baseScore: 8.8 }),
    );
    const verdict = assess('1.0', ctx);
    expect(verdict.affecting.map((entry) => [entry.advisoryId, entry.fixedIn])).toEqual([
      ['ADV-0012', '2.0'],
      ['ADV-0013', '2.0'],
      ['ADV-0011', '2.0'],
      ['ADV-0010', '2.0'],
    ]);
  });

  it('remembers answers per context only: a new context with another advisory answers anew', () => {
    const index = bmcReleases();
    const clean = context({ releases: index });
    expect(assess('1.1', clean).state).toBe('outdated');
    const advised = context({
      releases: index,
      advisories: [advisory('ADV-0020', [affected({ modelId: MODEL, kind: 'BMC', fixedIn: '1.2' })])],
    });
    expect(assess('1.1', advised).state).toBe('vulnerable');
    expect(assess('1.1', clean).state).toBe('outdated');
  });
});

describe('assessComponent: under investigation (issue 43 §2)', () => {
  const investigating = (extra: Partial<Parameters<typeof affected>[0]> = {}) =>
    affected({ modelId: MODEL, kind: 'BMC', status: 'under_investigation', fixedIn: null, ...extra });
  const withAdvisories = (...advisories: ReturnType<typeof advisory>[]) =>
    context({ releases: bmcReleases(), advisories });

  it('is under investigation, not vulnerable, when an advisory is still investigating the version it runs', () => {
    const ctx = withAdvisories(advisory('ADV-0030', [investigating({ affectedFrom: '1.1' })]));
    expect(assess('1.2', ctx)).toMatchObject({
      state: 'under_investigation',
      affecting: [],
      investigating: [{ advisoryId: 'ADV-0030', severity: 'HIGH', baseScore: 7.5, cves: ['CVE-2026-0030'] }],
    });
    // Behind its target as well: the target and how far behind stay, so the update is still offered.
    const behind = assess('1.1', ctx);
    expect(behind).toMatchObject({ state: 'under_investigation', behind: 1 });
    expect(behind.target?.version).toBe('1.2');
    // Below the range, the advisory says nothing of it.
    expect(assess('1.0', ctx)).toMatchObject({ state: 'outdated', investigating: [] });
  });

  it('ranks below vulnerable: an affecting advisory wins, the investigating one is still listed apart', () => {
    const ctx = withAdvisories(
      advisory('ADV-0031', [affected({ modelId: MODEL, kind: 'BMC', fixedIn: '1.2' })]),
      advisory('ADV-0032', [investigating()]),
    );
    const verdict = assess('1.1', ctx);
    expect(verdict.state).toBe('vulnerable');
    expect(verdict.affecting.map((row) => row.advisoryId)).toEqual(['ADV-0031']);
    expect(verdict.investigating.map((row) => row.advisoryId)).toEqual(['ADV-0032']);
  });

  it('counts an advisory once: affecting when one of its rows says affected, whatever another row says', () => {
    const ctx = withAdvisories(
      advisory('ADV-0033', [investigating(), affected({ modelId: MODEL, kind: 'BMC', fixedIn: '1.2' })]),
    );
    expect(assess('1.1', ctx)).toMatchObject({ state: 'vulnerable', investigating: [] });
  });

  it('is neither for not affected or fixed rows, another model, nor a version it cannot order', () => {
    const ctx = withAdvisories(
      advisory('ADV-0034', [
        affected({ modelId: MODEL, kind: 'BMC', status: 'known_not_affected', fixedIn: null }),
        affected({ modelId: MODEL, kind: 'BMC', status: 'fixed', fixedIn: null }),
      ]),
      advisory('ADV-0035', [investigating({ modelId: MODEL + 1 })]),
      advisory('ADV-0036', [investigating({ kind: 'BIOS' })]),
    );
    expect(assess('1.2', ctx)).toMatchObject({ state: 'current', affecting: [], investigating: [] });
    const unordered = withAdvisories(advisory('ADV-0037', [investigating()]));
    expect(assess('U32 v2.7', unordered)).toMatchObject({ state: 'unknown', investigating: [] });
  });
});
