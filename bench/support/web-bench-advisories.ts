// Published security advisories for the web benches: a few dozen over the years, on the demo
// customer's models and cards, of every severity and TLP:WHITE/GREEN/AMBER, each with its own
// range of affected versions (some fixed by the newest release, some by an older one, some
// affecting no version anyone runs, two under investigation). Written through the real authoring
// workflow as the demo seed writes its own (created and submitted by the seed, approved by the
// super admin), so their revisions, scores and CSAF documents are the portal's own.
import { type AdvisoryInput, advisoryInputSchema, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import type { AdvisoryAuthoring } from '../../apps/server/src/modules/advisories/advisory-authoring.service';
import { DAY_MS } from '../../apps/server/src/lib/clock';
import { type Release, releaseKey } from '@portal/contract/compliance';
import type { BenchCatalogue } from './web-bench-catalogue';
import { type SeededDraws, seededDraws } from './seeded-draws';

/** Flaws as vendors' advisories describe them, each with the CVSS 3.1 vector that sets its severity. */
const FLAWS = [
  [
    'CWE-787',
    'Out-of-bounds Write',
    'heap overflow in the IPMI-over-LAN session handler',
    'IPMI LAN 会话处理堆溢出',
    'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
  ],
  [
    'CWE-306',
    'Missing Authentication for Critical Function',
    'debug service reachable without authentication',
    '调试服务无需身份验证即可访问',
    'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
  ],
  [
    'CWE-347',
    'Improper Verification of Cryptographic Signature',
    'update accepts images without a valid signature',
    '更新时未正确校验映像签名',
    'CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:C/C:H/I:H/A:H',
  ],
  [
    'CWE-79',
    'Cross-site Scripting',
    'stored cross-site scripting in the web console',
    'Web 控制台存储型跨站脚本',
    'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N',
  ],
  [
    'CWE-400',
    'Uncontrolled Resource Consumption',
    'malformed requests exhaust memory until a restart',
    '畸形请求耗尽内存直至重启',
    'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
  ],
  [
    'CWE-20',
    'Improper Input Validation',
    'malformed frames on the local network stop it responding',
    '本地网络畸形帧导致停止响应',
    'CVSS:3.1/AV:A/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
  ],
  [
    'CWE-532',
    'Insertion of Sensitive Information into Log File',
    'session tokens written to a readable log',
    '会话令牌写入可读日志',
    'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N',
  ],
  [
    'CWE-362',
    'Race Condition',
    'race during an update can leave the component unbootable',
    '更新过程中的竞争条件可致部件无法启动',
    'CVSS:3.1/AV:L/AC:H/PR:H/UI:N/S:U/C:N/I:N/A:H',
  ],
  [
    'CWE-1392',
    'Use of Default Credentials',
    'service account with a default password',
    '服务账户使用默认密码',
    'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H',
  ],
  [
    'CWE-203',
    'Observable Discrepancy',
    'response timing reveals valid user names',
    '响应时间差异泄露有效用户名',
    'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N',
  ],
] as const;

const KIND_NAMES: Record<string, [string, string]> = {
  BMC: ['BMC', 'BMC'],
  BIOS: ['BIOS', 'BIOS'],
  PSU: ['PSU firmware', '电源固件'],
  DISK: ['disk firmware', '硬盘固件'],
  NIC: ['onboard NIC firmware', '板载网卡固件'],
  CPLD: ['CPLD firmware', 'CPLD 固件'],
  RAID: ['onboard RAID firmware', '板载 RAID 固件'],
};

/** What an advisory can be about: one family's firmware of a kind, or one card's. */
type Target = {
  names: [string, string];
  releases: Release[];
  rows: (range: Partial<AdvisoryInput['affected'][number]>) => AdvisoryInput['affected'];
};

function targetsOf(catalogue: BenchCatalogue): Target[] {
  const families = [...new Set(catalogue.models.map((model) => model.family))];
  const targets: Target[] = [];
  for (const family of families)
    for (const kind of SERVER_FIRMWARE_KINDS) {
      const models = catalogue.models.filter(
        (model) => model.family === family && catalogue.releases.has(releaseKey({ modelId: model.id, kind })),
      );
      const [en, zh] = KIND_NAMES[kind] ?? [kind, kind];
      if (models.length > 0)
        targets.push({
          names: [`${family} ${en}`, `${family} ${zh}`],
          releases: catalogue.releases.get(releaseKey({ modelId: models[0]!.id, kind }))!,
          rows: (range) =>
            models.map((model) => ({
              modelId: model.id,
              pn: null,
              kind,
              affectedFrom: null,
              fixedIn: null,
              ...range,
            })),
        });
    }
  for (const pn of catalogue.cards)
    targets.push({
      names: [`${pn} firmware`, `${pn} 固件`],
      releases: catalogue.releases.get(releaseKey({ pn }))!,
      // Filed under what the card is, as staff do (the part number is what matches).
      rows: (range) => [
        {
          modelId: null,
          pn,
          kind: pn.includes('NIC') ? 'NIC' : pn.includes('RAID') ? 'RAID' : 'PCIE',
          affectedFrom: null,
          fixedIn: null,
          ...range,
        },
      ],
    });
  return targets;
}

type Range = {
  affectedFrom: string | null;
  fixedIn: Release | null;
  underInvestigation: boolean;
  text: string;
};

/**
 * Which versions of `releases` the `n`th advisory affects: fixed by the newest release (every
 * server behind is vulnerable), by an earlier one (only the oldest are), before the first release
 * (no one's), or the newest still under investigation (advisories 8 and 23).
 */
function rangeOf(n: number, releases: Release[], draw: SeededDraws): Range {
  const newest = releases.at(-1)!;
  if (n % 15 === 8)
    return {
      affectedFrom: newest.version,
      fixedIn: null,
      underInvestigation: true,
      text: `${newest.version} and later are under investigation.`,
    };
  const fixedIn = draw.weighted([
    [newest, 1],
    [releases[Math.min(1, releases.length - 1)]!, 5],
    [releases[0]!, 2],
  ] as const);
  const affectedFrom =
    fixedIn === newest && releases.length > 2 && draw.chance(0.4) ? releases[1]!.version : null;
  const text = `${affectedFrom ? `Versions from ${affectedFrom}` : 'Versions'} before ${fixedIn.version} are affected; update to ${fixedIn.version} or later.`;
  return { affectedFrom, fixedIn, underInvestigation: false, text };
}

function advisoryOf(n: number, target: Target, published: Date, draw: SeededDraws): AdvisoryInput {
  const [cweId, cweName, flawEn, flawZh, vector] = draw.pick(FLAWS);
  const range = rangeOf(n, target.releases, draw);
  const [productEn, productZh] = target.names;
  // AMBER only for one that makes a version someone runs vulnerable: the customer reads an AMBER
  // advisory only when it affects one of their servers, and one under investigation affects none.
  const reaches = !range.underInvestigation && range.fixedIn !== target.releases[0];
  const tlp = draw.weighted([
    ['WHITE', 7],
    ['GREEN', 2],
    ['AMBER', reaches ? 1 : 0],
  ] as const);
  return advisoryInputSchema.parse({
    tlp,
    titleEn: `${productEn}: ${flawEn}`,
    titleZh: `${productZh}${flawZh}`,
    summaryEn: `A ${cweName.toLowerCase()} flaw in ${productEn}: ${flawEn}. ${range.text}`,
    summaryZh: `${productZh}存在${flawZh}问题。`,
    workaroundsEn: draw.chance(0.5) ? 'Until you update, restrict access to the management network.' : '',
    vulnerabilities: [
      {
        cve: `CVE-${published.getUTCFullYear()}-${41000 + n * 13}`,
        cweId,
        cweName,
        cvss31Vector: vector,
        descriptionEn: `${productEn}: ${flawEn}.`,
      },
    ],
    affected: target.rows(
      range.underInvestigation
        ? { status: 'under_investigation', affectedFrom: range.affectedFrom }
        : { affectedFrom: range.affectedFrom, fixedIn: range.fixedIn!.version },
    ),
    fixedVersionIds: range.fixedIn ? [range.fixedIn.versionId] : [],
    // Published on approval, which happens at `published` (seedBenchAdvisories).
    publishAt: null,
  });
}

/**
 * `count` advisories, created and submitted by the seed (no person) and approved by `approverId`,
 * each as of its own date over the last two years (`asOf` sets the portal's clock meanwhile).
 */
export async function seedBenchAdvisories(
  authoring: AdvisoryAuthoring,
  approverId: number,
  catalogue: BenchCatalogue,
  options: { count: number; seed: number; asOf: <T>(date: Date, run: () => Promise<T>) => Promise<T> },
) {
  const draw = seededDraws(options.seed);
  const targets = targetsOf(catalogue);
  if (targets.length === 0) throw new Error('the catalogue has no firmware to write advisories about');
  const now = Date.now();
  // Oldest first, as they were written: advisory ids then follow their dates.
  const dates = Array.from({ length: options.count }, () => now - (3 + draw.below(720)) * DAY_MS).sort(
    (a, b) => a - b,
  );
  for (const [n, date] of dates.entries()) {
    const published = new Date(date);
    const input = advisoryOf(n, targets[n % targets.length]!, published, draw);
    await options.asOf(published, async () => {
      const draft = await authoring.create(null, input);
      await authoring.submit(null, draft.id);
      await authoring.approve(approverId, draft.id);
    });
  }
}
