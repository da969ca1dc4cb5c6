import type { TranslationsOf } from '../types';
import type { home as reference } from '../zh-CN/home';

export const home: TranslationsOf<typeof reference> = {
  'pages.home.welcome': 'Welcome, {{name}}',
  'pages.home.subtitle': 'You are signed in to the Server Firmware & Software Portal.',
  'pages.home.apps.title': 'Your applications',
  'pages.home.apps.active': 'Current',
  'pages.home.apps.empty': 'You have no applications yet',
  'pages.home.catalogue.title': 'Newest releases',
  'pages.home.catalogue.firmware': 'Firmware download',
  'pages.home.catalogue.software': 'Software download',
  'pages.home.catalogue.empty': 'No releases available to you yet',
  'pages.home.attention.title': 'Needs your attention',
  'pages.home.attention.loading': 'Reading the state of your servers…',
  'pages.home.attention.failed': 'The state of your servers could not be read: {{message}}',
  'pages.home.attention.total_one': '{{count}} server in all',
  'pages.home.attention.total_other': '{{count}} servers in all',
  'pages.home.attention.allCurrent_one': 'Your {{count}} server runs current firmware: nothing needs doing.',
  'pages.home.attention.allCurrent_other':
    'Your {{count}} servers all run current firmware: nothing needs doing.',
  'pages.home.attention.unknownHint':
    "Some versions cannot be judged: report those servers' firmware inventory.",
  'pages.home.attention.advisories': 'Advisories concerning your servers, most severe first',
  'pages.home.attention.noAdvisories': 'No security advisory concerns your servers at present.',
  'pages.home.attention.allAdvisories_one': 'Show it ({{count}})',
  'pages.home.attention.allAdvisories_other': 'Show all {{count}}',
  'pages.home.attention.myServers': 'My servers',
  'pages.home.attention.noServers':
    'The portal knows none of your servers yet, so it cannot tell whether any needs an update.',
};
