import { account } from './account';
import { activation } from './activation';
import { automation } from './automation';
import { catalog } from './catalog';
import { common } from './common';
import { errors } from './errors';
import { home } from './home';
import { login } from './login';
import { menu } from './menu';
import { notices } from './notices';
import { pages } from './pages';
import { publishing } from './publishing';
import { register } from './register';
import { settings } from './settings';
import { shell } from './shell';
import { system } from './system';
import { tabs } from './tabs';
import { tasks } from './tasks';

export const translations = {
  common,
  login,
  home,
  errors,
  shell,
  menu,
  pages,
  settings,
  tabs,
  notices,
  account,
  register,
  system,
  publishing,
  catalog,
  activation,
  tasks,
  automation,
};
