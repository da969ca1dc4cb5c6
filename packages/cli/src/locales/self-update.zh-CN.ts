import type { selfUpdateEnUS } from './self-update.en-US.ts';

/** `fwportal version` 与 `fwportal self-update` 的消息，简体中文：与 self-update.en-US.ts 的键完全一致。 */
export const selfUpdateZhCN: Record<keyof typeof selfUpdateEnUS, string> = {
  'help.version': '显示版本：version [--json]（或 fwportal --version）',
  'help.notices': '显示本可执行文件内置的第三方软件及其许可证：notices [--json]',
  'notices.none':
    '此 fwportal 运行于 Node.js 之上，并非单文件可执行程序：其依赖包由 npm 安装，各自附带许可证文件',
  'help.selfUpdate': '用最新的已签名版本替换本可执行文件：self-update [--from 文件]',
  'selfUpdate.inCi': 'self-update 不在 CI 中运行（CI={value}）：流水线应使用其固定的版本；未做任何更改',
  'selfUpdate.notSingleExecutable':
    'self-update 只替换单文件可执行程序；此 fwportal 运行于 Node.js（{path}）：请用 npm 或 git 更新',
  'selfUpdate.unsigned':
    '{file} 未签名（旁边既没有它的 .sig，也没有 SHA256SUMS 和 SHA256SUMS.sig）：未签名的版本一律不安装',
  'selfUpdate.noReleaseSignature':
    '{file} 在门户上发布时没有附带其发布签名：仅有门户自己的签名不足以让 fwportal 替换自身，未安装任何内容',
  'selfUpdate.badSignature':
    '{file} 不是由此 fwportal 内置的发布密钥（密钥 {keyId}）签名的；仅有门户的签名不够：未安装任何内容',
  'selfUpdate.notListed': '已签名的 SHA256SUMS 中没有 {file}：未安装任何内容',
  'selfUpdate.notABuild': '{file} 的名称不是 fwportal 版本的格式（fwportal-版本-平台）：未安装任何内容',
  'selfUpdate.otherPlatform': '{file} 为 {platform} 构建，而此 fwportal 为 {running}：未安装任何内容',
  'selfUpdate.older': '{version} 比当前 fwportal（{running}）旧：拒绝降级',
  'selfUpdate.upToDate': 'fwportal {running} 已是 {platform} 的最新版本：无需更新',
  'selfUpdate.noBuild': '门户没有向您提供 {platform} 的 fwportal 版本',
  'selfUpdate.steppingStone':
    '本 fwportal 无法验证 {newest}（缺少发布签名，或签名密钥不为本版本所知，例如更换发布密钥之后）：先安装本版本能验证的最新构建 {file}，之后再运行一次 self-update 即可取得其余更新',
  'selfUpdate.downloading': '正在下载 {file}（{size}）…',
  'selfUpdate.tampered': '{file}：SHA-256 与签名值不符（被篡改或已损坏）：未安装任何内容',
  'selfUpdate.tooLarge': '{file}：超过 {size}，超出构建可能的大小（已停止读取）：未安装任何内容',
  'selfUpdate.candidateFailed': '新版本无法启动或报告的版本不是 {version}（{reason}）：未安装任何内容',
  'selfUpdate.notWritable':
    '无法在 {path} 中写入文件（{reason}）：请以 fwportal 文件所有者身份运行，或手动替换',
  'selfUpdate.done': 'fwportal 已从 {from} 更新到 {to}（{path}）',
};
