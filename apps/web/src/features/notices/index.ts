export { NoticeIcon } from './components/notice-icon';
