import { describeMenuTour } from './support/axe-tour';

describeMenuTour('demo', 'desktop', 'en-US');
