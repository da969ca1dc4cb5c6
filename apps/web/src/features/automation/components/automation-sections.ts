/* The automation sections of the account settings, loaded together as one chunk by automation-section-page. */
export { ApiTokensSection } from './api-tokens-section';
