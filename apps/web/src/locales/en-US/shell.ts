import type { TranslationsOf } from '../types';
import type { shell as reference } from '../zh-CN/shell';

export const shell: TranslationsOf<typeof reference> = {
  'header.collapse': 'Collapse menu',
  'header.expand': 'Expand menu',
  'header.openMenu': 'Open menu',
  'header.releaseNotes': 'Version information',
  'apps.label': 'Applications',
  'apps.switch': 'Switch application',
  'apps.dialog.title': 'Switch application',
  'apps.dialog.current': 'Current',
  'apps.switchFailed': 'Application switching exception',
  'user.center': 'Personal center',
  'user.settings': 'Account settings',
  'user.individual': 'Individual account',
  'user.logout': 'Log out',
  'noMenu.title': 'Prompt information',
  'noMenu.content': 'No menu permission, please contact the administrator',
  'noMenu.ok': 'Confirm',
};
