/**
 * A gold standard's fingerprint depends on what is scored — spans, labels, the text's length —
 * not on how the file is written, nor on where documents are cut.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { documentFingerprint, goldFingerprint, sameGold } from '../../src/model/fingerprint.js';
import type { Corpus } from '../../src/model/corpus.js';
import { tempFiles } from '../helpers/temp.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const load = (gold: string) => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [] });

describe('goldFingerprint', () => {
  const conll = load(join(NEWS, 'gold.conll'));

  it('is 16 hexadecimal digits, the same for the same annotations written as CoNLL or as JSONL', () => {
    const fp = goldFingerprint(conll);
    expect(fp).toMatch(/^[0-9a-f]{16}$/);
    expect(goldFingerprint(load(join(NEWS, 'jsonl', 'gold.jsonl')))).toBe(fp);
  });

  it('is the same without -DOCSTART- lines: the same annotations, cut into no documents', () => {
    const text = readFileSync(join(NEWS, 'gold.conll'), 'utf8');
    const plain = tempFiles('fingerprint')(text.replace(/^-DOCSTART- O\n\n/gm, ''), 'gold.conll');
    const flat = load(plain);
    expect(flat.documents.length).toBeLessThan(conll.documents.length);
    expect(flat.gold.spans.length).toBe(conll.gold.spans.length);
    expect(goldFingerprint(flat)).toBe(goldFingerprint(conll));
  });

  it('changes with a span, a label or the length', () => {
    const fp = goldFingerprint(conll);
    const spans = conll.gold.spans;
    const withGold = (s: Corpus['gold']['spans']) => ({ ...conll, gold: { ...conll.gold, spans: s } });
    expect(goldFingerprint(withGold(spans.slice(1)))).not.toBe(fp);
    expect(goldFingerprint(withGold([{ ...spans[0], label: `${spans[0].label}X` }, ...spans.slice(1)]))).not.toBe(fp);
    expect(goldFingerprint(withGold([{ ...spans[0], end: spans[0].end + 1 }, ...spans.slice(1)]))).not.toBe(fp);
    expect(goldFingerprint({ ...conll, length: conll.length + 1 })).not.toBe(fp);
    expect(goldFingerprint(withGold([{ ...spans[0], fragments: [[spans[0].start, spans[0].end]] }, ...spans.slice(1)]))).not.toBe(fp);
  });

  it('recognises the fingerprint earlier versions saved (with documents), on the gold written as it was then', () => {
    // The fingerprint an earlier version saved in a plan on the news gold (plan --save-plan, chosenOn).
    const earlier = 'a2ea8d9f17ceba9c';
    expect(documentFingerprint(conll)).toBe(earlier);
    expect(earlier).not.toBe(goldFingerprint(conll));
    expect(sameGold(conll, earlier)).toBe(true);
    expect(sameGold(conll, goldFingerprint(conll))).toBe(true);
    const spans = conll.gold.spans;
    expect(sameGold({ ...conll, gold: { ...conll.gold, spans: spans.slice(1) } }, earlier)).toBe(false);
  });
});
