export { AttentionPanel } from './attention-panel';
