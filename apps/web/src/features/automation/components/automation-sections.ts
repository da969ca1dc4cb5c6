/* The automation sections of the account settings, loaded together as one chunk by automation-section-page. */
export { ApiTokensSection } from './api-tokens-section';
export { FeedsSection } from './feeds-section';
export { WebhooksSection } from './webhooks-section';
