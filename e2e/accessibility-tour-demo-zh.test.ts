import { describeMenuTour } from './support/axe-tour';

describeMenuTour('demo', 'desktop', 'zh-CN');
