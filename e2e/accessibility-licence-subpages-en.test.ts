import { describeSoftwarePageByClicks } from './support/axe-tour';

// The Chinese half: licence-subpages.test.ts.
describeSoftwarePageByClicks('en-US');
