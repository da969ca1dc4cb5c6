import { describeMenuTour } from './support/axe-tour';

// The other half of this tour's routes: accessibility-tour-admin-zh-1.test.ts.
describeMenuTour('admin', 'desktop', 'zh-CN', { index: 1, of: 2 });
