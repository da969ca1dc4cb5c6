import { generate } from '@ant-design/colors';
import type { CSSProperties } from 'react';

/**
 * The primary colour's shades that the console frame paints with, as CSS variables: the frame
 * (menu, tabs, header buttons) is drawn without antd, so the home does not wait for antd's code,
 * yet it takes the same shades antd derives for its own components: the light background of a
 * selected menu entry (antd's colorPrimaryBg) and the darker text on it (colorPrimaryActive,
 * 4.5:1 on that background, see config/theme.ts).
 */
export function primaryPalette(primaryColor: string): CSSProperties {
  const shades = generate(primaryColor);
  return {
    '--portal-primary': primaryColor,
    '--portal-primary-bg': shades[0],
    '--portal-primary-active': shades[6],
  } as CSSProperties;
}
