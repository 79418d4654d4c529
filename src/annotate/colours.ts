/**
 * The colour of each block role in annotated screenshots and the HTML report. Opaque sRGB hex.
 *
 * | role          | colour    |                                         |
 * |---------------|-----------|-----------------------------------------|
 * | main          | `#e4007c` | magenta: the main content, drawn last    |
 * | header        | `#1f77b4` | blue                                    |
 * | navigation    | `#17becf` | cyan                                    |
 * | footer        | `#393b79` | indigo                                  |
 * | sidebar       | `#ff7f0e` | orange                                  |
 * | comments      | `#2ca02c` | green                                   |
 * | related       | `#9467bd` | purple                                  |
 * | advertisement | `#d62728` | red                                     |
 * | overlay       | `#8c564b` | brown                                   |
 * | content       | `#bcbd22` | olive (content that is not the main)    |
 * | other         | `#7f7f7f` | grey                                    |
 *
 * Separators are drawn in {@link SEPARATOR_COLOUR} (yellow), translucent.
 */
import type { Role } from '../classify/types.js';

export const ROLE_COLOURS: Readonly<Record<Role, string>> = Object.freeze({
  main: '#e4007c',
  header: '#1f77b4',
  navigation: '#17becf',
  footer: '#393b79',
  sidebar: '#ff7f0e',
  comments: '#2ca02c',
  related: '#9467bd',
  advertisement: '#d62728',
  overlay: '#8c564b',
  content: '#bcbd22',
  other: '#7f7f7f',
});

/** The main block's colour (border and translucent fill). */
export const MAIN_COLOUR = ROLE_COLOURS.main;

/** Colour of the separator bands. */
export const SEPARATOR_COLOUR = '#ffd400';

/** Roles in legend order. */
export const ROLE_ORDER: readonly Role[] = [
  'main', 'header', 'navigation', 'footer', 'sidebar', 'comments', 'related', 'advertisement', 'overlay', 'content', 'other',
];

/** The role's colour; unknown roles (e.g. from an older record) fall back to `other`. */
export function roleColour(role: string): string {
  return (ROLE_COLOURS as Record<string, string>)[role] ?? ROLE_COLOURS.other;
}

/** `#rrggbb` -> [r, g, b]. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.replace(/^#/, ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Black or white, whichever reads better on `hex`. */
export function textColourOn(hex: string): string {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.35 ? '#000000' : '#ffffff';
}
