/**
 * The SVG heatmap: well-formed XML (checked structurally), one cell per ordered pair, a blank
 * diagonal, hatched undefined cells, escaped names, the colour scale and its legend, labels
 * inside the picture, and byte-for-byte determinism.
 */
import { describe, expect, it } from 'vitest';
import { compareSystems, pairAt } from '../../src/complementarity/matrix.js';
import { fixed } from '../../src/report/number.js';
import { bandColor, xtermIndex } from '../../src/report/palette.js';
import { heatmapSvg } from '../../src/report/compare-svg.js';
import { heatmapDocument, heatmapPanel, scaleColor, textColorOn, textWidth, xmlEscape } from '../../src/report/svg.js';
import { unknownOption } from '../helpers/errors.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { all, parseXml } from '../helpers/xml.js';

const gold = [span(0, 2, 'PER'), span(3, 4, 'LOC'), span(12, 14, 'ORG'), span(20, 21, 'PER')];
const a = [span(0, 2, 'PER'), span(3, 4, 'ORG'), span(25, 26, 'LOC')];
const b = [span(3, 4, 'LOC'), span(12, 14, 'ORG'), span(25, 26, 'LOC'), span(30, 31, 'PER')];
const NAMES = ['a<b>&"c\'', 'flair-glove-lstmcrf-large', 'perfect'];
const c = compareSystems(makeCorpus(gold, [a, b, gold], NAMES), { match: 'strict', beta: 1, examples: 0 });

