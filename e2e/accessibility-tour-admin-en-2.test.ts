import { describeMenuTour } from './support/axe-tour';

// The other half of this tour's routes: accessibility-tour-admin-en-1.test.ts.
describeMenuTour('admin', 'desktop', 'en-US', { index: 1, of: 2 });
