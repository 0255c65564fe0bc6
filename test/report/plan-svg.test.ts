/**
 * The predicted-versus-actual scatter: well-formed XML (checked structurally), determinism,
 * markers inside the plot, the diagonal, axis titles, the legend of rules and the key of
 * highlighted candidates, escaping, undefined points, degenerate domains, nice ticks, and
 * thinning of very large inputs.
 */
import { describe, expect, it } from 'vitest';
import { grouped, niceTicks, planScatterSvg, type ScatterPoint } from '../../src/report/plan-svg.js';
import { all, parseXml, type Element } from '../helpers/xml.js';
import { unknownOption } from '../helpers/errors.js';

const byClass = (root: Element, cls: string) => all(root, (e) => e.attrs.class === cls);
const textOf = (e: Element): string => e.text + e.children.map(textOf).join('');

/** The centre of a marker path: every marker starts with "M x y". */
function centre(e: Element): [number, number] {
  const m = /^M(-?[\d.]+) (-?[\d.]+)/.exec(e.attrs.d);
  expect(m, e.attrs.d).not.toBeNull();
  return [Number(m![1]), Number(m![2])];
}

function frame(root: Element) {
  const f = byClass(root, 'frame')[0];
  const x = Number(f.attrs.x);
  const y = Number(f.attrs.y);
  return { left: x, top: y, right: x + Number(f.attrs.width), bottom: y + Number(f.attrs.height) };
}

function markers(root: Element): Element[] {
  return [...byClass(root, 'points'), ...byClass(root, 'highlighted')].flatMap((g) => g.children.filter((e) => e.name === 'path'));
}

/** A deterministic sample: three rules, values around 0.85–0.95, a few highlighted. */
function sample(count = 120): ScatterPoint[] {
  let s = 17;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const rules = ['union', 'vote', 'kofn:2'];
  return Array.from({ length: count }, (_, i) => {
    const actual = 0.85 + 0.1 * rnd();
    return { predicted: actual + (rnd() - 0.5) * 0.04, actual, rule: rules[i % 3], label: `cand-${i}`, highlight: i < 5 };
  });
}

