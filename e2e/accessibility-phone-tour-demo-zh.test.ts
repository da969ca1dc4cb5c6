import { describeMenuTour } from './support/axe-tour';

describeMenuTour('demo', 'phone', 'zh-CN');
