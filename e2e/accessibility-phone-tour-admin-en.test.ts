import { describeMenuTour } from './support/axe-tour';

describeMenuTour('admin', 'phone', 'en-US', 'first');
