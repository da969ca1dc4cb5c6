import {
  COMPLIANCE_STATE_LABELS,
  CVE_LOOKUP_COLUMN_LABELS,
  keyedUnder,
} from '@portal/contract/compliance-terms';
import type { vexEnUS } from './vex.en-US.ts';

/** `fwportal audit --cve` 的消息，简体中文：与 vex.en-US.ts 的键完全一致。 */
export const vexZhCN: Record<keyof typeof vexEnUS, string> = {
  'cve.badId': '{cve} 不是 CVE 编号（CVE-YYYY-NNNN）',
  'cve.noAdvisory': '没有您可查看的安全公告引用 {cve}：厂商尚未发布相关信息',
  'cve.advisory': '{id}：{title}',
  ...keyedUnder('cve.column', CVE_LOOKUP_COLUMN_LABELS['zh-CN']),
  'cve.notReported': '未上报',
  'cve.status.known_affected': '受影响',
  'cve.status.under_investigation': '调查中',
  // A version the catalogue cannot order: the word of `audit` (and My servers) for it.
  'cve.status.unknown': COMPLIANCE_STATE_LABELS['zh-CN'].unknown,
  'cve.status.known_not_affected': '不受影响',
  'cve.status.fixed': '已修复',
  'cve.summary': '公告涉及您的 {named} 台服务器；{notNamed} 台未涉及（其型号和板卡不相关）',
};
