/* The en-US texts of the signed-in console, one chunk fetched with the console (see index.ts). */
export { account } from './en-US/account';
export { advisories } from './en-US/advisories';
export { activation } from './en-US/activation';
export { automation } from './en-US/automation';
export { catalog } from './en-US/catalog';
export { fleet } from './en-US/fleet';
export { home } from './en-US/home';
export { menu } from './en-US/menu';
export { notices } from './en-US/notices';
export { publishing } from './en-US/publishing';
export { psirt } from './en-US/psirt';
export { settings } from './en-US/settings';
export { shell } from './en-US/shell';
export { system } from './en-US/system';
export { tabs } from './en-US/tabs';
export { tasks } from './en-US/tasks';
