/* The account settings sections, loaded together as one chunk by settings-section-page. */
export { BaseSettings } from './base-settings';
export { BindingSettings } from './binding-settings';
export { CustomSettings } from './custom-settings';
export { NotificationSwitches } from './notification-switches';
export { SecuritySettings } from './security-settings';
