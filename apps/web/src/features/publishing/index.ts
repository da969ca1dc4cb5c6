/** What other features may use of publishing (the only entry the boundaries lint allows). */
export { useItemVersions } from './api/get-item-versions';
export { usePublishItems } from './api/get-publish-items';
