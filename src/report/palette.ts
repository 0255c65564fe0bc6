/**
 * complan's one colour scale, for every heatmap it draws (SVG, coloured text tables, the TUI): a
 * sequential scale interpolated between stops of viridis (van der Walt & Smith 2015), which is
 * ordered in lightness, prints legibly in greyscale and is safe for colour-blind readers, with
 * the text colour that stays readable on each of its colours. Terminals that have only the
 * xterm 256-colour palette get the nearest colour of its 6×6×6 cube.
 */

/** Viridis at 0, 1/8, …, 1. */
export const VIRIDIS: readonly string[] = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const hex2 = (x: number) => Math.round(x).toString(16).padStart(2, '0');

/** The scale colour of `t` in [0, 1] (clamped), as #rrggbb: linear interpolation between stops. */
export function scaleColor(t: number): string {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const a = rgb(VIRIDIS[i]);
  const b = rgb(VIRIDIS[i + 1]);
  return `#${a.map((v, k) => hex2(v + (b[k] - v) * f)).join('')}`;
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's minimum contrast for normal text (level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The text colour with the better contrast on `fill`: white or near-black, and black where
 * neither reaches {@link MIN_TEXT_CONTRAST} (mid-scale colours such as #25858d, on which white
 * reads at 4.36:1, near-black at 4.33:1 and black at 4.82:1).
 */
export function textColorOn(fill: string): string {
  const l = luminance(fill);
  // Contrast with white (1.05)/(l+0.05) against contrast with #111 (l+0.05)/(0.0056+0.05).
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / 0.0556;
  if (Math.max(white, dark) < MIN_TEXT_CONTRAST && (l + 0.05) / 0.05 >= MIN_TEXT_CONTRAST) return '#000000';
  return white >= dark ? '#ffffff' : '#111111';
}

/** The xterm 256-colour cube's channel levels (indices 16–231: 16 + 36r + 6g + b). */
const CUBE = [0, 95, 135, 175, 215, 255];

/** The xterm 256-colour index nearest to #rrggbb in its colour cube. */
export function xtermIndex(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    let best = 0;
    for (let i = 1; i < CUBE.length; i++) if (Math.abs(CUBE[i] - v) < Math.abs(CUBE[best] - v)) best = i;
    return best;
  });
  return 16 + 36 * r + 6 * g + b;
}

/**
 * The scale in `steps` equal bands: band k (of x in [k/steps, (k+1)/steps)) has the scale colour
 * at its middle. Returns the band's colour for x in [0, 1] (clamped).
 */
export function bandColor(x: number, steps: number): string {
  const k = Math.min(steps - 1, Math.max(0, Math.floor(Math.min(1, Math.max(0, x)) * steps)));
  return scaleColor((k + 0.5) / steps);
}
