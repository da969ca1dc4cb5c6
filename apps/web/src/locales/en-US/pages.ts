import type { TranslationsOf } from '../types';
import type { pages as reference } from '../zh-CN/pages';

export const pages: TranslationsOf<typeof reference> = {
  'comingSoon.tag': 'Coming soon',
  'welcome.greeting': 'Welcome back, {{name}}',
  'welcome.lastLogin': 'Last sign-in: {{time}}, IP: {{ip}}',
  'welcome.firstLogin': 'Welcome to your first visit of the Server Firmware & Software Portal.',
  'welcome.apps.title': 'Your applications',
  'welcome.apps.current': 'Current',
  'welcome.apps.empty': 'You have no applications yet',
  'welcome.links.title': 'Shortcuts',
  'welcome.links.firmware': 'Firmware download',
  'welcome.links.firmwareHint': 'Server firmware, PCIe firmware and custom LiveCD images',
  'welcome.links.software': 'Software download',
  'welcome.links.softwareHint': 'Management platform, tools, documents and plugins',
  'firmware.title': 'Firmware download',
  'firmware.description':
    'Server firmware (BMC, BIOS, PSU, DISK, NIC, CPLD, RAID), PCIe firmware looked up by PN or SN, and custom LiveCD images will be downloadable here. Coming soon.',
  'software.title': 'Software download',
  'software.description':
    'The data-center management platform, Kits, uKits, the server CLI and Boot, with their documents and plugins, will be downloadable here, along with activation codes. Coming soon.',
  'erpTool.title': 'Agile Customization',
  'erpTool.description': 'ERP tools and agile customization services will be available here. Coming soon.',
  'public.advisories.title': 'Security advisories',
  'public.backToLogin': 'Back to sign in',
  'public.register.title': 'Register',
  'public.register.description':
    'The registration form is coming soon. You will choose your industry; the SN can be verified after registering.',
  'public.registerResult.title': 'Registration result',
  'public.registerResult.description':
    'Once you have registered, the result and how to activate your account will be shown here.',
  'public.recover.title': 'Recover password',
  'public.recover.description': 'Password recovery is coming soon; you will be able to reset it by e-mail.',
  'public.overseasDownload.title': 'Overseas download',
  'public.overseasDownload.description':
    'Firmware and software downloads for overseas users are coming soon.',
  'public.overseasDownloadImsCli.title': 'CLI overseas download',
  'public.overseasDownloadImsCli.description': 'The server CLI download for overseas users is coming soon.',
  'public.passwordLinkExpired.title': 'Link expired',
  'public.passwordLinkExpired.description':
    'This password reset link has expired or was already used. Please request a new one.',
  'account.center.tabs.downloads': 'Download records',
  'account.center.tabs.logins': 'Login records',
  'account.center.tabs.tasks': 'Tasks',
  'account.center.downloads.empty':
    'The firmware and software you download will be listed here (content and time). Coming soon.',
  'account.center.logins.empty':
    'Your sign-ins will be listed here (login type, result, IP and time). Coming soon.',
  'account.settings.menu': 'Settings sections',
  'account.settings.base.description':
    'You will be able to change your nickname, e-mail and phone number here. Coming soon.',
  'account.settings.security.description':
    'You will be able to change your password and review your account security here. Coming soon.',
  'account.settings.custom.description': 'You will be able to set personal preferences here. Coming soon.',
  'account.settings.binding.description': 'You will be able to link third-party accounts here. Coming soon.',
  'account.settings.notification.description':
    'You will be able to choose how new messages reach you here. Coming soon.',
  /** The page `fwportal login` links to (RFC 8628 verification URI). */
  'device.title': 'Sign in a command-line client',
  'disclosure.title': 'Vulnerability disclosure',
  'csafFile.title': 'CSAF file',
};
