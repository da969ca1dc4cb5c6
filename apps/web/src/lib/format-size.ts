/** The contract's, so the server's task log and the console say a size alike (issue 42 §3). */
export { formatSize } from '@portal/contract';
