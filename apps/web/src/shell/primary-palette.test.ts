import { describe, expect, it } from 'vitest';
import { consoleTheme } from '@/config/theme';
import { theme } from 'antd';
import { primaryPalette } from './primary-palette';

describe('primaryPalette', () => {
  it.each(['#0070e0', '#52c41a', '#f5222d'])(
    'gives the frame the shades antd derives from %s for its own selected menu entries',
    (primaryColor) => {
      const token = theme.getDesignToken({ token: consoleTheme(primaryColor).token });
      expect(primaryPalette(primaryColor)).toEqual({
        '--portal-primary': primaryColor,
        '--portal-primary-bg': token.colorPrimaryBg,
        '--portal-primary-active': token.colorPrimaryActive,
      });
    },
  );
});
