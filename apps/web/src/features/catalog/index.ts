/** What other features may use of the catalogue (the only entry the boundaries lint allows). */
export { useModels } from './api/get-models';
export { useVersions } from './api/get-versions';
export { SeverityTag } from './components/severity-tag';
export { SnPnListInput } from './components/sn-pn-list-input';
export { startLinkDownload, taskResultLink } from './utils/start-download';
