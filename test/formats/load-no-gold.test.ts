/**
 * `allowNoGold`: systems read without any gold standard (what `combine --plan` needs), aligned to
 * the first system's sentences, with the same spans as when a gold file is given.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { DEFAULT_LOAD_OPTIONS, hasGoldStandard, loadCorpus, NO_GOLD_SOURCE, type LoadOptions } from '../../src/formats/load.js';
import { tempFiles } from '../helpers/temp.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const NAMES = ['cautious', 'crf', 'gazetteer'];
const jsonl = NAMES.map((name) => ({ name, path: join(NEWS, 'jsonl', `${name}.jsonl`) }));
const conll = NAMES.map((name) => ({ name, path: join(NEWS, 'systems', `${name}.conll`) }));
const load = (o: Partial<LoadOptions> & Pick<LoadOptions, 'systems'>) => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, ...o });
const temp = tempFiles('load-no-gold');

describe('loadCorpus with allowNoGold', () => {
  it('reads systems without a gold standard, with the spans and skeleton a gold file gives', () => {
    const bare = load({ systems: jsonl, allowNoGold: true });
    const withGold = load({ systems: jsonl, gold: join(NEWS, 'jsonl', 'gold.jsonl') });
    expect(hasGoldStandard(bare)).toBe(false);
    expect(hasGoldStandard(withGold)).toBe(true);
    expect(bare.gold.source).toBe(NO_GOLD_SOURCE);
    expect(bare.gold.spans).toEqual([]);
    expect(bare.tokens).toEqual(withGold.tokens);
    expect(bare.sentences.map((s) => [s.start, s.end, s.doc])).toEqual(withGold.sentences.map((s) => [s.start, s.end, s.doc]));
    expect(bare.documents.map((d) => d.id)).toEqual(withGold.documents.map((d) => d.id));
    expect(bare.systems.map((s) => s.spans)).toEqual(withGold.systems.map((s) => s.spans));
  });

  it('still uses an embedded gold column when the first file has one, and does not check the others’ against none', () => {
    const embedded = load({ systems: conll, allowNoGold: true });
    expect(hasGoldStandard(embedded)).toBe(true);
    expect(embedded.gold.spans.length).toBeGreaterThan(0);
    // A JSONL first (no gold), then CoNLL files whose embedded gold is not compared with nothing.
    const mixed = load({ systems: [jsonl[0], conll[1], conll[2]], allowNoGold: true });
    expect(hasGoldStandard(mixed)).toBe(false);
    expect(mixed.systems[1].spans).toEqual(embedded.systems[1].spans);
  });

  it('reads two-column CoNLL (token prediction) without gold', () => {
    const a = temp('Ann B-PER\nsaw O\nRome B-LOC\n\nBob B-PER\n', 'a.conll');
    const b = temp('Ann B-PER\nsaw O\nRome O\n\nBob B-ORG\n', 'b.conll');
    const c = load({ systems: [{ name: 'a', path: a }, { name: 'b', path: b }], allowNoGold: true });
    expect(hasGoldStandard(c)).toBe(false);
    expect(c.tokens).toEqual(['Ann', 'saw', 'Rome', 'Bob']);
    expect(c.systems[1].spans.map((s) => `${s.start}-${s.end}:${s.label}`)).toEqual(['0-1:PER', '3-4:ORG']);
  });

  it('without allowNoGold, a first file without gold remains a usage error', () => {
    expect(() => load({ systems: jsonl })).toThrow(UsageError);
    // JSONL has no gold column to speak of: the message says what the file is instead.
    expect(() => load({ systems: jsonl })).toThrow(`${jsonl[0].path} is JSONL, which holds a system's items and no gold standard; pass gold FILE`);
  });
});
