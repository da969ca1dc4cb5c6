/* The en-US texts of the signed-in console, one chunk fetched with the console (see index.ts). */
export { account } from './en-US/account';
export { home } from './en-US/home';
export { menu } from './en-US/menu';
export { notices } from './en-US/notices';
export { settings } from './en-US/settings';
export { shell } from './en-US/shell';
export { tabs } from './en-US/tabs';
