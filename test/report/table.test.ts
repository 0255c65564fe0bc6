import { describe, expect, it } from 'vitest';
import { latexEscape, renderCsv, renderLatex, renderMarkdown, renderText, shadeCell, useColor, type Table } from '../../src/report/table.js';

const t: Table = {
  title: 'Scores',
  columns: [{ header: 'system' }, { header: 'F1', align: 'right' }],
  rows: [['a_b', '92.10'], ['c|d', '—']],
  emphasis: new Set(['0:1']),
  note: '100% sure',
};

describe('renderText', () => {
  it('aligns columns, right-aligning numbers, with a rule under the header', () => {
    expect(renderText([t])).toBe([
      'Scores',
      'system     F1',
      '------  -----',
      'a_b     92.10',
      'c|d         —',
      '100% sure',
      '',
    ].join('\n'));
  });

  it('aligns by terminal columns: a CJK name takes two a character, a combining mark none', () => {
    const cjk: Table = { columns: [{ header: 'system' }, { header: 'F1', align: 'right' }], rows: [['日本語', '92.10'], ['Zoe\u0301', '88.00'], ['crf', '90.00']] };
    expect(renderText([cjk])).toBe([
      'system     F1',
      '------  -----',
      '日本語  92.10',
      'Zoe\u0301     88.00',
      'crf     90.00',
      '',
    ].join('\n'));
  });

  it('colours only when asked', () => {
    expect(renderText([t], { color: true })).toContain('\u001b[32m92.10');
    expect(renderText([t], { color: false })).not.toContain('\u001b[');
  });
});

describe('renderMarkdown', () => {
  it('escapes what would turn a cell\'s text into markup, and leaves a word\'s inner underscore', () => {
    const md = renderMarkdown([{ columns: [{ header: 'P_Comp' }], rows: [['*star* _u_ `q` <b> ~~s~~ a\\b x|y snake_case']] }]);
    expect(md.split('\n')[2]).toBe('| \\*star\\* \\_u\\_ \\`q\\` \\<b> \\~\\~s\\~\\~ a\\\\b x\\|y snake_case |');
    expect(md.split('\n')[0]).toBe('| P_Comp |');
  });

  it('writes a pipe table with alignment and escapes pipes', () => {
    const md = renderMarkdown([t]);
    expect(md).toContain('| system | F1 |\n|:---|---:|');
    expect(md).toContain('| c\\|d | — |');
    expect(md).toContain('| a_b | **92.10** |');
  });
});

describe('renderLatex', () => {
  it('writes a booktabs tabular and escapes special characters', () => {
    const tex = renderLatex([t]);
    expect(tex).toContain('\\begin{tabular}{lr}');
    expect(tex).toContain('a\\_b & \\textbf{92.10} \\\\');
    expect(tex).toContain('100\\% sure');
    expect(latexEscape('—')).toBe('---');
  });
});

describe('renderCsv', () => {
  it('quotes cells holding commas, quotes or newlines', () => {
    expect(renderCsv(['a', 'b'], [['x,y', 'say "hi"'], ['1', '2']])).toBe('a,b\n"x,y","say ""hi"""\n1,2\n');
  });
});

describe('useColor', () => {
  it('obeys NO_COLOR, then FORCE_COLOR, then the terminal', () => {
    expect(useColor({ NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(false);
    expect(useColor({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(useColor({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(useColor({}, true)).toBe(true);
    expect(useColor({}, false)).toBe(false);
  });
});

describe('shading (heatmap cells)', () => {
  const h: Table = {
    columns: [{ header: 'A' }, { header: 'x', align: 'right' }, { header: 'y', align: 'right' }],
    rows: [['a', '·', '12.50'], ['b', '100.00', '—']],
    shade: [[null, null, 0.125], [null, 1, null]],
    emphasis: new Set(['1:1']),
  };

  it('paints shaded cells with a 256-colour background and a readable foreground when colour is on', () => {
    const text = renderText([h], { color: true });
    // 0.125 falls in the second step of 14 (dark purple, white text); 1 in the last (yellow,
    // black text), bold because emphasised. Padding is painted with the cell.
    expect(text).toContain('a       ·  \u001b[48;5;54;38;5;15m12.50\u001b[0m');
    expect(text).toContain('b  \u001b[48;5;184;38;5;16;1m100.00\u001b[0m');
    expect(text).toContain('\u001b[2m    —\u001b[22m');
  });

  it('is ignored without colour and by Markdown, LaTeX', () => {
    const plain = { ...h, shade: undefined };
    expect(renderText([h], { color: false })).toBe(renderText([plain], { color: false }));
    expect(renderText([h], { color: false })).not.toContain('\u001b[');
    expect(renderMarkdown([h])).toBe(renderMarkdown([plain]));
    expect(renderLatex([h])).toBe(renderLatex([plain]));
  });

  it('clamps values outside [0, 1] to the ends of the scale', () => {
    expect(shadeCell('x', -2)).toBe(shadeCell('x', 0));
    expect(shadeCell('x', 5)).toBe(shadeCell('x', 1));
    expect(shadeCell('x', 0)).toBe('\u001b[48;5;53;38;5;15mx\u001b[0m');
    expect(shadeCell('x', 0.5)).not.toBe(shadeCell('x', 0));
  });

  it('escapes the diagonal dot and the formula symbols for LaTeX', () => {
    expect(latexEscape('· × ∩ ² κ')).toBe('$\\cdot$ $\\times$ $\\cap$ $^2$ $\\kappa$');
  });

  it('sets the lines of a note as paragraphs', () => {
    const tex = renderLatex([{ columns: [{ header: 'a' }], rows: [['1']], note: 'first: x_1\nsecond' }]);
    expect(tex).toContain('{\\footnotesize first: x\\_1\\par second}');
  });

  it('sets a Greek exponent as a superscript and any other caret as a caret', () => {
    expect(latexEscape('(P·R)^α/(β²P+R)')).toBe('(P$\\cdot$R)$^{\\alpha}$/($\\beta$$^2$P+R)');
    expect(latexEscape('x^β, a^b, ^')).toBe('x$^{\\beta}$, a\\textasciicircum{}b, \\textasciicircum{}');
  });
});
