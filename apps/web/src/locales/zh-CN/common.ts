export const common = {
  'app.name': '服务器固件与软件下载门户',
  // The logo's short name: the spec cuts a longer logo title at 10 (top menu 8) widths.
  'app.shortName': '固件门户',
  'app.logoName': '{{short}}（{{full}}）',
  'app.copyright': '版权所有 © {{year}} 服务器固件与软件下载门户',
  'app.loading': '加载中…',
  // A chosen value the server's list no longer has (a deleted model, a retired role).
  'select.unavailable': '已不可用',
  'table.total': '第 {{from}}-{{to}} 条，共 {{total}} 条',
  // The name of a table's box that scrolls (on a phone, sideways), once it takes the keyboard focus.
  'table.scrollRegion': '可滚动的表格',
  'language.label': '语言',
  'language.zh-CN': '中文',
  'language.en-US': 'English',
};
