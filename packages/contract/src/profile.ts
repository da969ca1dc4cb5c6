import { z } from 'zod';
import { localeSchema } from './locale';
import { EMAIL_MAX_LENGTH } from './limits';

/**
 * Who an account is and how to reach it: what the owner sees on the account settings page and
 * staff see in the user list. `company` is what the user typed: contact information only.
 */
export const accountContactFields = {
  account: z.string(),
  nickName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
};

/** Account settings, base page. Email and phone change through codes (security page). */
export const profileSchema = z.object({
  ...accountContactFields,
  industry: z.string(),
  locale: localeSchema,
  avatar: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileBodySchema = z.object({
  nickName: z.string().trim().min(1).max(64),
  name: z.string().trim().max(64),
  company: z.string().trim().max(128),
  industry: z.string().trim().max(64),
  locale: localeSchema,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const bindEmailBodySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  code: z.string().trim().max(16),
});
export const bindPhoneBodySchema = z.object({
  phone: z.string().trim().max(32),
  code: z.string().trim().max(16),
});

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const uploadedFileSchema = z.object({
  id: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export const filePreviewQuerySchema = z.object({ id: z.string().max(64) });

/** Settings drawer values kept on the server so they follow the user (account settings, custom). */
export const displayPreferencesSchema = z.object({
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  navTheme: z.enum(['light', 'dark']),
  layout: z.enum(['sidemenu', 'topmenu']),
  contentWidth: z.enum(['Fluid', 'Fixed']),
  fixedHeader: z.boolean(),
  fixSiderbar: z.boolean(),
  autoHideHeader: z.boolean(),
  colorWeak: z.boolean(),
  multiTab: z.boolean(),
});
export type DisplayPreferences = z.infer<typeof displayPreferencesSchema>;
/**
 * Spec 4 "Defaults". Here rather than in the web app so the browser tests, which cannot load
 * the app's modules, put an account back to exactly what the console starts from.
 */
export const DEFAULT_DISPLAY_PREFERENCES: Readonly<DisplayPreferences> = {
  navTheme: 'light',
  primaryColor: '#0070e0',
  layout: 'topmenu',
  contentWidth: 'Fluid',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multiTab: false,
};
/** null until the user saves once: the client keeps its own defaults. */
export const storedPreferencesSchema = displayPreferencesSchema.partial().nullable();

const channelSchema = z.object({ inApp: z.boolean(), email: z.boolean() });
export const notificationSettingsSchema = z.object({
  /** New firmware for a server bound to my account. */
  firmwareForMyServers: channelSchema,
  /** A background task of mine finished. */
  taskFinished: channelSchema,
  securityAdvisories: channelSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  firmwareForMyServers: { inApp: true, email: true },
  taskFinished: { inApp: true, email: false },
  securityAdvisories: { inApp: true, email: true },
};
