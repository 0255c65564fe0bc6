import { describe, expect, it } from 'vitest';
import { latexEscape, renderCsv, renderLatex, renderMarkdown, renderText, useColor, type Table } from '../../src/report/table.js';

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

  it('colours only when asked', () => {
    expect(renderText([t], { color: true })).toContain('\u001b[32m92.10');
    expect(renderText([t], { color: false })).not.toContain('\u001b[');
  });
});

describe('renderMarkdown', () => {
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
