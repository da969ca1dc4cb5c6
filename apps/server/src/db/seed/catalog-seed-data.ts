/**
 * Demo catalogue: every kind of spec section 1 with a few versions each. The
 * files are generated at seed time (small gzip archives), so their checksums
 * are real. Release dates are counted back from the day of seeding.
 */
import { daysFrom, seedDay } from './seed-dates';

export type VersionSeed = {
  version: string;
  /** YYYY-MM-DD, in the past: computed from the day of seeding. */
  releaseDate: string;
  /** Supported server model codes (server firmware) */
  models?: string[];
  /** Supported PCIe part numbers (PCIe firmware) */
  parts?: string[];
  os?: string;
  arch?: string;
  severity?: 'urgent' | 'recommended' | 'optional';
  cves?: string[];
  securityFix?: boolean;
  /** [kind '1' NEW | '2' OPTIMIZE | '3' HOTFIX, zh, en] */
  notes: [string, string, string][];
  /** Defaults to `${code}-${version}.tar.gz`. */
  fileName?: string;
  status?: 'published' | 'draft' | 'recalled';
  /** What installing it needs (issue 34 §2); unset: no reboot, nothing first, the kind's order. */
  rebootRequired?: boolean;
  prerequisites?: { component: string; minVersion: string }[];
  installOrder?: number;
};

export type ItemSeed = {
  code: string;
  kind: string;
  section?: string;
  nameZh: string;
  nameEn: string;
  descriptionZh?: string;
  descriptionEn?: string;
  visibility?: 'public' | 'signed_in' | 'restricted';
  grants?: [string, string][];
  fileCategory: 'firmware' | 'image' | 'software' | 'document' | 'config';
  /** Redfish SoftwareIds by which `fwportal audit` recognises the item on a BMC. */
  softwareIds?: string[];
  versions: VersionSeed[];
};

const FAMILY_MODELS: Record<string, string[]> = {
  M6: ['M6-1U', 'M6-2U'],
  M7: ['M7-2U', 'M7-4U'],
  A7: ['A7-2U'],
};

const KIND_NAMES: Record<string, [string, string]> = {
  BMC: ['BMC 固件', 'BMC firmware'],
  BIOS: ['BIOS 固件', 'BIOS firmware'],
  PSU: ['电源固件', 'PSU firmware'],
  DISK: ['硬盘固件', 'Disk firmware'],
  NIC: ['板载网卡固件', 'Onboard NIC firmware'],
  CPLD: ['CPLD 固件', 'CPLD firmware'],
  RAID: ['板载 RAID 固件', 'Onboard RAID firmware'],
};

/**
 * Kinds whose update restarts the server (or takes effect at the next one), as the demo has them:
 * the BIOS, the CPLD (a full power cycle), controllers and NICs; a BMC restarts only itself.
 */
const REBOOT_KINDS = ['BIOS', 'CPLD', 'RAID', 'NIC'];
/** Each family's first BMC version number: a BIOS x.1 of a family needs that family's BMC y.1.0. */
const BMC_BASE: Record<string, number> = { M6: 3, M7: 4, A7: 5 };

/** The release day `days` days before the day of seeding. */
type DaysAgo = (days: number) => string;