describe('planScatterSvg', () => {
  it('writes well-formed XML with a title, a size and a background', () => {
    const svg = planScatterSvg(sample(), { objective: 'F1' });
    const root = parseXml(svg);
    expect(root.name).toBe('svg');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.attrs.width)).toBeGreaterThan(400);
    expect(root.attrs.viewBox).toBe(`0 0 ${root.attrs.width} ${root.attrs.height}`);
    expect(textOf(root.children.find((e) => e.name === 'title')!)).toBe('Predicted versus actual F1');
    expect(svg.endsWith('</svg>\n')).toBe(true);
  });

  it('is deterministic and does not modify its input', () => {
    const points = sample();
    const copy = JSON.parse(JSON.stringify(points)) as ScatterPoint[];
    const a = planScatterSvg(points, { objective: 'F1' });
    expect(planScatterSvg(points, { objective: 'F1' })).toBe(a);
    expect(points).toEqual(copy);
    expect(a).not.toMatch(/\d\.\d{3,}"/); // coordinates rounded to 0.01
  });

  it('draws every finite point inside the plot, at its value on a shared scale', () => {
    const points = sample();
    const root = parseXml(planScatterSvg(points, { objective: 'F1' }));
    const f = frame(root);
    expect(f.right - f.left).toBe(f.bottom - f.top); // square: the diagonal is at 45°
    const ms = markers(root);
    expect(ms).toHaveLength(points.length);
    for (const m of ms) {
      const [x, y] = centre(m);
      expect(x).toBeGreaterThanOrEqual(f.left);
      expect(x).toBeLessThanOrEqual(f.right);
      expect(y).toBeGreaterThanOrEqual(f.top);
      expect(y).toBeLessThanOrEqual(f.bottom);
    }
    // A point with predicted = actual lies on the diagonal.
    const on = parseXml(planScatterSvg([{ predicted: 0.9, actual: 0.9, rule: 'vote', label: 'x' }, { predicted: 0.5, actual: 0.7, rule: 'vote', label: 'y' }], { objective: 'F1' }));
    const fr = frame(on);
    const [x, y] = centre(markers(on)[0]);
    expect(x - fr.left).toBeCloseTo(fr.bottom - y, 1);
  });

  it('draws the dashed diagonal corner to corner and titles the axes', () => {
    const root = parseXml(planScatterSvg(sample(), { objective: 'f - 0.002*size' }));
    const f = frame(root);
    const d = byClass(root, 'diagonal')[0];
    expect(d.attrs['stroke-dasharray']).toBeDefined();
    expect([Number(d.attrs.x1), Number(d.attrs.y1), Number(d.attrs.x2), Number(d.attrs.y2)]).toEqual([f.left, f.bottom, f.right, f.top]);
    expect(textOf(byClass(root, 'axis-x')[0])).toBe('predicted f - 0.002*size');
    expect(textOf(byClass(root, 'axis-y')[0])).toBe('actual f - 0.002*size');
  });

  it('lists the rules in the legend, in order of first appearance, with their counts and colours', () => {
    const root = parseXml(planScatterSvg(sample(), { objective: 'F1' }));
    const legend = byClass(root, 'legend')[0];
    const rows = legend.children.filter((e) => e.name === 'text' && e.attrs['data-rule'] !== undefined);
    expect(rows.map((e) => e.attrs['data-rule'])).toEqual(['union', 'vote', 'kofn:2']);
    expect(rows.map(textOf)).toEqual(['union (40)', 'vote (40)', 'kofn:2 (40)']);
    const swatches = legend.children.filter((e) => e.name === 'path').map((e) => e.attrs.fill);
    expect(new Set(swatches).size).toBe(3);
  });

  it('gives each ordinary point its rule’s legend colour', () => {
    const points = sample().map((p) => ({ ...p, highlight: false }));
    const root = parseXml(planScatterSvg(points, { objective: 'F1' }));
    const swatches = byClass(root, 'legend')[0].children.filter((e) => e.name === 'path').map((e) => e.attrs.fill);
    const pts = byClass(root, 'points')[0].children;
    pts.forEach((e, i) => expect(e.attrs.fill).toBe(swatches[i % 3]));
  });

  it('highlights and numbers the top candidates, with a key of their labels (escaped)', () => {
    const points: ScatterPoint[] = [
      { predicted: 0.9, actual: 0.91, rule: 'vote', label: 'a&b<c>"d"', highlight: true },
      { predicted: 0.8, actual: 0.85, rule: 'vote', label: 'second', highlight: true },
      { predicted: 0.7, actual: 0.75, rule: 'union', label: 'ordinary' },
    ];
    const svg = planScatterSvg(points, { objective: 'F1' });
    expect(svg).not.toContain('a&b<c>');
    expect(svg).toContain('a&amp;b&lt;c&gt;&quot;d&quot;');
    const root = parseXml(svg);
    expect(byClass(root, 'highlighted')[0].children).toHaveLength(2);
    expect(byClass(root, 'numbers')[0].children.filter((e) => e.name === 'text').map(textOf)).toEqual(['1', '2']);
    const key = byClass(root, 'key')[0].children.filter((e) => e.name === 'text').map(textOf);
    expect(key).toEqual(['Highlighted', '1', 'a&b<c>"d"', '2', 'second']);
    const tip = byClass(root, 'highlighted')[0].children[0].children[0];
    expect(textOf(tip)).toBe('a&b<c>"d" (vote): predicted 0.9000, actual 0.9100');
    // A rate objective in %, as the tables show it: tooltips with two decimals, ticks over the percentages.
    const inPercent = parseXml(planScatterSvg(points, { objective: 'F1', percent: true }));
    expect(textOf(byClass(inPercent, 'highlighted')[0].children[0].children[0])).toBe('a&b<c>"d" (vote): predicted 90.00, actual 91.00');
    expect(planScatterSvg(points, { objective: 'F1', percent: true })).toContain('>90</text>');
    expect(planScatterSvg(points, { objective: 'F1' })).not.toContain('>90</text>');
  });

  it('numbers at most maxLabels highlighted points and says so', () => {
    const root = parseXml(planScatterSvg(sample(), { objective: 'F1', maxLabels: 3 }));
    expect(byClass(root, 'numbers')[0].children.filter((e) => e.name === 'text')).toHaveLength(3);
    expect(byClass(root, 'highlighted')[0].children).toHaveLength(5);
    expect(textOf(byClass(root, 'notes')[0])).toContain('Numbers on the first 3 of 5 highlighted candidates.');
  });

  it('shortens long labels in the key and keeps numbers inside the plot', () => {
    const long = 'system-with-a-long-name+'.repeat(6);
    const points = Array.from({ length: 10 }, (_, i) => ({ predicted: 0.9 + i * 1e-4, actual: 0.9, rule: 'vote', label: `${i}:${long}`, highlight: true }));
    const root = parseXml(planScatterSvg(points, { objective: 'F1' }));
    const keyTexts = byClass(root, 'key')[0].children.filter((e) => e.name === 'text').map(textOf);
    expect(keyTexts[2].length).toBe(60);
    expect(keyTexts[2].endsWith('…')).toBe(true);
    const f = frame(root);
    for (const t of byClass(root, 'numbers')[0].children.filter((e) => e.name === 'text')) {
      expect(Number(t.attrs.x)).toBeGreaterThan(f.left);
      expect(Number(t.attrs.x)).toBeLessThan(f.right);
    }
    expect(Number(root.attrs.width)).toBeLessThan(1200);
  });

  it('skips NaN and infinite points and counts them in a note', () => {
    const points = [...sample(30), { predicted: Number.NaN, actual: 0.9, rule: 'vote', label: 'x' }, { predicted: 0.9, actual: Infinity, rule: 'vote', label: 'y' }];
    const root = parseXml(planScatterSvg(points, { objective: 'SER', minimise: true }));
    expect(markers(root)).toHaveLength(30);
    expect(textOf(byClass(root, 'notes')[0])).toContain('2 candidates with an undefined predicted or actual SER not shown.');
    expect(textOf(root)).toContain('Below the dashed line y = x: better than predicted (lower is better)');
  });

  it('handles a single point, all-equal values and no points', () => {
    for (const points of [
      [{ predicted: 0.5, actual: 0.5, rule: 'union', label: 'only' }],
      Array.from({ length: 5 }, (_, i) => ({ predicted: 0, actual: 0, rule: `r${i}`, label: 'z' })),
    ]) {
      const root = parseXml(planScatterSvg(points, { objective: 'F1' }));
      const f = frame(root);
      const [x, y] = centre(markers(root)[0]);
      expect(x).toBeGreaterThan(f.left);
      expect(x).toBeLessThan(f.right);
      expect(y).toBeGreaterThan(f.top);
      expect(y).toBeLessThan(f.bottom);
    }
    for (const points of [[], [{ predicted: Number.NaN, actual: Number.NaN, rule: 'vote', label: 'x' }]]) {
      const root = parseXml(planScatterSvg(points, { objective: 'F1' }));
      expect(markers(root)).toHaveLength(0);
      expect(textOf(byClass(root, 'notes')[0])).toMatch(/No candidate/);
    }
  });

  it('draws at most maxPoints markers for a million points, keeping every highlighted one', () => {
    const n = 1_000_000;
    const points: ScatterPoint[] = new Array(n);
    let s = 5;
    const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
    for (let i = 0; i < n; i++) {
      const a = rnd();
      points[i] = { predicted: a + (rnd() - 0.5) * 0.1, actual: a, rule: i % 2 ? 'vote' : 'union', label: `c${i}`, highlight: i % 100_000 === 7 };
    }
    points[123_456] = { predicted: 5, actual: -3, rule: 'union', label: 'outlier' };
    const svg = planScatterSvg(points, { objective: 'F1' });
    const root = parseXml(svg);
    const ms = markers(root);
    expect(ms.length).toBeLessThanOrEqual(5000);
    expect(ms.length).toBeGreaterThan(2500); // the budget is used, not wasted
    expect(byClass(root, 'highlighted')[0].children).toHaveLength(10);
    // The isolated outlier survives thinning: a marker near the bottom-right corner.
    const f = frame(root);
    expect(ms.some((m) => { const [x, y] = centre(m); return x > f.right - 2 && y > f.bottom - 2; })).toBe(true);
    expect(textOf(byClass(root, 'notes')[0]).trim()).toMatch(/^[\d,]+ of 1,000,000 candidates drawn: all highlighted ones, the rest thinned/);
    const legend = byClass(root, 'legend')[0].children.filter((e) => e.attrs['data-rule'] !== undefined).map(textOf);
    expect(legend).toEqual(['union (500,000)', 'vote (500,000)']);
  }, 30_000);

  it('respects a smaller maxPoints', () => {
    const root = parseXml(planScatterSvg(sample(300), { objective: 'F1', maxPoints: 50 }));
    const ms = markers(root);
    expect(ms.length).toBeLessThanOrEqual(50);
    expect(byClass(root, 'highlighted')[0].children).toHaveLength(5);
  });
});

