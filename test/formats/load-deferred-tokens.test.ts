/**
 * The gold's tokens are kept where they stand in the gold file while it is loaded and scored, and
 * numbered into a vocabulary only when something asks for them as strings: loading, scoring and
 * comparing give exactly what a store numbered from the start gives, and scoring does not ask.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareSystems } from '../../src/complementarity/matrix.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, loadInternals } from '../../src/formats/load.js';
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

afterEach(() => {
  loadInternals.deferredTokenChars = DEFAULT_CHARS;
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
