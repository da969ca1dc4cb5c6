import { describeMenuTour } from './support/axe-tour';

// The other half of this tour's routes: accessibility-phone-tour-admin-en-1.test.ts.
describeMenuTour('admin', 'phone', 'en-US', { index: 1, of: 2 });
