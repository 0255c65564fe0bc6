import { describe, expect, it } from 'vitest';
import { clip, terminalLine, terminalText, visible, visibleLines } from '../../src/report/terminal-text.js';
import { renderMarkdown, renderText } from '../../src/report/table.js';

describe('visible', () => {
  it('writes control characters and bidirectional marks as escapes, and keeps the rest', () => {
    expect(visible('a\nb\rc\td\u001b[31m')).toBe('a\\nb\\rc\\td\\e[31m');
    expect(visible('\u0000\u0007\u007f\u009b')).toBe('\\x00\\x07\\x7f\\x9b');
    expect(visible('abc\u202edef\u2066')).toBe('abc\\u{202e}def\\u{2066}');
    expect(visible('Zürich — 東京 😀')).toBe('Zürich — 東京 😀');
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
