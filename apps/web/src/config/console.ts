/** Spec 4/9: device breakpoints in px — desktop from `desktop` up, tablet from `tablet` up, mobile below. */
export const DEVICE_BREAKPOINTS = { tablet: 576, desktop: 1200 } as const;

/** Spec 4/9: with auto-hide on, the header hides once the page is scrolled down past this many px. */
export const HEADER_HIDE_THRESHOLD_PX = 300;

/** Spec 9: primary colour presets in drawer order; `key` names the colour in the `settings` locale. */
export const PRIMARY_COLOR_PRESETS = [
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'daybreak', color: '#0070e0' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;

/**
 * Spec 4/9: the header bell's popover; `refreshMs` keeps the badge current without a push channel.
 * The spec's fixed 2 s spinner on every open belonged to the template's placeholder notices, as
 * its fixed badge of 12 did: with real notices polled every minute, the popover shows the page it
 * has at once and refreshes it, a small spinner in its header meanwhile (issue 42 §3).
 */
export const NOTICE_POPOVER = { widthPx: 300, pageSize: 10, refreshMs: 60_000 } as const;

/** Spec 2/9: the logo title is cut with an ellipsis above this display width (see lib/format textWidth). */
export const LOGO_TITLE_MAX_WIDTH = { sideMenu: 10, topMenu: 8 } as const;

/** Spec 2/9: the side menu is 208px wide, 80px when collapsed. */
export const SIDE_MENU_WIDTH_PX = { expanded: 208, collapsed: 80 } as const;

/** Spec 2/9: header height. */
export const HEADER_HEIGHT_PX = 48;

/** Spec 2/9: an embedded-frame page is as tall as the window minus this many px. */
export const IFRAME_HEIGHT_OFFSET_PX = 260;

/** Content width "Fixed" centres the page at this width (the "Fluid" setting uses the full width). */
export const FIXED_CONTENT_MAX_WIDTH_PX = 1200;
