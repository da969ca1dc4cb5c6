import { describeMenuTour } from './support/axe-tour';

// The other half of this tour's routes: accessibility-phone-tour-admin-zh-1.test.ts.
describeMenuTour('admin', 'phone', 'zh-CN', { index: 1, of: 2 });
