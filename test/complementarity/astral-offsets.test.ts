/**
 * Character offsets as inputs count them: BRAT, spaCy and doccano count code points, where an
 * emoji is one character (and JavaScript two units). The examples that compare and ablate show,
 * and the characters eval counts, are code points too, so they agree with the input files and
 * with what combine writes.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ablate } from '../../src/ablation/ablate.js';
import { compareSystems } from '../../src/complementarity/matrix.js';
import { loadCorpus } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';

const dir = mkdtempSync(join(tmpdir(), 'complan-astral-'));
// "New Velmar" stands at code points 19–29 of the second document, after an emoji (two UTF-16 units).
const second = 'Paris is nice \u{1F600} in New Velmar .';
for (const [name, ann2] of [['gold', 'T1\tLOC 0 5\tParis\nT2\tLOC 19 29\tNew Velmar\n'], ['finds', 'T1\tLOC 0 5\tParis\nT2\tLOC 19 29\tNew Velmar\n'], ['misses', 'T1\tLOC 0 5\tParis\n']]) {
  mkdirSync(join(dir, name));
  writeFileSync(join(dir, name, 's1.txt'), 'John Smith lives here .');
  writeFileSync(join(dir, name, 's1.ann'), name === 'misses' ? '' : 'T1\tPER 0 10\tJohn Smith\n');
  writeFileSync(join(dir, name, 's2.txt'), second);
  writeFileSync(join(dir, name, 's2.ann'), ann2);
}
const corpus = () => loadCorpus({ gold: join(dir, 'gold'), systems: ['finds', 'misses'].map((n) => ({ name: n, path: join(dir, n) })) });

describe('character offsets after an astral character', () => {
  it('compare\'s examples give code points, as the input does', () => {
    const c = compareSystems(corpus(), { examples: 5 });
    const pair = c.pairs.find((p) => p.a === 'misses' && p.b === 'finds')!;
    expect(pair.examples.bFinds).toContainEqual({ doc: 's2', sentence: 2, start: 19, end: 29, label: 'LOC', text: 'New Velmar' });
    // Before the emoji, units and code points agree.
    expect(pair.examples.bFinds).toContainEqual({ doc: 's1', sentence: 1, start: 0, end: 10, label: 'PER', text: 'John Smith' });
  });

  it('ablate\'s examples give code points', () => {
    const a = ablate(corpus(), 'finds', { examples: 5 });
    expect(a.variants[0].lost).toContainEqual({ doc: 's2', sentence: 2, start: 19, end: 29, label: 'LOC', text: 'New Velmar' });
  });

  it('eval counts the characters as code points: the emoji is one', () => {
    const r = evaluate(corpus());
    expect(r.gold.unit).toBe('char');
    expect(r.gold.length).toBe('John Smith lives here .'.length + [...second].length);
    expect(r.gold.length).toBe(54);
  });
});

describe('a discontinuous item as an example', () => {
  it('gives its fragments beside its hull, as offsets in the sentence; a contiguous one has none', () => {
    const root = mkdtempSync(join(tmpdir(), 'complan-fragments-'));
    for (const [name, ann] of [['gold', 'T1\tPER 0 4;10 15\tJohn Smith\nT2\tLOC 21 26\tParis\n'], ['finds', 'T1\tPER 0 4;10 15\tJohn Smith\nT2\tLOC 21 26\tParis\n'], ['misses', '']]) {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'd.txt'), 'John \u{1F600} W. Smith from Paris .');
      writeFileSync(join(root, name, 'd.ann'), ann);
    }
    const c = compareSystems(loadCorpus({ gold: join(root, 'gold'), systems: ['finds', 'misses'].map((n) => ({ name: n, path: join(root, n) })) }), { examples: 5 });
    const found = c.pairs.find((p) => p.a === 'misses' && p.b === 'finds')!.examples.bFinds;
    expect(found).toContainEqual({ doc: 'd', sentence: 1, start: 0, end: 15, label: 'PER', text: 'John … Smith', fragments: [[0, 4], [10, 15]] });
    expect(found).toContainEqual({ doc: 'd', sentence: 1, start: 21, end: 26, label: 'LOC', text: 'Paris' });
  });
});
