/** Header bell (notices) and the release-notes dialog. */
export const notices = {
  'bell.label': '通知，{{unread}} 条未读',
  'popover.title': '通知',
  'popover.markAllRead': '全部已读',
  'popover.empty': '暂无通知',
  'detail.postedAt': '发布于 {{time}}',
  'popover.loadFailed': '通知加载失败',
  'popover.refreshing': '正在检查新通知',
  'mirror.versionInfo': '版本信息',
  'releaseNotes.releasedAt': '发布时间：{{time}}',
  'releaseNotes.kind.new': '新增',
  'releaseNotes.kind.optimize': '优化',
  'releaseNotes.kind.hotfix': '修复',
  'releaseNotes.empty': '暂无版本信息',
  'releaseNotes.loadFailed': '查看版本信息异常',
};
