import { describe, expect, it } from 'vitest';
import { clip, terminalLine, terminalText, visible, visibleData, visibleLines } from '../../src/report/terminal-text.js';
import { renderCsv, renderLatex, renderMarkdown, renderText } from '../../src/report/table.js';

describe('visible', () => {
  it('writes control characters and bidirectional marks as escapes, and keeps the rest', () => {
    expect(visible('a\nb\rc\td\u001b[31m')).toBe('a\\nb\\rc\\td\\e[31m');
    expect(visible('\u0000\u0007\u007f\u009b')).toBe('\\x00\\x07\\x7f\\x9b');
    expect(visible('abc\u202edef\u2066')).toBe('abc\\u{202e}def\\u{2066}');
    expect(visible('Zürich — 東京 😀')).toBe('Zürich — 東京 😀');
  });

  it('keeps the joiners and marks of ordinary spelling in tables: Persian, Hindi, right-to-left text, emoji', () => {
    for (const name of ['می\u200cروم', 'क्\u200dष', 'שלום\u200f', 'abc\u200e', '👩\u200d💻']) expect(visible(name)).toBe(name);
    // Those no spelling needs, which would make crf and crf + an invisible character look alike, are escaped.
    expect(visible('crf\u200b')).toBe('crf\\u{200b}');
    expect(visible('crf\u2060')).toBe('crf\\u{2060}');
    expect(visible('\ufeffcrf')).toBe('\\u{feff}crf');
  });

  it('keeps line breaks in visibleLines only', () => {
    expect(visibleLines('a\u001b\nb')).toBe('a\\e\nb');
  });
});

describe('clip', () => {
  it('keeps short text whole and cuts long text at a code point, saying how much was left out', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcdef', 3)).toBe('abc…(3 more characters)');
    expect(clip('😀😀😀😀', 2)).toBe('😀😀…(2 more characters)');
  });

  it('cuts a value of ten million characters without echoing it', () => {
    const out = terminalLine('x'.repeat(10_000_000));
    expect(out.length).toBeLessThan(2100);
    expect(out).toMatch(/…\(9998000 more characters\)$/);
  });
});

describe('terminalText', () => {
  it('escapes and clips each line of a message, keeping its line breaks', () => {
    expect(terminalText('one\u001b[2J\ntwo', 5)).toBe('one\\e…(3 more characters)\ntwo');
  });
});

describe('tables hold input text safely', () => {
  const table = { title: 'T\u001b[31m', columns: [{ header: 'name' }, { header: 'n', align: 'right' as const }], rows: [['a\nb', '1'], ['y'.repeat(100_000), '2']] };

  it('text: cells are escaped and clipped, so a long cell neither hangs nor floods the terminal', () => {
    const out = renderText([table]);
    expect(out).not.toContain('\u001b');
    expect(out).toContain('a\\nb');
    expect(out).toContain('T\\e[31m');
    expect(out).toContain('…(99800 more characters)');
    expect(Math.max(...out.split('\n').map((l) => l.length))).toBeLessThan(260);
  });

  it('markdown: control characters escaped, rows kept one a line', () => {
    const out = renderMarkdown([table]);
    expect(out).not.toContain('\u001b');
    // visible()'s backslash escaped again, so that the rendered Markdown shows a\nb.
    expect(out).toContain('| a\\\\nb | 1 |');
  });
});

describe('data formats hold input text safely too', () => {
  it('visibleData keeps tabs and line breaks, which CSV quotes, and escapes the rest', () => {
    expect(visibleData('a\tb\nc\rd\u001b[2J\u0007\u202e')).toBe('a\tb\nc\rd\\e[2J\\x07\\u{202e}');
  });

  it('CSV: no escape sequence or bell reaches the output; line breaks stay quoted data', () => {
    const out = renderCsv(['type', 'n'], [['X\u001b[31m\nY\u0007', '1']]);
    expect(out).toBe('type,n\n"X\\e[31m\nY\\x07",1\n');
  });

  it('LaTeX: control characters escaped, then set as text (the backslash as \\textbackslash)', () => {
    const out = renderLatex([{ columns: [{ header: 'type' }], rows: [['X\u001b[31m\nY']] }]);
    // eslint-disable-next-line no-control-regex
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(out).toContain('X\\textbackslash{}e[31m\\textbackslash{}nY \\\\');
  });
});
