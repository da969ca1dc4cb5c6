import { describeMenuTour } from './support/axe-tour';

describeMenuTour('admin', 'desktop', 'zh-CN', 'second');
