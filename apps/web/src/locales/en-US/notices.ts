import type { TranslationsOf } from '../types';
import type { notices as reference } from '../zh-CN/notices';

export const notices: TranslationsOf<typeof reference> = {
  'bell.label': 'Notifications, {{unread}} unread',
  'popover.title': 'Notifications',
  'popover.markAllRead': 'Mark all as read',
  'popover.empty': 'No notifications',
  'popover.loadFailed': 'Failed to load notifications',
  'popover.refreshing': 'Checking for new notifications',
  'detail.postedAt': 'Posted {{time}}',
  'mirror.versionInfo': 'Version information',
  'releaseNotes.releasedAt': 'Released: {{time}}',
  'releaseNotes.kind.new': 'New',
  'releaseNotes.kind.optimize': 'Optimized',
  'releaseNotes.kind.hotfix': 'Hotfix',
  'releaseNotes.empty': 'No version information yet',
  'releaseNotes.loadFailed': 'Failed to view version information',
};
