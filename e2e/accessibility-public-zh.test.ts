import { describePublicTour } from './support/axe-tour';

describePublicTour('zh-CN');