describe('heatmapSvg', () => {
  const svg = heatmapSvg(c, 'rComp');
  const doc = parseXml(svg);
  const cells = all(doc, (e) => e.name === 'rect' && e.attrs.class === 'cell');

  it('is a well-formed standalone SVG document with a size', () => {
    expect(doc.name).toBe('svg');
    expect(doc.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(Number(doc.attrs.width)).toBeGreaterThan(0);
    expect(doc.attrs.viewBox).toBe(`0 0 ${doc.attrs.width} ${doc.attrs.height}`);
    expect(svg.endsWith('</svg>\n')).toBe(true);
  });

  it('draws one cell per ordered pair, none on the diagonal, with the value in it', () => {
    expect(cells).toHaveLength(3 * 2);
    expect(cells.map((e) => `${e.attrs['data-a']}>${e.attrs['data-b']}`)).toEqual(c.pairs.map((p) => `${p.a}>${p.b}`));
    for (const e of cells) expect(e.attrs['data-a']).not.toBe(e.attrs['data-b']);
    const texts = all(doc, (e) => e.name === 'g' && e.attrs.class === 'cells')[0].children.filter((e) => e.name === 'text').map((e) => e.text);
    // In %, as compare's text matrices: one decimal in the cell, two in its tooltip.
    expect(texts).toEqual(c.pairs.map((p) => (p.rComp === null ? '—' : fixed(100 * p.rComp, 1))));
    expect(cells[0].children[0].text).toBe(`R_Comp(${c.pairs[0].a}, ${c.pairs[0].b}) = ${fixed(100 * c.pairs[0].rComp!, 2)}%`);
    // R_Comp(a, flair…) = 2/3 is 66.7 on the colour of 2/3; the value itself stays a fraction in data-value.
    expect(cells[0].attrs['data-value']).toBe(String(pairAt(c, 0, 1).rComp));
    expect(cells[0].attrs.fill).toBe(scaleColor(2 / 3));
  });

  it('hatches undefined cells and prints — in them, with a legend entry', () => {
    const undef = cells.filter((e) => e.attrs['data-b'] !== undefined && e.attrs['data-a'] === 'perfect');
    expect(undef).toHaveLength(2);
    for (const e of undef) {
      expect(e.attrs.fill).toBe('url(#complan-hatch)');
      expect(e.attrs['data-value']).toBe('');
      expect(e.children[0].text).toBe('R_Comp(perfect, ' + e.attrs['data-b'] + ') = undefined');
    }
    expect(all(doc, (e) => e.name === 'pattern').map((e) => e.attrs.id)).toEqual(['complan-hatch']);
    expect(all(doc, (e) => e.name === 'text').map((e) => e.text)).toContain('— undefined: A has nothing to fix (A misses no gold item)');
  });

  it('says what it was computed on: the match, the types when only some count, and the kappa of tags without types under boundary match', () => {
    const texts = (svgText: string) => all(parseXml(svgText), (e) => e.name === 'text').map((e) => e.text).join('\n');
    expect(texts(svg)).toContain('(strict match, 4 gold items)');
    const typed = compareSystems(makeCorpus(gold, [a, b], ['a', 'b']), { match: 'boundary', beta: 1, examples: 0, types: ['LOC', 'PER'] });
    const kappa = texts(heatmapSvg(typed, 'kappa'));
    expect(kappa).toContain('(boundary match, types LOC,PER, 3 gold items)');
    expect(kappa).toContain('without its type');
    expect(kappa).not.toContain('B- or I- and its type');
    expect(texts(heatmapSvg(compareSystems(makeCorpus(gold, [a, b], ['a', 'b']), { match: 'strict', beta: 1, examples: 0 }), 'kappa'))).toContain('B- or I- and its type');
  });

  it('has no legend entry for undefined values when there are none', () => {
    const only = compareSystems(makeCorpus(gold, [a, b], ['a', 'b']), { match: 'strict', beta: 1, examples: 0 });
    const d = parseXml(heatmapSvg(only, 'rComp'));
    expect(all(d, (e) => e.name === 'rect' && e.attrs.class === 'undefined')).toHaveLength(0);
    expect(all(d, (e) => e.name === 'rect' && e.attrs.class === 'cell')).toHaveLength(2);
  });

  it('escapes XML special characters in names, and the names read back intact', () => {
    expect(svg).toContain('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(svg).not.toContain('a<b>');
    const rows = all(doc, (e) => e.name === 'g' && e.attrs.class === 'rows')[0].children.map((e) => e.text);
    const cols = all(doc, (e) => e.name === 'g' && e.attrs.class === 'columns')[0].children.map((e) => e.text);
    expect(rows).toEqual(NAMES);
    expect(cols).toEqual(NAMES);
    expect(xmlEscape('<&>"\'')).toBe('&lt;&amp;&gt;&quot;&apos;');
  });

  it('names the measure, its unit and the reading direction in the title, and labels the legend 0 and 100', () => {
    const texts = all(doc, (e) => e.name === 'text').map((e) => e.text);
    expect(texts[0]).toBe("R_Comp(A, B) (%): share of A's misses that B finds");
    expect(texts[1]).toBe('row A, column B = what B offers A');
    expect(doc.children.find((e) => e.name === 'title')!.text).toContain('row A, column B = what B offers A');
    const legend = all(doc, (e) => e.name === 'g' && e.attrs.class === 'legend')[0];
    expect(legend.children.filter((e) => e.name === 'text').map((e) => e.text)).toEqual(expect.arrayContaining(['0', '50', '100']));
    const kappa = parseXml(heatmapSvg(c, 'kappa'));
    const kLegend = all(kappa, (e) => e.name === 'g' && e.attrs.class === 'legend')[0];
    expect(kLegend.children.filter((e) => e.name === 'text').map((e) => e.text)).toEqual(['100', '0', '−100']);
    expect(all(kappa, (e) => e.name === 'text')[0].text).toMatch(/^kappa\(A, B\) \(×100\): /);
  });

  it('keeps every label inside the picture, even for 25-character names', () => {
    const width = Number(doc.attrs.width);
    const height = Number(doc.attrs.height);
    for (const t of all(doc, (e) => e.name === 'g' && e.attrs.class === 'rows')[0].children) {
      expect(Number(t.attrs.x) - textWidth(t.text, 13), t.text).toBeGreaterThanOrEqual(0);
    }
    for (const t of all(doc, (e) => e.name === 'g' && e.attrs.class === 'columns')[0].children) {
      // Rotated by −45° about (x, y): the text runs up and to the right.
      const reach = textWidth(t.text, 13) * Math.SQRT1_2;
      expect(Number(t.attrs.x) + reach, t.text).toBeLessThanOrEqual(width);
      expect(Number(t.attrs.y) - reach, t.text).toBeGreaterThanOrEqual(0);
    }
    for (const r of all(doc, (e) => e.name === 'rect')) {
      if (r.attrs.x === undefined || r.attrs.y === undefined) continue;
      expect(Number(r.attrs.x) + Number(r.attrs.width)).toBeLessThanOrEqual(width);
      expect(Number(r.attrs.y) + Number(r.attrs.height)).toBeLessThanOrEqual(height);
    }
    const title = all(doc, (e) => e.name === 'text')[0];
    expect(Number(title.attrs.x) + textWidth(title.text, 15)).toBeLessThanOrEqual(width);
  });

  it('is deterministic', () => {
    expect(heatmapSvg(c, 'rComp')).toBe(svg);
    expect(heatmapSvg(c, 'pComp')).not.toBe(svg);
  });
});

describe('scaleColor and textColorOn', () => {
  it('runs from viridis purple at 0 to yellow at 1, clamping outside', () => {
    expect(scaleColor(0)).toBe('#440154');
    expect(scaleColor(0.5)).toBe('#21918c');
    expect(scaleColor(1)).toBe('#fde725');
    expect(scaleColor(-3)).toBe('#440154');
    expect(scaleColor(7)).toBe('#fde725');
    expect(scaleColor(1 / 16)).toBe('#461768'); // halfway between #440154 and #472d7b, rounded
  });

  it('gets darker to lighter monotonically, so it reads in greyscale', () => {
    const lum = (hex: string) => {
      const [r, g, b2] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
    };
    for (let k = 0; k < 20; k++) expect(lum(scaleColor((k + 1) / 20))).toBeGreaterThan(lum(scaleColor(k / 20)));
  });

  it('writes white on dark colours and near-black on light ones', () => {
    expect(textColorOn(scaleColor(0))).toBe('#ffffff');
    expect(textColorOn(scaleColor(0.4))).toBe('#ffffff');
    expect(textColorOn(scaleColor(0.9))).toBe('#111111');
    expect(textColorOn('#ffffff')).toBe('#111111');
  });
});

describe('the one colour scale (palette.ts)', () => {
  it('gives every heatmap the same bands: text tables take the nearest xterm cube colour of the band', () => {
    for (const steps of [5, 14]) {
      for (let k = 0; k < steps; k++) {
        const x = (k + 0.5) / steps;
        expect(bandColor(x, steps)).toBe(scaleColor(x));
        expect(bandColor(k / steps, steps)).toBe(scaleColor(x));
      }
    }
    // The cube's corners and a mid grey map to themselves.
    expect(xtermIndex('#000000')).toBe(16);
    expect(xtermIndex('#ffffff')).toBe(231);
    expect(xtermIndex('#5f87af')).toBe(16 + 36 * 1 + 6 * 2 + 3);
    // Dark purple at the bottom, a yellow at the top.
    expect(xtermIndex(bandColor(0, 14))).toBe(53);
    expect(xtermIndex(bandColor(1, 14))).toBe(184);
  });
});

describe('heatmap options', () => {
  it('refuses a misspelt option, naming it and the option meant, in every function that takes them', () => {
    unknownOption(() => heatmapSvg(c, 'fComp', { cellsize: 40 } as never), 'cellsize', 'cellSize');
    const spec = { title: 't', lines: [], rowLabels: ['a'], colLabels: ['b'], rowAxis: 'A', colAxis: 'B', cells: [[{ t: 0.5, text: '50', tooltip: 'x', data: [] }]], ticks: [], nullLabel: '' };
    unknownOption(() => heatmapPanel(spec as never, { font: 'serif' } as never), 'font');
    const panel = heatmapPanel(spec as never, { cellSize: 40 });
    unknownOption(() => heatmapDocument([panel], 't', 'd', { fontfamily: 'serif' } as never), 'fontfamily', 'fontFamily');
    expect(heatmapDocument([panel], 't', 'd', { fontFamily: 'serif' })).toContain('font-family="serif"');
    expect(heatmapSvg(c, 'fComp', { cellSize: 40 })).toContain('<svg');
  });
});
