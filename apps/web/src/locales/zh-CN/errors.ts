export const errors = {
  'api.backendUnavailable': '后端未启动或代理错误',
  'api.badResponse': '服务器返回了无法识别的响应',
  'api.forbidden': '禁止访问',
  'api.unauthorized': '未授权',
  'api.unauthorizedDescription': '授权验证失败',
  'pages.forbidden.title': '无权访问',
  'pages.forbidden.subTitle': '抱歉，您无权访问此页面。',
  'pages.notFound.title': '页面不存在',
  'pages.notFound.subTitle': '抱歉，您访问的页面不存在或仍在开发中。',
  'pages.serverError.title': '服务器错误',
  'pages.serverError.subTitle': '抱歉，服务器出错了，请稍后重试。',
  'pages.backToConsole': '返回控制台',
};
