/**
 * The gold's tokens are kept where they stand in the gold file while it is loaded and scored, and
 * numbered into a vocabulary only when something asks for them as strings: loading, scoring and
 * comparing give exactly what a store numbered from the start gives, and scoring does not ask.
 * Where the gold's sentences stand in its text serves the system files, whatever chunks the text
 * is read in.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareSystems } from '../../src/complementarity/matrix.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, loadInternals } from '../../src/formats/load.js';
import { readConll } from '../../src/formats/conll.js';
import { lineReaderInternals } from '../../src/formats/lines.js';
import { DEFAULT_READ_OPTIONS } from '../../src/formats/segment.js';
import { SentenceTexts } from '../../src/formats/sentence-texts.js';
import { loadOutcome } from '../helpers/load-outcome.js';
import { tempFiles } from '../helpers/temp.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { corpusTokens } from '../../src/model/corpus-tokens.js';
import type { Corpus } from '../../src/model/corpus.js';
import { TokenStore } from '../../src/model/token-store.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort()
  .map((f) => ({ name: f.replace(/\.conll$/, ''), path: join(NEWS, 'systems', f) }));
const DEFAULT_CHARS = loadInternals.deferredTokenChars;

function loadNews(deferredChars: number): Corpus {
  loadInternals.deferredTokenChars = deferredChars;
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: SYSTEMS });
}

const CHUNK = lineReaderInternals.chunkSize;
const temp = tempFiles('deferred');

afterEach(() => {
  loadInternals.deferredTokenChars = DEFAULT_CHARS;
  lineReaderInternals.chunkSize = CHUNK;
});

describe('the gold standard\'s tokens, numbered only when asked for', () => {
  it('stay unnumbered through loading, scoring and comparing, with the results of a store numbered from the start', () => {
    const deferred = loadNews(DEFAULT_CHARS);
    const store = corpusTokens(deferred);
    expect(store).toBeInstanceOf(TokenStore);
    expect((store as TokenStore).deferring).toBe(true);
    const scores = evaluate(deferred, {});
    const matrix = compareSystems(deferred, { match: 'strict', beta: 1, examples: 3 });
    expect((store as TokenStore).deferring).toBe(true);

    const numbered = loadNews(0);
    expect((corpusTokens(numbered) as TokenStore).deferring).toBe(false);
    expect(scores).toEqual(evaluate(numbered, {}));
    expect(matrix).toEqual(compareSystems(numbered, { match: 'strict', beta: 1, examples: 3 }));
    // Read as an array, the tokens are the same (and the deferring store numbers them then).
    expect(deferred.tokens).toEqual(numbered.tokens);
    expect(deferred.systems.map((s) => s.spans)).toEqual(numbered.systems.map((s) => s.spans));
  });
});

describe('where the gold\'s sentences stand in its text', () => {
  it('are kept for sentences of one chunk, while the chunks kept stay within the limit', () => {
    const a = 'Rain O\nin O\n\n';
    const b = 'Ok O\n\n';
    const texts = new SentenceTexts(a.length + b.length);
    texts.add(0, a, 1, 0, a.length - 1);
    texts.add(2, b, 2, 0, b.length - 1);
    texts.add(3, 'over the limit O\n\n', 3, 0, 17);
    expect(texts.chunk(0)).toBe(a);
    expect([texts.start(0), texts.end(0)]).toEqual([0, a.length - 1]);
    // Sentence 1 was not recorded, sentence 3's chunk is past the limit.
    expect(texts.chunk(1)).toBeUndefined();
    expect(texts.chunk(2)).toBe(b);
    expect(texts.chunk(3)).toBeUndefined();
    expect(texts.chunk(99)).toBeUndefined();
  });

  it('travel between threads as they are', () => {
    const a = 'Rain O\nin O\n\nOk O\n\n';
    const texts = new SentenceTexts(1 << 20);
    texts.add(0, a, 1, 0, 12);
    texts.add(2, a, 1, 13, 18);
    const other = SentenceTexts.of(structuredClone(texts.stored()));
    for (const s of [0, 1, 2, 3]) {
      expect(other.chunk(s)).toBe(texts.chunk(s));
      if (texts.chunk(s) !== undefined) expect([other.start(s), other.end(s)]).toEqual([texts.start(s), texts.end(s)]);
    }
  });

  it('are recorded as each sentence\'s own lines by the gold\'s reader, whatever chunks it reads', () => {
    const sentences = ['Rain O\nin O\nOslo B-LOC\n. O\n', 'Ada B-PER\nLovelace I-PER\nwrote O\n', 'Ok O\n', 'Rain O\nin O\nOslo B-LOC\n. O\n'];
    const gold = temp(`-DOCSTART- O\n\n${sentences.join('\n')}\n`, 'gold.conll');
    for (const chunk of [CHUNK, 16, 40]) {
      lineReaderInternals.chunkSize = chunk;
      const texts = new SentenceTexts(1 << 20);
      const opts = { ...DEFAULT_READ_OPTIONS, role: 'gold' as const, tokenStore: new TokenStore(), tagStore: new TokenStore(), sentenceLines: texts };
      expect(readConll(gold, opts, () => {}).segments).toBe(4);
      const recorded = sentences.map((_, s) => texts.chunk(s)?.slice(texts.start(s), texts.end(s)));
      recorded.forEach((text, s) => {
        if (text !== undefined) expect(text).toBe(sentences[s]);
      });
      // Read in one chunk, every sentence is recorded but the first (read line by line, before
      // the reader knows the file's columns), the second copy of sentence 0 included.
      if (chunk === CHUNK) expect(recorded.slice(1)).toEqual(sentences.slice(1));
    }
  });

  it('serve two- and three-column system files as reading them line by line does, across small chunks', () => {
    const gold = temp('-DOCSTART- O\n\nRain O\nin O\nOslo B-LOC\n. O\n\nAda B-PER\nLovelace I-PER\nwrote O\n\nOk O\n\n', 'gold.conll');
    const three = temp('-DOCSTART- O O\n\nRain O O\nin O O\nOslo B-LOC B-LOC\n. O O\n\nAda B-PER B-PER\nLovelace I-PER B-PER\nwrote O O\n\nOk O O\n\n', 'three.conll');
    const two = temp('-DOCSTART- O\n\nRain O\nin O\nOslo B-LOC\n. O\n\nAda B-PER\nLovelace I-PER\nwrote O\n\nOk O\n\n', 'two.conll');
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 'three', path: three }, { name: 'two', path: two }] };
    for (const chunk of [CHUNK, 16, 40]) {
      lineReaderInternals.chunkSize = chunk;
      const fast = loadOutcome(opts, true) as { corpus: Corpus };
      expect(fast).toEqual(loadOutcome(opts, false));
      const [a, b] = fast.corpus.systems;
      expect(a.spans.map((s) => [s.start, s.end, s.label])).toEqual([[2, 3, 'LOC'], [4, 5, 'PER'], [5, 6, 'PER']]);
      expect(b.spans.map((s) => [s.start, s.end, s.label])).toEqual([[2, 3, 'LOC'], [4, 6, 'PER']]);
    }
  });
});
