import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { consoleTheme, PRIMARY_COLOR } from './theme';

type Rgba = [number, number, number, number];

function parseColour(colour: string): Rgba {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short)
    return parseColour(
      `#${short
        .slice(1, 4)
        .map((digit) => digit + digit)
        .join('')}`,
    );
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return [...hex.slice(1, 4).map((part) => Number.parseInt(part, 16)), 1] as Rgba;
  const rgba = /^rgba?\(([^)]+)\)$/.exec(colour);
  if (!rgba?.[1]) throw new Error(`not a colour: ${colour}`);
  const [r = 0, g = 0, b = 0, a = 1] = rgba[1].split(',').map(Number);
  return [r, g, b, a];
}

/** Relative luminance of `colour` drawn on the opaque `background` (WCAG 2.1). */
function luminance(colour: string, background = '#ffffff'): number {
  const [r, g, b, alpha] = parseColour(colour);
  const under = parseColour(background);
  const [red, green, blue] = [r, g, b].map((value, i) => {
    const channel = (value * alpha + (under[i] ?? 255) * (1 - alpha)) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

const contrast = (text: string, background: string) => {
  const [light, dark] = [luminance(text, background), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
};

const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;

describe('console theme (WCAG 2.1 AA, 4.5:1 for text)', () => {
  const token = antdTheme.getDesignToken(consoleTheme(PRIMARY_COLOR));

  it('keeps secondary text, placeholders and links readable on white and on the layout grey', () => {
    for (const background of [token.colorBgContainer, token.colorBgLayout]) {
      expect(contrast(token.colorTextDescription, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token.colorTextTertiary, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(token.colorTextPlaceholder, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorLink, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorPrimaryActive, token.controlItemBgActive)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['Success', 'Warning', 'Error', 'Info'] as const)(
    'writes %s status texts readably on their tint and on white',
    (status) => {
      const colour = token[`color${status}`];
      expect(contrast(colour, token[`color${status}Bg`])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(PRESET_COLOURS)('writes %s tags readably on their tint', (colour) => {
    expect(contrast(token[`${colour}7`], token[`${colour}1`])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token[`${colour}-7`], token[`${colour}-1`])).toBeGreaterThanOrEqual(4.5);
  });
});
