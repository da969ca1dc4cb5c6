import { describeSoftwarePageByClicks } from './support/axe-tour';

// The English half: accessibility-licence-subpages-en.test.ts (issue 41: one file took 25 s in CI).
describeSoftwarePageByClicks('zh-CN');
