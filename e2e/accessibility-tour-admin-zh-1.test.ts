import { describeMenuTour } from './support/axe-tour';

// The other half of this tour's routes: accessibility-tour-admin-zh-2.test.ts.
describeMenuTour('admin', 'desktop', 'zh-CN', { index: 0, of: 2 });
