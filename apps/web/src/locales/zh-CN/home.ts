export const home = {
  'pages.home.welcome': '欢迎，{{name}}',
  'pages.home.subtitle': '您已成功登录服务器固件与软件下载门户。',
  'pages.home.apps.title': '您的应用',
  'pages.home.apps.active': '当前',
  'pages.home.apps.empty': '您暂时没有可用的应用',
  'pages.home.catalogue.comingSoon': '固件与软件目录即将上线，敬请期待。',
};
