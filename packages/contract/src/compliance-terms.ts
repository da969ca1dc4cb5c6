import type { ComplianceState } from './inventory';
import type { Locale } from './locale';

/**
 * The one name of each compliance state in each language, shown alike by the console, the
 * `fwportal` CLI and the fleet CSV export, so a customer reading "版本落后" in the portal finds
 * the same word in the CLI's table and in the spreadsheet. Free of zod: the CLI bundles it.
 */
export const COMPLIANCE_STATE_LABELS: Readonly<Record<Locale, Readonly<Record<ComplianceState, string>>>> = {
  'zh-CN': {
    vulnerable: '存在漏洞',
    under_investigation: '漏洞调查中',
    outdated: '版本落后',
    unsupported: '已停止安全支持',
    unknown: '无法判断',
    newer: '高于发布版本',
    current: '已是最新',
  },
  'en-US': {
    vulnerable: 'Vulnerable',
    under_investigation: 'Under investigation',
    outdated: 'Outdated',
    unsupported: 'Past end of security support',
    unknown: 'Unknown',
    newer: 'Newer than published',
    current: 'Current',
  },
};

/**
 * The headings of the CVE lookup's table (issue 43 §2), alike in the console's lookup and in
 * `fwportal audit --cve`: the same report, read in either place, names its columns the same.
 */
export const CVE_LOOKUP_COLUMN_LABELS: Readonly<
  Record<Locale, Readonly<Record<'sn' | 'model' | 'component' | 'installed' | 'status' | 'fixedIn', string>>>
> = {
  'zh-CN': {
    sn: 'SN',
    model: '型号',
    component: '组件',
    installed: '当前版本',
    status: '状态',
    fixedIn: '修复版本',
  },
  'en-US': {
    sn: 'SN',
    model: 'Model',
    component: 'Component',
    installed: 'Installed',
    status: 'Status',
    fixedIn: 'Fixed in',
  },
};

/**
 * `labels` as a locale file's flat keys under `prefix` (`state` + `outdated` -> `state.outdated`),
 * so the console's and the CLI's message files take a shared map whole rather than copy it key by key.
 */
export function keyedUnder<Prefix extends string, Key extends string>(
  prefix: Prefix,
  labels: Readonly<Record<Key, string>>,
): Record<`${Prefix}.${Key}`, string> {
  return Object.fromEntries(
    Object.entries<string>(labels).map(([key, label]) => [`${prefix}.${key}`, label]),
  ) as Record<`${Prefix}.${Key}`, string>;
}
