import { describePublicTour } from './support/axe-tour';

describePublicTour('en-US');
