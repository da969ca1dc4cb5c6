import { describeMenuTour } from './support/axe-tour';

describeMenuTour('admin', 'desktop', 'en-US', 'first');
