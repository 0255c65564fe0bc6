/**
 * The text drawn on complan's colour scale (heatmap cells of the HTML report, the SVG heatmap,
 * the TUI) reads at WCAG's 4.5:1 at least, on every colour of the scale and on every band the
 * renderers use: white or near-black where one of them reaches it, black in the middle of the
 * scale where neither does.
 */
import { describe, expect, it } from 'vitest';
import { bandColor, MIN_TEXT_CONTRAST, scaleColor, textColorOn } from '../../src/report/palette.js';

/** WCAG 2 relative luminance and contrast ratio, computed here independently of the palette. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

describe('text on the colour scale', () => {
  it('reads at 4.5:1 or more on every colour of the scale', () => {
    expect(MIN_TEXT_CONTRAST).toBe(4.5);
    for (let i = 0; i <= 1000; i++) {
      const fill = scaleColor(i / 1000);
      expect(contrast(fill, textColorOn(fill)), fill).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('reads at 4.5:1 or more on the bands of the report (10), the TUI (5) and the terminal tables (14)', () => {
    for (const steps of [5, 10, 14]) {
      for (let k = 0; k < steps; k++) {
        const fill = bandColor((k + 0.5) / steps, steps);
        expect(contrast(fill, textColorOn(fill)), `${steps} bands, band ${k}: ${fill}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps white on dark colours and near-black on light ones, black only in between', () => {
    expect(textColorOn(scaleColor(0))).toBe('#ffffff');
    expect(textColorOn(scaleColor(1))).toBe('#111111');
    // The report's 40–50% band: white would read at 4.36:1, near-black at 4.33:1.
    expect(bandColor(0.45, 10)).toBe('#25858d');
    expect(contrast('#25858d', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('#25858d', '#111111')).toBeLessThan(4.5);
    expect(textColorOn('#25858d')).toBe('#000000');
  });
});
