export const login = {
  'pages.login.title': '登录',
  'pages.login.subtitle': '登录以下载服务器固件与软件',
  'pages.login.account.placeholder': '账号',
  'pages.login.account.required': '请输入账号',
  'pages.login.password.placeholder': '密码',
  'pages.login.password.required': '请输入密码',
  'pages.login.captcha.placeholder': '验证码',
  'pages.login.captcha.required': '请输入验证码',
  'pages.login.captcha.alt': '验证码图片',
  'pages.login.captcha.refresh': '看不清？点击换一张',
  'pages.login.submit': '登录',
};
