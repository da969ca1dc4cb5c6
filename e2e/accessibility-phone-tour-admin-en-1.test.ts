import { describeMenuTour } from './support/axe-tour';

// The other half of this tour's routes: accessibility-phone-tour-admin-en-2.test.ts.
describeMenuTour('admin', 'phone', 'en-US', { index: 0, of: 2 });
