import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { plusAmbiguousNames, refuseAmbiguousPairs, splitNames, splitPairs } from '../../src/model/name-list.js';

describe('splitNames', () => {
  it('splits at commas, trimming, leaving empty names out', () => {
    expect(splitNames('a, b,,c ', ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(splitNames('', ['a'])).toEqual([]);
  });

  it('keeps a known name that holds a comma whole, the longest first', () => {
    expect(splitNames('crf,v2,sloppy', ['crf,v2', 'sloppy', 'crf'])).toEqual(['crf,v2', 'sloppy']);
    expect(splitNames('crf,sloppy', ['crf,v2', 'sloppy', 'crf'])).toEqual(['crf', 'sloppy']);
    expect(splitNames('a,b,c', ['a', 'a,b', 'a,b,c'])).toEqual(['a,b,c']);
    expect(splitNames('x, a,b', ['a,b'])).toEqual(['x', 'a,b']);
  });

  it('leaves an unknown piece alone, for the caller to name', () => {
    expect(splitNames('crf,v3', ['crf,v2'])).toEqual(['crf', 'v3']);
  });

  it('takes the one reading in which every name is known, where the longest name first would leave one unknown', () => {
    expect(splitNames('a,b,c', ['a,b', 'b,c', 'a'])).toEqual(['a', 'b,c']);
  });

  it('refuses a list that reads two ways, naming both and the names to give otherwise', () => {
    const message = (list: string, known: string[]) => {
      try {
        splitNames(list, known, '--systems');
      } catch (err) {
        expect(err).toBeInstanceOf(UsageError);
        return (err as Error).message;
      }
      return undefined;
    };
    expect(message('a,b', ['a', 'b', 'a,b'])).toBe('--systems "a,b" reads two ways, as "a,b" and as "a", "b": give the system "a,b" a name without a comma (NAME=PATH) to choose');
    expect(message('x,a,b,c', ['x', 'a,b', 'b,c', 'a', 'c'])).toBe('--systems "x,a,b,c" reads two ways, as "x", "a,b", "c" and as "x", "a", "b,c": give the systems "a,b", "b,c" names without a comma (NAME=PATH) to choose');
    // A comma too many is one reading more when a name ends with a comma.
    expect(message('a,,b', ['a', 'a,', 'b'])).toContain('reads two ways, as "a,", "b" and as "a", "b"');
    // Either reading alone is no error.
    expect(message('a,b', ['a', 'b'])).toBeUndefined();
    expect(message('a,b', ['a,b'])).toBeUndefined();
  });
});

describe('splitPairs', () => {
  it('splits NAME=VALUE pairs at commas', () => {
    expect(splitPairs('a=1,b=2')).toEqual(['a=1', 'b=2']);
  });

  it('joins a piece with no = to the next: a name holding a comma', () => {
    expect(splitPairs('crf,v2=3,sloppy=1')).toEqual(['crf,v2=3', 'sloppy=1']);
    expect(splitPairs('a,b,c=1')).toEqual(['a,b,c=1']);
  });

  it('keeps a last piece with no = and empty pieces, for the caller to refuse or skip', () => {
    expect(splitPairs('a=1,b')).toEqual(['a=1', 'b']);
    expect(splitPairs('a=1,,b=2')).toEqual(['a=1', '', 'b=2']);
    expect(splitPairs('a=1,')).toEqual(['a=1', '']);
  });
});

describe('refuseAmbiguousPairs', () => {
  it('refuses pairs that read two ways with the names given: only a name holding = and a comma lets them', () => {
    expect(() => refuseAmbiguousPairs('x=1,y=2', ['x', 'y', 'x=1,y'], '--cost')).toThrow(
      new UsageError('--cost "x=1,y=2" reads two ways, as "x=1,y"=2 and as "x"=1, "y"=2: give the system "x=1,y" a name without a comma (NAME=PATH) to choose'),
    );
    expect(() => refuseAmbiguousPairs('x=1,y=2', ['x', 'y'], '--cost')).not.toThrow();
    expect(() => refuseAmbiguousPairs('x=1,y=2', ['x=1,y'], '--cost')).not.toThrow();
    // Names holding a comma alone read one way: a piece without = cannot end a pair.
    expect(() => refuseAmbiguousPairs('a,b=3,a=1,b=2', ['a', 'b', 'a,b'], '--weights')).not.toThrow();
    expect(() => refuseAmbiguousPairs('f1', ['a'], '--weights')).not.toThrow();
  });
});

describe('plusAmbiguousNames', () => {
  it('names the systems with a "+" when two lists of members join to one string', () => {
    expect(plusAmbiguousNames(['a+b', 'a', 'b'])).toEqual(['a+b']);
    // a+b+c is a+b, c or a, b+c.
    expect(plusAmbiguousNames(['a+b', 'c', 'a', 'b+c'])).toEqual(['a+b', 'b+c']);
    // a+b+a is a+b, a or a, b+a.
    expect(plusAmbiguousNames(['a+b', 'b+a', 'a'])).toEqual(['a+b', 'b+a']);
    expect(plusAmbiguousNames(['x+y', 'x+y+z', 'z', 'q'])).toEqual(['x+y', 'x+y+z']);
  });

  it('says nothing when every list reads one way', () => {
    expect(plusAmbiguousNames(['base+gaz', 'base', 'ner'])).toEqual([]);
    expect(plusAmbiguousNames(['base+gaz', 'ner'])).toEqual([]);
    expect(plusAmbiguousNames(['a+b'])).toEqual([]);
    expect(plusAmbiguousNames(['a', 'b', 'a,b'])).toEqual([]);
    expect(plusAmbiguousNames(['a++b', 'a', 'b'])).toEqual([]);
  });

  it('agrees with joining every pair of distinct sequences of up to three names, on random names', () => {
    const pieces = ['a', 'b', 'c'];
    let seed = 7;
    let clashes = 0;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let trial = 0; trial < 300; trial++) {
      const names = new Set<string>();
      const count = 2 + rand(3);
      while (names.size < count) names.add(Array.from({ length: 1 + rand(3) }, () => pieces[rand(3)]).join('+'));
      const list = [...names];
      // Brute force: sequences of one to three names (any order, repeats allowed) joined with "+".
      const seen = new Map<string, string>();
      let clash = false;
      const walk = (seq: string[]) => {
        if (seq.length > 0) {
          const joined = seq.join('+');
          const key = seq.join('\u0000');
          const before = seen.get(joined);
          if (before !== undefined && before !== key) clash = true;
          seen.set(joined, key);
        }
        if (seq.length < 3) for (const n of list) walk([...seq, n]);
      };
      walk([]);
      // The test finds every clash of short lists; it may also find one only longer lists show.
      if (clash) {
        clashes++;
        expect(plusAmbiguousNames(list), list.join(' ')).not.toEqual([]);
      }
    }
    expect(clashes).toBeGreaterThan(50);
  });
});