describe('niceTicks', () => {
  it('uses steps of 1, 2 or 5 times a power of ten and covers the range', () => {
    expect(niceTicks(0, 1)).toEqual({ ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], decimals: 1 });
    expect(niceTicks(0.823, 0.951)).toEqual({ ticks: [0.82, 0.84, 0.86, 0.88, 0.9, 0.92, 0.94, 0.96], decimals: 2 });
    expect(niceTicks(-3, 5).ticks).toEqual([-3, -2, -1, 0, 1, 2, 3, 4, 5]);
    expect(niceTicks(-3, 9).ticks).toEqual([-4, -2, 0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0, 1.07)).toEqual({ ticks: [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2], decimals: 1 });
    expect(niceTicks(0, 120).decimals).toBe(0);
  });

  it('pads a zero-width range', () => {
    const { ticks } = niceTicks(0.9, 0.9);
    expect(ticks[0]).toBeLessThan(0.9);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(0.9);
    expect(niceTicks(0, 0).ticks.length).toBeGreaterThanOrEqual(2);
  });
});

describe('grouped', () => {
  it('groups thousands with commas whatever the locale', () => {
    expect([0, 999, 1000, 1_000_000, 1234567].map(grouped)).toEqual(['0', '999', '1,000', '1,000,000', '1,234,567']);
  });
});

describe('planScatterSvg: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => planScatterSvg(sample(), { objective: 'F1', maxLabel: 3 } as never), 'maxLabel', 'maxLabels');
    unknownOption(() => planScatterSvg(sample(), { objective: 'F1', minimize: true } as never), 'minimize', 'minimise');
    expect(planScatterSvg(sample(), { objective: 'F1', minimise: true })).toContain('<svg');
  });
});
