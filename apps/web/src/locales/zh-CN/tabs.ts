export const tabs = {
  'bar.label': '已打开的页面',
  'title.filtered': '{{title}}（筛选：{{filters}}）',
  'title.detail': '{{title}}：{{detail}}',
  'menu.closeCurrent': '关闭当前标签',
  'menu.closeRight': '关闭右侧',
  'menu.closeLeft': '关闭左侧',
  'menu.closeAll': '关闭全部',
  'message.lastTab': '这是最后一个标签了, 无法被关闭',
  'message.noLeft': '左侧没有标签',
  'message.noRight': '右侧没有标签',
};
