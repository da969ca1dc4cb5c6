import type { mirrorEnUS } from './mirror.en-US.ts';

/** `fwportal mirror` 的消息，简体中文：与 mirror.en-US.ts 的键完全一致。 */
export const mirrorZhCN: Record<keyof typeof mirrorEnUS, string> = {
  'help.mirror':
    '隔离网络自己的仓库：mirror sync --out 目录 [--models 型号] [--sn-file 文件] [--kinds 类型] | verify 目录 | prune 目录 --keep N',
  'help.report': '上传离线审计写下的读数：report --from 文件',
  'mirror.unsafePath': '{file}：不是镜像中允许的路径（已拒绝，未获取或读取任何内容）',
  'mirror.copyStalled':
    '{file}：镜像文件已有 {seconds} 秒未读写任何字节（驱动器已移除或挂载卡住？）；未发送任何内容',
  'mirror.fileMismatch': '镜像中的 {file} 与签名的 SHA-256 和大小不符：已拒绝，未发送任何内容',
  'mirror.redirectRefused': '镜像把 {file} 重定向到镜像之外的 {target}：已拒绝',
  'mirror.remoteMissing': '镜像 {url} 中没有 {file}（HTTP 404）',
  'mirror.remoteStatus': '镜像对 {file} 的应答为 HTTP {status}',
  'mirror.readingsWritten':
    '已将 {count} 台服务器的读数写入 {file}（按快照 {snapshot} 判定）：请在联网的机器上用 fwportal report --from 上传',
  'mirror.badReadings': '{file} 不是 fwportal audit --repo 写下的读数文件',
  'mirror.readingsOtherPortal':
    '{file} 中的读数是按 {origin} 的合规上下文判定的，不是本门户（{url}）的：已拒绝。请上传到读数所属的门户',
  'mirror.readingsOtherKey':
    '{file} 中的读数所依据的合规上下文由密钥 {keyId} 签名，而本门户的密钥是 {portalKeyId}：已拒绝。请上传到读数所属的门户',
  'mirror.readingsNoOrigin':
    '{file} 未注明读数来自哪个门户：已拒绝。请重新运行 fwportal audit --repo 生成读数',
  'mirror.reported': '已向门户报告 {servers} 台服务器：{changed} 项组件读数有变化，{unknown} 个 SN 不属于您',
  'usage.mirrorSubcommand': 'mirror 的子命令为：sync、verify、prune',
  'mirror.unreadableFile': '{file}：不是不超过 {size} 的普通文件（链接、设备或过大）：已拒绝，未读取',
  'mirror.contextSignedAt': '依据快照 {snapshot} 的合规上下文判定，门户签名时间 {signedAt}',
  'mirror.olderContext':
    '快照 {snapshot} 的合规上下文签名于 {signedAt}，早于本机已使用过的 {newest}：镜像可能被回滚（公告较旧、修复被扣留）。未做任何判定；如确需使用，请加 --allow-older',
  'mirror.olderContextAllowed':
    '警告：快照 {snapshot} 的合规上下文签名于 {signedAt}，早于本机已使用过的 {newest}（--allow-older）',
  'mirror.badAdvisory':
    '安全公告 {file}：其 OpenPGP 签名无法用门户的 CSAF 公钥验证，未写入快照。请重新同步：若仍失败，说明门户的应答在传输途中被篡改',
  'mirror.olderSync':
    '门户返回的合规上下文签名于 {signedAt}，早于快照 {snapshot} 中的 {newest}：可能是重放的旧应答？未写入快照',
  'mirror.notAMirror': '{dir} 不是 fwportal 镜像（无法读取 mirror.json）',
  'mirror.badIndex': '快照 {snapshot}：index.json 无法读取或不属于该快照',
  'mirror.snapshotExists': '快照 {snapshot} 已存在：快照不可更改，请换一个名称',
  'mirror.badSnapshotName': '--snapshot 的名称只能由字母、数字、“.”、“_”和“-”组成（最多 64 个字符）',
  'mirror.created': '快照 {snapshot}：{files} 个文件，{bytes}，{advisories} 份安全公告',
  'mirror.unchanged': '自快照 {snapshot} 以来没有新内容：{files} 个文件，{bytes}，{advisories} 份安全公告',
  'mirror.fetched': '已获取 {fetched} 个文件，有效数据 {fetchedBytes}，用时 {seconds} 秒',
  'mirror.failed': '{file}（版本 {versionId}）失败：{message}',
  'mirror.interrupted': '未写入快照：门户停止了应答。请再次运行同一命令：已有内容会保留并继续',
  'mirror.incomplete': '未写入快照：{count} 个文件失败。请再次运行同一命令：已有内容会保留并续传',
  'mirror.verified': '{snapshots} 个快照，{files} 个文件，{bytes}：全部与签名索引一致',
  'mirror.verifyFailed': '失败  {path}：{reason}',
  'mirror.verifyFailedCount': '{files} 个文件中有 {count} 个校验失败',
  'mirror.nothing': '{dir} 中没有可校验的内容（没有快照）',
  'mirror.pruned': '保留 {kept} 个快照，删除 {removed} 个快照及 {files} 个不再被任何快照引用的文件',
  'mirror.noContext': '快照 {snapshot} 不含合规上下文：请用具有 inventory 权限范围的令牌同步',
  'mirror.problem.badIndex': '快照索引无法读取或不属于该快照',
  'mirror.problem.badSignature': '门户签名无法用登录时固定的公钥验证',
  'mirror.problem.notSigned': '不在门户签名的清单中（版本 {detail}）',
  'mirror.problem.unsafePath': '不是镜像可包含的路径（已拒绝，未读取）',
  'mirror.problem.missing': '文件缺失',
  'mirror.problem.symlink': '不是普通文件（从不跟随链接）',
  'mirror.problem.size': '大小与签名值不符',
  'mirror.problem.checksum': 'SHA-256 与签名值不符',
  'mirror.problem.openPgpSignature': '安全公告的 OpenPGP 签名（{detail}）无法用门户的 CSAF 公钥验证',
  'mirror.problem.openPgpUnproven':
    '无法证明该安全公告：镜像中没有经门户签名的 CSAF OpenPGP 公钥（请重新同步）',
};
