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
};
