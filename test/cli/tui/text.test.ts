/** The TUI's text helpers that the held-out panel uses: wrapping at spaces (figures kept with their labels), cutting at a word, and clipping to a height. */
import { describe, expect, it } from 'vitest';
import { clip, cutAtWord, exampleLine, plural, shortNames, wrap, wrapKeepingFigures } from '../../../cli/tui/text.js';

describe('wrap', () => {
  it('breaks at spaces, filling each line as far as the width allows', () => {
    expect(wrap('the quick brown fox jumps over the lazy dog', 10)).toEqual(['the quick', 'brown fox', 'jumps over', 'the lazy', 'dog']);
    expect(wrap('  spaces   collapse\nand newlines too ', 40)).toEqual(['spaces collapse and newlines too']);
    expect(wrap('', 10)).toEqual([]);
  });

  it('breaks a word longer than the width after its last + , or ( that fits, else cuts it', () => {
    expect(wrap('a weighted(x+y+z) b', 6)).toEqual(['a', 'weight', 'ed(x+', 'y+z) b']);
    expect(wrap('weighted(bert-glove×5+spanner-generic×5+spanner-lendecode×3): F1 93.91', 40))
      .toEqual(['weighted(bert-glove×5+spanner-generic×5+', 'spanner-lendecode×3): F1 93.91']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('never returns a line longer than the width', () => {
    const text = 'No selection beats the vote of all 12 systems (vote-all) beyond noise: ensemble selection with replacement, weighted(bert-lstmcrf+cnn-glove-lstmcrf+flair-glove-lstmcrf×2) (caruana)';
    for (const w of [1, 7, 20, 33, 79]) {
      const lines = wrap(text, w);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(w);
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }
  });
});

describe('wrapKeepingFigures', () => {
  const reason = 'does not beat both baselines significantly (+0.98 points over vote-all, 95% interval +0.20 to +2.27, p = 0.0625; +1.98 points over majority-all, 95% interval +0.39 to +4.22, p = 0.0625) held-out: 5-fold cross-validation';

  it('never parts a figure from the words it goes with, where plain wrap does', () => {
    // Plain wrap at 40 leaves "95% interval +0.20 to" on one line and "+2.27," on the next.
    expect(wrap(reason, 40).some((l) => / to$/.test(l))).toBe(true);
    for (const w of [30, 40, 57, 77, 97]) {
      const lines = wrapKeepingFigures(reason, w);
      const joined = lines.join('\n');
      for (const phrase of ['(+0.98 points', '95% interval +0.20 to +2.27,', 'p = 0.0625;', '+1.98 points', '95% interval +0.39 to +4.22,', 'held-out: 5-fold']) {
        expect(lines.some((l) => l.includes(phrase)), `${w}: ${phrase}\n${joined}`).toBe(true);
      }
      for (const l of lines) expect(l.length, `${w}: ${l}`).toBeLessThanOrEqual(w);
      expect(lines.join(' ')).toBe(reason);
    }
  });

  it('breaks after a clause that ends beside a figure, and wraps a run too long for the width as wrap does', () => {
    expect(wrapKeepingFigures('p = 0.0625; a p below 0.05', 12)).toEqual(['p = 0.0625;', 'a p', 'below 0.05']);
    const lines = wrapKeepingFigures('95% interval +0.20 to +2.27', 12);
    expect(lines.join(' ')).toBe('95% interval +0.20 to +2.27');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(12);
    expect(wrapKeepingFigures('', 10)).toEqual([]);
  });

  it('keeps a formula\'s terms on one line: bias = mean (predicted − actual)', () => {
    const note = 'MAE = mean absolute error of predicted against actual, bias = mean (predicted − actual) (in points), ρ = Spearman\'s ρ';
    for (let w = 20; w <= 80; w++) {
      const lines = wrapKeepingFigures(note, w);
      expect(lines.some((l) => l.includes('(predicted − actual)')), `${w}:\n${lines.join('\n')}`).toBe(true);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(w);
    }
  });
});

describe('cutAtWord', () => {
  it('cuts after the last whole word that fits, marked …, and keeps what fits as it is', () => {
    expect(cutAtWord('B returns wrongly, A avoids (42)', 40)).toBe('B returns wrongly, A avoids (42)');
    // The comma before the cut goes with it.
    expect(cutAtWord('B returns wrongly, A avoids (42)', 19)).toBe('B returns wrongly…');
    expect(cutAtWord('B returns wrongly, A avoids (42)', 27)).toBe('B returns wrongly, A…');
    // A first word longer than the width is cut inside it.
    expect(cutAtWord('cross-validation by document', 8)).toBe('cross-v…');
    expect(cutAtWord('anything', 0)).toBe('');
  });
});

describe('clip', () => {
  it('keeps lines that fit, and marks the last shown one with … when some are left out', () => {
    expect(clip(['a', 'b'], 3, 10)).toEqual(['a', 'b']);
    expect(clip(['one', 'two', 'three'], 2, 10)).toEqual(['one', 'two…']);
    expect(clip(['one', 'twotwotwo!', 'three'], 2, 10)).toEqual(['one', 'twotwotwo…']);
    expect(clip(['one', 'two'], 0, 10)).toEqual([]);
  });
});

describe('shortNames', () => {
  const TWELVE = ['bert-glove-lstmcrf', 'bert-lstmcrf', 'cnn-glove-cnncrf', 'cnn-glove-lstmcrf', 'cnn-rand-lstmcrf', 'elmo-glove-lstmcrf',
    'elmo-lstmcrf', 'flair-glove-lstmcrf', 'flair-lstmcrf', 'rand-lstmcrf', 'spanner-generic', 'spanner-lendecode'];

  it('keeps names that fit, and cuts the middle of the others', () => {
    expect(shortNames(['crf', 'bert-glove-lstmcrf'], 16)).toEqual(['crf', 'bert-glo…lstmcrf']);
    expect(shortNames(['a', 'bb'], 5)).toEqual(['a', 'bb']);
  });

  it('keeps the two flair systems apart where an even cut makes them equal', () => {
    // An even cut at 12 columns gives flair-…tmcrf for both.
    const even = ['flair-glove-lstmcrf', 'flair-lstmcrf'].map((s) => s.slice(0, 6) + '…' + s.slice(-5));
    expect(even[0]).toBe(even[1]);
    const got = shortNames(['flair-glove-lstmcrf', 'flair-lstmcrf'], 12);
    expect(new Set(got).size).toBe(2);
    for (const s of got) expect(s.length).toBeLessThanOrEqual(12);
  });

  it('twelve real system names stay distinct at every width from 4 to 20, each within the width, start and end kept', () => {
    for (let w = 4; w <= 20; w++) {
      const got = shortNames(TWELVE, w);
      expect(new Set(got).size, `width ${w}: ${got.join(' ')}`).toBe(12);
      got.forEach((s, i) => {
        expect(s.length).toBeLessThanOrEqual(w);
        if (TWELVE[i].length <= w) expect(s).toBe(TWELVE[i]);
        else {
          const [head, tail] = s.split('…');
          expect(TWELVE[i].startsWith(head) && TWELVE[i].endsWith(tail)).toBe(true);
        }
      });
    }
  });

  it('falls back to a cut per name when no single cut keeps them apart', () => {
    // Distinct only in a middle character: no cut that keeps both ends differs, a per-name cut takes another split.
    const got = shortNames(['abcXdef', 'abcYdef', 'ab'], 5);
    expect(got[2]).toBe('ab');
    expect(got[0]).not.toBe(got[1]);
  });
});

describe('plural', () => {
  it('is singular for one only', () => {
    expect(plural(1, 'system')).toBe('1 system');
    expect(plural(0, 'system')).toBe('0 systems');
    expect(plural(12, 'system')).toBe('12 systems');
  });
});

describe('text from the inputs in the TUI', () => {
  it('shows control characters in names as escapes, never raw', async () => {
    const { shortNames, truncate } = await import('../../../cli/tui/text.js');
    expect(truncate('a\u001b[2Jb', 20)).toBe('a\\e[2Jb');
    expect(shortNames(['x\ny', 'plain'], 10)).toEqual(['x\\ny', 'plain']);
  });
});

describe('exampleLine', () => {
  it('names the empty type (untyped), as the tables do, and shows no type when there is none', () => {
    expect(exampleLine({ text: 'Zorbo Klant', label: '', doc: 'd1', sentence: 3 }, 80)).toBe('  Zorbo Klant (untyped) (d1 s3)');
    expect(exampleLine({ text: 'Zorbo Klant', label: 'PER', doc: 'd1', sentence: 3 }, 80)).toBe('  Zorbo Klant PER (d1 s3)');
    expect(exampleLine({ text: 'Zorbo Klant', label: null, doc: 'd1', sentence: 3 }, 80)).toBe('  Zorbo Klant (d1 s3)');
    expect(exampleLine({ text: 'Zorbo Klant', label: 'PER', doc: 'd1', sentence: 3 }, 12)).toHaveLength(12);
  });
});
