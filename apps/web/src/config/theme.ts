import type { ThemeConfig } from 'antd';

/** Default primary colour of the console (spec 4, interface defaults). */
export const PRIMARY_COLOR = '#0070e0';

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR },
};
