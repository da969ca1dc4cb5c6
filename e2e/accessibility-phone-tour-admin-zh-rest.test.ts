import { describeMenuTour } from './support/axe-tour';

describeMenuTour('admin', 'phone', 'zh-CN', 'second');