function serverFirmware(ago: DaysAgo, family: string, kind: string, base: number): ItemSeed {
  const [zh, en] = KIND_NAMES[kind] ?? [kind, kind];
  const models = FAMILY_MODELS[family] ?? [];
  // "BMC >= 4.1.0 before BIOS 6.1.x": the newer BIOS versions read settings only a newer BMC keeps.
  const needs =
    kind === 'BIOS' ? [{ component: 'BMC', minVersion: `${BMC_BASE[family] ?? 1}.1.0` }] : undefined;
  const plan = { rebootRequired: REBOOT_KINDS.includes(kind) };
  return {
    softwareIds: [`${family}-${kind}`],
    code: `${family.toLowerCase()}-${kind.toLowerCase()}`,
    kind,
    nameZh: `${family} ${zh}`,
    nameEn: `${family} ${en}`,
    descriptionZh: `适用于 ${family} 系列服务器的${zh}。`,
    descriptionEn: `${en} for ${family} family servers.`,
    fileCategory: 'firmware',
    versions: [
      {
        version: `${base}.0.1`,
        ...plan,
        releaseDate: ago(625),
        models,
        os: 'Any',
        arch: 'Any',
        notes: [['1', '首个正式版本', 'First general-availability release']],
      },
      {
        version: `${base}.1.0`,
        ...plan,
        prerequisites: needs,
        releaseDate: ago(429),
        models,
        os: 'Any',
        arch: 'Any',
        severity: 'recommended',
        notes: [
          ['1', '支持 Redfish 固件更新服务', 'Redfish UpdateService support'],
          ['2', '优化风扇调速策略', 'Improved fan speed control'],
        ],
      },
      {
        version: `${base}.1.2`,
        ...plan,
        prerequisites: needs,
        releaseDate: ago(163),
        models,
        os: 'Any',
        arch: 'Any',
        severity: 'urgent',
        securityFix: kind === 'BMC',
        cves: kind === 'BMC' ? ['CVE-2026-10231'] : [],
        notes: [
          ['3', '修复 Web 会话固定漏洞', 'Fixed a web session fixation vulnerability'],
          ['2', '缩短启动时间', 'Shorter boot time'],
        ],
      },
    ],
  };
}

