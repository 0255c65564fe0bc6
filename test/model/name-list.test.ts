import { describe, expect, it } from 'vitest';
import { splitNames, splitPairs } from '../../src/model/name-list.js';

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
