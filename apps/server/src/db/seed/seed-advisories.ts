import { type AdvisoryInput, advisoryInputSchema } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AdvisoryAuthoring } from '../../modules/advisories/advisory-authoring.service';
import type { Db } from '../connection';
import { advisories, catalogItems, catalogVersions, serverModels, users } from '../schema';
import { DAY_MS } from '../../lib/clock';

/**
 * The demo's security advisories (issue 33), written once after the demo catalogue: a critical
 * BMC advisory (TLP:WHITE) fixed by a catalogue version, a medium NIC advisory (TLP:GREEN), and a
 * BIOS advisory approved but under embargo for two weeks. They go through the real workflow:
 * written by the seed (no person), approved by the super admin, so their CSAF files are made,
 * validated and signed like any other.
 */
export async function seedAdvisories(db: Db, authoring: AdvisoryAuthoring, now: Date = new Date()) {
  const existing = await db.select({ id: advisories.id }).from(advisories).limit(1);
  if (existing.length > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.adminType, '1')).limit(1);
  const models = await db
    .select({ id: serverModels.id, code: serverModels.code })
    .from(serverModels)
    .where(inArray(serverModels.code, ['M7-2U', 'M7-4U']));
  const versionId = async (item: string, version: string) => {
    const [row] = await db
      .select({ id: catalogVersions.id })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(and(eq(catalogItems.code, item), eq(catalogVersions.version, version)));
    return row?.id;
  };
  const bmcFix = await versionId('m7-bmc', '4.1.2');
  const nicFix = await versionId('pcie-nic-25g', '22.36.1010');
  const biosFix = await versionId('m7-bios', '6.1.2');
  if (!admin || models.length < 2 || !bmcFix || !nicFix || !biosFix) return;
  const m7 = (kind: string, fixedIn: string, affectedFrom: string | null = null) =>
    models.map((model) => ({ modelId: model.id, pn: null, kind, affectedFrom, fixedIn }));

  const drafts: AdvisoryInput[] = [
    advisoryInputSchema.parse({
      tlp: 'WHITE',
      titleZh: 'M7 系列 BMC Web 会话固定漏洞可导致远程接管',
      titleEn: 'M7 BMC web session fixation allows remote takeover',
      summaryZh:
        'M7 系列服务器 BMC 固件 4.1.2 之前的版本中，Web 管理界面在登录后沿用登录前的会话标识。网络上的攻击者可诱使管理员使用其预设的会话登录，进而以管理员身份控制 BMC。',
      summaryEn:
        'In M7 BMC firmware before 4.1.2, the web interface keeps the session identifier issued before sign-in. An attacker on the network who plants a session identifier can act as the administrator once they sign in, and take control of the BMC.',
      workaroundsZh: '在升级前，仅允许管理网络访问 BMC Web 界面，并在登录前清除浏览器中 BMC 站点的 Cookie。',
      workaroundsEn:
        'Until you update, restrict the BMC web interface to the management network and clear the browser cookies of the BMC site before signing in.',
      vulnerabilities: [
        {
          cve: 'CVE-2026-10231',
          cweId: 'CWE-384',
          cweName: 'Session Fixation',
          cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
          cvss40Vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
          descriptionZh: 'BMC Web 界面在身份验证成功后未更换会话标识。',
          descriptionEn: 'The BMC web interface does not renew the session identifier after authentication.',
        },
      ],
      affected: m7('BMC', '4.1.2', '4.0.0'),
      fixedVersionIds: [bmcFix],
      references: [
        {
          url: 'https://cwe.mitre.org/data/definitions/384.html',
          summaryZh: 'CWE-384：会话固定',
          summaryEn: 'CWE-384: Session Fixation',
        },
      ],
      acknowledgments: [{ name: 'Li Wei', organization: 'Example Security Lab' }],
      publishAt: new Date(now.getTime() - 163 * DAY_MS).toISOString(),
      revisionSummary: '',
    }),
    advisoryInputSchema.parse({
      tlp: 'GREEN',
      titleZh: '25GE 双口网卡固件在收到畸形 LLDP 帧时可能停止响应',
      titleEn: '25GE dual-port NIC firmware may stop responding to malformed LLDP frames',
      summaryZh:
        '25GE 双口网卡（PN-NIC-25G-2P）固件 22.36.1010 之前的版本在处理畸形 LLDP 帧时可能停止转发，需重启服务器恢复。攻击者须位于同一二层网络。',
      summaryEn:
        '25GE dual-port NIC (PN-NIC-25G-2P) firmware before 22.36.1010 may stop forwarding after a malformed LLDP frame, until the server restarts. The attacker must be on the same layer-2 network.',
      workaroundsZh: '在交换机上过滤来自不可信端口的 LLDP 帧。',
      workaroundsEn: 'Filter LLDP frames from untrusted ports on the switch.',
      vulnerabilities: [
        {
          cve: 'CVE-2026-20417',
          cweId: 'CWE-20',
          cweName: 'Improper Input Validation',
          cvss31Vector: 'CVSS:3.1/AV:A/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
          descriptionZh: '网卡固件未校验 LLDP TLV 的长度。',
          descriptionEn: 'The NIC firmware does not check the length of LLDP TLVs.',
        },
      ],
      affected: [
        { modelId: null, pn: 'PN-NIC-25G-2P', kind: 'NIC', affectedFrom: null, fixedIn: '22.36.1010' },
      ],
      fixedVersionIds: [nicFix],
      publishAt: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      revisionSummary: '',
    }),
    advisoryInputSchema.parse({
      tlp: 'WHITE',
      titleZh: 'M7 系列 BIOS SMM 回调越界写入',
      titleEn: 'M7 BIOS SMM callout out-of-bounds write',
      summaryZh:
        '（禁发期内）M7 系列 BIOS 的一个 SMM 处理程序存在越界写入，本地管理员可借此在 SMM 中执行代码。',
      summaryEn:
        '(Under embargo) An SMM handler of the M7 BIOS writes out of bounds; a local administrator can run code in SMM.',
      vulnerabilities: [
        {
          cve: 'CVE-2026-31877',
          cweId: 'CWE-787',
          cweName: 'Out-of-bounds Write',
          cvss31Vector: 'CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:C/C:H/I:H/A:H',
        },
      ],
      affected: m7('BIOS', '6.1.2'),
      fixedVersionIds: [biosFix],
      publishAt: new Date(now.getTime() + 14 * DAY_MS).toISOString(),
      revisionSummary: '',
    }),
  ];
  for (const input of drafts) {
    const draft = await authoring.create(null, input);
    await authoring.submit(null, draft.id);
    await authoring.approve(admin.id, draft.id);
  }
}