/** The demo catalogue as seeded on the day of `now`: every release date in the past, in the same order. */
export function demoCatalogItems(now: Date = new Date()): ItemSeed[] {
  const today = seedDay(now);
  const ago: DaysAgo = (days) => daysFrom(today, -days);
  return [
    ...['BMC', 'BIOS'].flatMap((kind) =>
      ['M6', 'M7', 'A7'].map((family, i) =>
        serverFirmware(ago, family, kind, kind === 'BMC' ? 3 + i : 5 + i),
      ),
    ),
    ...['PSU', 'DISK', 'NIC', 'CPLD', 'RAID'].map((kind, i) => serverFirmware(ago, 'M7', kind, 1 + i)),
    {
      code: 'm7-bmc-early-access',
      kind: 'BMC',
      nameZh: 'M7 BMC 固件（早期体验，定向发布）',
      nameEn: 'M7 BMC firmware (early access, restricted)',
      visibility: 'restricted',
      grants: [['customer', 'Demo Cloud Co., Ltd.']],
      fileCategory: 'firmware',
      versions: [
        {
          version: '4.0.0-rc1',
          releaseDate: ago(55),
          models: ['M7-2U', 'M7-4U'],
          os: 'Any',
          arch: 'Any',
          notes: [['1', '新一代 BMC 界面预览', 'Preview of the next BMC interface']],
        },
      ],
    },
    {
      code: 'm7-4u-gpu-bios-lab',
      kind: 'BIOS',
      nameZh: 'M7 4U GPU BIOS（实验室版本）',
      nameEn: 'M7 4U GPU BIOS (lab build)',
      visibility: 'restricted',
      grants: [
        ['model', 'M7-4U'],
        ['role', 'staff'],
      ],
      fileCategory: 'firmware',
      versions: [
        {
          version: '9.9.0-lab',
          releaseDate: ago(109),
          models: ['M7-4U'],
          os: 'Any',
          arch: 'Any',
          notes: [['2', 'GPU 直通调优', 'GPU passthrough tuning']],
        },
      ],
    },
    ...[
      ['pcie-nic-25g', 'PN-NIC-25G-2P', '25GE 双口网卡固件', '25GE dual-port NIC firmware'],
      ['pcie-nic-10g', 'PN-NIC-10G-2P', '10GE 双口网卡固件', '10GE dual-port NIC firmware'],
      ['pcie-nic-100g', 'PN-NIC-100G-2P', '100GE 双口网卡固件', '100GE dual-port NIC firmware'],
      ['pcie-raid-9560', 'PN-RAID-9560-8I', 'RAID 9560-8i 固件', 'RAID 9560-8i firmware'],
      ['pcie-hba-9500', 'PN-HBA-9500-16I', 'HBA 9500-16i 固件', 'HBA 9500-16i firmware'],
    ].map(([code, pn, zh, en]): ItemSeed => ({
      code: code ?? '',
      kind: 'PCIE',
      nameZh: zh ?? '',
      nameEn: en ?? '',
      softwareIds: [pn ?? ''],
      fileCategory: 'firmware',
      versions: [
        {
          version: '22.31.1014',
          releaseDate: ago(554),
          parts: [pn ?? ''],
          os: 'Linux',
          arch: 'x86_64',
          notes: [['1', '首个版本', 'First release']],
        },
        {
          version: '22.36.1010',
          releaseDate: ago(237),
          parts: [pn ?? ''],
          os: 'Linux',
          arch: 'x86_64',
          severity: 'recommended',
          notes: [['3', '修复链路抖动', 'Fixed link flapping']],
        },
      ],
    })),
    {
      code: 'livecd-x86',
      kind: 'LIVECD',
      nameZh: '维护 LiveCD（x86_64）',
      nameEn: 'Maintenance LiveCD (x86_64)',
      descriptionZh: '可启动的维护系统，内置固件升级与诊断工具。',
      descriptionEn: 'Bootable maintenance system with firmware update and diagnostics tools.',
      visibility: 'public',
      fileCategory: 'image',
      versions: [
        {
          version: '2.3.0',
          releaseDate: ago(379),
          os: 'Linux',
          arch: 'x86_64',
          notes: [['1', '内核 6.6', 'Kernel 6.6']],
          fileName: 'livecd-x86_64-2.3.0.tar.gz',
        },
        {
          version: '2.4.0',
          releaseDate: ago(147),
          os: 'Linux',
          arch: 'x86_64',
          notes: [['1', '支持 M7 4U', 'M7 4U support']],
          fileName: 'livecd-x86_64-2.4.0.tar.gz',
        },
      ],
    },
    {
      code: 'livecd-arm',
      kind: 'LIVECD',
      nameZh: '维护 LiveCD（aarch64）',
      nameEn: 'Maintenance LiveCD (aarch64)',
      fileCategory: 'image',
      versions: [
        {
          version: '2.4.0',
          releaseDate: ago(147),
          os: 'Linux',
          arch: 'aarch64',
          notes: [['1', '首个 ARM 版本', 'First ARM build']],
          fileName: 'livecd-aarch64-2.4.0.tar.gz',
        },
      ],
    },
    {
      code: 'ims-platform',
      kind: 'SOFTWARE',
      section: 'platform',
      nameZh: '数据中心管理平台',
      nameEn: 'Data-center management platform',
      descriptionZh: '集中管理服务器、固件升级与告警。',
      descriptionEn: 'Central management of servers, firmware updates and alerts.',
      fileCategory: 'software',
      versions: [
        {
          version: '6.1.0',
          releaseDate: ago(574),
          os: 'Linux',
          arch: 'x86_64',
          notes: [['1', '批量固件升级', 'Bulk firmware update']],
        },
        {
          version: '6.2.0',
          releaseDate: ago(348),
          os: 'Linux',
          arch: 'x86_64',
          notes: [
            ['1', '资产报表', 'Asset reports'],
            ['2', '界面响应更快', 'Faster UI'],
          ],
        },
        {
          version: '6.3.0',
          releaseDate: ago(77),
          os: 'Linux',
          arch: 'x86_64',
          severity: 'recommended',
          notes: [
            ['1', '多租户', 'Multi-tenancy'],
            ['3', '修复告警重复', 'Fixed duplicate alerts'],
          ],
        },
      ],
    },
    {
      code: 'ims-platform-guide',
      kind: 'DOCUMENT',
      section: 'platform',
      nameZh: '数据中心管理平台用户指南',
      nameEn: 'Data-center management platform user guide',
      fileCategory: 'document',
      versions: [
        {
          version: '6.3.0',
          releaseDate: ago(77),
          os: 'Any',
          arch: 'Any',
          notes: [['1', '对应 6.3.0', 'Covers 6.3.0']],
          fileName: 'ims-platform-guide-6.3.0.zip',
        },
      ],
    },
    ...[
      ['boot-tool', 'boot', '引导工具', 'Boot tool'],
      ['ims-cli', 'cli', '命令行工具 IMS CLI', 'IMS CLI command-line tool'],
      ['server-kits', 'kits', '驱动与工具套件 Kits', 'Drivers and tools Kits'],
      ['server-ukits', 'ukits', 'U 盘工具套件 uKits', 'USB tool suite uKits'],
    ].map(([code, section, zh, en]): ItemSeed => ({
      code: code ?? '',
      kind: 'SOFTWARE',
      section: section ?? '',
      nameZh: zh ?? '',
      nameEn: en ?? '',
      visibility: code === 'ims-cli' ? 'public' : 'signed_in',
      fileCategory: 'software',
      versions: [
        {
          version: '1.4.0',
          releaseDate: ago(481),
          os: 'Linux',
          arch: 'x86_64',
          notes: [['1', '首个版本', 'First release']],
        },
        {
          version: '1.5.2',
          releaseDate: ago(191),
          os: 'Linux',
          arch: 'x86_64',
          notes: [['2', '更快的传输', 'Faster transfers']],
        },
      ],
    })),
    {
      code: 'vcenter-plugin',
      kind: 'PLUGIN',
      nameZh: 'vCenter 插件',
      nameEn: 'vCenter plugin',
      fileCategory: 'software',
      versions: [
        {
          version: '2.0.1',
          releaseDate: ago(284),
          os: 'Any',
          arch: 'Any',
          notes: [['1', '支持 vSphere 8', 'vSphere 8 support']],
          fileName: 'vcenter-plugin-2.0.1.zip',
        },
      ],
    },
    {
      code: 'fw-update-tool',
      kind: 'TOOL',
      nameZh: '固件批量升级工具',
      nameEn: 'Bulk firmware update tool',
      fileCategory: 'software',
      versions: [
        {
          version: '3.0.0',
          releaseDate: ago(411),
          os: 'Windows',
          arch: 'x86_64',
          notes: [['1', '图形界面', 'Graphical interface']],
          fileName: 'fw-update-tool-3.0.0.zip',
        },
        {
          version: '3.1.0',
          releaseDate: ago(36),
          os: 'Windows',
          arch: 'x86_64',
          notes: [['2', '并发升级', 'Parallel updates']],
          fileName: 'fw-update-tool-3.1.0.zip',
        },
      ],
    },
    {
      code: 'erp-export-tool',
      kind: 'ERP',
      nameZh: 'ERP 数据导出工具',
      nameEn: 'ERP data export tool',
      fileCategory: 'software',
      versions: [
        {
          version: '1.0.3',
          releaseDate: ago(324),
          os: 'Windows',
          arch: 'x86_64',
          notes: [['1', '首个版本', 'First release']],
          fileName: 'erp-export-tool-1.0.3.zip',
        },
      ],
    },
    ...['M6', 'M7', 'A7'].map((family): ItemSeed => ({
      code: `${family.toLowerCase()}-bios-bmc-config`,
      kind: 'CONFIG',
      nameZh: `${family} BIOS/BMC 配置集`,
      nameEn: `${family} BIOS/BMC configuration set`,
      fileCategory: 'config',
      versions: [
        {
          version: '2026.1',
          releaseDate: ago(267),
          models: FAMILY_MODELS[family] ?? [],
          os: 'Any',
          arch: 'Any',
          notes: [['1', '默认性能模式配置', 'Default performance profile']],
          fileName: `${family.toLowerCase()}-bios-bmc-config-2026.1.json`,
        },
      ],
    })),
  ];
}

/**
 * The demo catalogue as seeded today (for tests that read the demo data). The seed itself uses
 * {@link demoCatalogItems} with its `now`.
 */
export const CATALOG_ITEMS: ItemSeed[] = demoCatalogItems();
