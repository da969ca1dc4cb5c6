/** The staff application `system`: pages for running the portal. */
export const system = {
  'outbox.channel.mail': '邮件',
  'outbox.channel.sms': '短信',
  'outbox.column.recipient': '收件人',
  'outbox.column.subject': '主题',
  'outbox.column.message': '内容',
  'outbox.column.status': '状态',
  'outbox.column.time': '时间',
  'outbox.status.sent': '已发送',
  'outbox.status.logged': '仅记录（未配置发送通道）',
  'outbox.status.failed': '发送失败',
  'outbox.empty': '暂无发信记录',
  'outbox.loadFailed': '发信记录加载失败',
  'outbox.total': '第 {{from}}-{{to}} 条/总共 {{total}} 条',
};
