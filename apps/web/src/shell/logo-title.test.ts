import { describe, expect, it } from 'vitest';
import { LOGO_TITLE_MAX_WIDTH } from '@/config/console';
import { textWidth } from '@/lib/format';
import { common as enUS } from '@/locales/en-US/common';
import { common as zhCN } from '@/locales/zh-CN/common';

describe('the logo short name', () => {
  it.each([
    ['en-US', enUS],
    ['zh-CN', zhCN],
  ])('fits the top menu whole in %s, so the spec rule does not cut it', (_locale, words) => {
    expect(textWidth(words['app.shortName'])).toBeLessThanOrEqual(LOGO_TITLE_MAX_WIDTH.topMenu);
    // The long name is what the rule would cut: the short one is not there for show.
    expect(textWidth(words['app.name'])).toBeGreaterThan(LOGO_TITLE_MAX_WIDTH.sideMenu);
  });
});
