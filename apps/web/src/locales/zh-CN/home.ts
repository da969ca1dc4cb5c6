export const home = {
  'pages.home.welcome': '欢迎，{{name}}',
  'pages.home.subtitle': '您已成功登录服务器固件与软件下载门户。',
  'pages.home.apps.title': '您的应用',
  'pages.home.apps.active': '当前',
  'pages.home.apps.empty': '您暂时没有可用的应用',
  'pages.home.catalogue.title': '最新发布',
  'pages.home.catalogue.firmware': '固件下载',
  'pages.home.catalogue.software': '软件下载',
  'pages.home.catalogue.empty': '暂无您可下载的发布',
};
