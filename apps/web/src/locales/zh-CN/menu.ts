export const menu = {
  'nav.label': '导航菜单',
  'nav.external': '在新窗口中打开',
  'nav.more': '更多菜单项',
  'breadcrumb.label': '当前位置',
  'frame.title': '{{title}}（内嵌页面）',
};
