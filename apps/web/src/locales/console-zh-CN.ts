/* The zh-CN texts of the signed-in console, one chunk fetched with the console (see index.ts). */
export { account } from './zh-CN/account';
export { advisories } from './zh-CN/advisories';
export { activation } from './zh-CN/activation';
export { automation } from './zh-CN/automation';
export { catalog } from './zh-CN/catalog';
export { fleet } from './zh-CN/fleet';
export { home } from './zh-CN/home';
export { menu } from './zh-CN/menu';
export { notices } from './zh-CN/notices';
export { publishing } from './zh-CN/publishing';
export { psirt } from './zh-CN/psirt';
export { settings } from './zh-CN/settings';
export { shell } from './zh-CN/shell';
export { system } from './zh-CN/system';
export { tabs } from './zh-CN/tabs';
export { tasks } from './zh-CN/tasks';
