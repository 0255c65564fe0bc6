import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule, threshold, type BinaryRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, ensembleCounts, ensembleName, ensembleOutput, ensembleSpans, simulate } from '../../src/ensemble/simulate.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';

const key = (s: Span) => `${s.start}-${s.end}:${s.label}`;
const where = (s: Span) => `${s.start}-${s.end}`;
const keys = (spans: Span[]) => [...new Set(spans.map(key))].sort();

/** Reference binary rule: items returned by at least `need` members, by brute force. */
function naiveBinary(corpus: Corpus, members: number[], need: number): string[] {
  const votes = new Map<string, number>();
  for (const m of members) for (const k of new Set(corpus.systems[m].spans.map(key))) votes.set(k, (votes.get(k) ?? 0) + 1);
  return [...votes].filter(([, v]) => v >= need).map(([k]) => k).sort();
}

/** Reference typed vote, written independently of the implementation (maps, no bitsets). */
function naiveVote(corpus: Corpus, members: number[], weight: (m: number, label: string | null) => number, rank: (m: number) => number): string[] {
  const boundaries = new Set<string>();
  for (const m of members) for (const s of corpus.systems[m].spans) boundaries.add(where(s));
  const out: string[] = [];
  for (const b of boundaries) {
    const tally = new Map<string, { w: number; best: number }>();
    let o = 0;
    for (const m of members) {
      // A member's vote at a boundary: the first label it gives there in its own order… of the
      // universe, i.e. gold order first; for these tests systems propose one label per boundary.
      const mine = corpus.systems[m].spans.filter((s) => where(s) === b).map((s) => s.label);
      if (mine.length === 0) { o += weight(m, null); continue; }
      const label = mine[0];
      const t = tally.get(label) ?? { w: 0, best: Infinity };
      t.w += weight(m, label);
      t.best = Math.min(t.best, rank(m));
      tally.set(label, t);
    }
    // Weights that differ by rounding only (F1 values computed different ways) are a tie, as
    // in the implementation.
    const ranked = [...tally].sort((x, y) => (Math.abs(y[1].w - x[1].w) > 1e-9 ? y[1].w - x[1].w : x[1].best - y[1].best));
    if (ranked.length > 0 && ranked[0][1].w > o + 1e-9) out.push(`${b}:${ranked[0][0]}`);
  }
  return out.sort();
}

/** Random corpora where each system proposes at most one label per boundary. */
const oneLabelPerBoundary = corpusArb(2, 6).map((c) => ({
  ...c,
  systems: c.systems.map((s) => {
    const seen = new Set<string>();
    return { ...s, spans: s.spans.filter((x) => !seen.has(where(x)) && seen.add(where(x)) !== undefined) };
  }),
}));

describe('binary rules', () => {
  it('keep exactly the items enough members return (random corpora, random subsets)', () => {
    const rules: BinaryRule[] = [{ kind: 'union' }, { kind: 'intersection' }, { kind: 'majority' }, { kind: 'kofn', k: 2 }];
    fc.assert(
      fc.property(corpusArb(2, 6), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), fc.constantFrom(...rules), (corpus, pick, rule) => {
        let members = corpus.systems.map((_, k) => k).filter((k) => pick[k]);
        if (members.length < 2) members = [0, 1];
        const index = buildEnsembleIndex(corpus);
        const r = simulate(index, members, rule);
        expect(keys(ensembleSpans(index, r))).toEqual(naiveBinary(corpus, members, threshold(rule, members.length)));
        expect(r.ties).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('kofn:K for every K, up to 20 members (the bit-sliced count over five planes)', () => {
    fc.assert(
      fc.property(corpusArb(2, 20), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 20 }), (corpus, seed, k) => {
        // Members: a rotation of all systems, cut to a length from the seed.
        const all = corpus.systems.map((_, i) => i);
        const members = all.map((i) => all[(i + seed) % all.length]).slice(0, 1 + (seed % all.length));
        const need = Math.min(k, members.length);
        const index = buildEnsembleIndex(corpus);
        const r = simulate(index, members, { kind: 'kofn', k: need });
        expect(keys(ensembleSpans(index, r))).toEqual(naiveBinary(corpus, members, need));
      }),
      { numRuns: 300 },
    );
  });

  it('union of one system returns that system, scored identically by eval', () => {
    fc.assert(
      fc.property(corpusArb(1, 3), (corpus) => {
        const index = buildEnsembleIndex(corpus);
        const out = ensembleOutput(index, simulate(index, [0], { kind: 'union' }));
        const e = evaluate({ ...corpus, systems: [corpus.systems[0], out] });
        expect([e.systems[1].tp, e.systems[1].fp, e.systems[1].fn]).toEqual([e.systems[0].tp, e.systems[0].fp, e.systems[0].fn]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('ensembleCounts', () => {
  it('equals strict eval of the ensemble output, for every rule (random corpora)', () => {
    const rules: Rule[] = [{ kind: 'union' }, { kind: 'intersection' }, { kind: 'majority' }, { kind: 'vote' }, { kind: 'weighted', weights: { kind: 'label-f1' } }];
    fc.assert(
      fc.property(corpusArb(2, 5), fc.constantFrom(...rules), (corpus, rule) => {
        const index = buildEnsembleIndex(corpus);
        const r = simulate(index, corpus.systems.map((_, k) => k), rule);
        const e = evaluate({ ...corpus, systems: [ensembleOutput(index, r)] }).systems[0];
        expect(ensembleCounts(index, r)).toEqual({ tp: e.tp, fp: e.fp, fn: e.fn });
      }),
      { numRuns: 150 },
    );
  });
});

describe('vote', () => {
  // Five members over one boundary each; gold decides the ranking (s0 best).
  const gold = [span(0, 1, 'PER'), span(2, 3, 'LOC'), span(4, 5, 'ORG')];
  const corpus = makeCorpus(gold, [
    [span(0, 1, 'PER'), span(2, 3, 'LOC'), span(4, 5, 'ORG'), span(6, 7, 'PER')], // s0: F1 best
    [span(0, 1, 'PER'), span(2, 3, 'ORG'), span(6, 7, 'LOC')],
    [span(0, 1, 'LOC'), span(2, 3, 'ORG'), span(6, 7, 'LOC')],
    [span(0, 1, 'LOC'), span(6, 7, 'PER')],
    [span(2, 3, 'LOC')],
  ]);
  const index = buildEnsembleIndex(corpus);
  const all = [0, 1, 2, 3, 4];

  it('gives each boundary the plurality label when it beats O, ties to the best member', () => {
    const r = simulate(index, all, { kind: 'vote' });
    // 0-1: PER 2, LOC 2, O 1 → tie, s0 backs PER. 2-3: LOC 2, ORG 2, O 1 → tie, s0 backs LOC.
    // 4-5: ORG 1, O 4 → dropped. 6-7: PER 2, LOC 2, O 1 → tie, s0 backs PER.
    expect(keys(ensembleSpans(index, r))).toEqual(['0-1:PER', '2-3:LOC', '6-7:PER']);
    expect(r.ties).toBe(3);
    expect(ensembleName(index, r)).toBe('vote(s0+s1+s2+s3+s4)');
  });

  it('needs strictly more votes than O', () => {
    // Members s3, s4: at 0-1 LOC 1 vs O 1; at 2-3 LOC 1 vs O 1 → nothing.
    expect(simulate(index, [3, 4], { kind: 'vote' }).items.count()).toBe(0);
    // s0, s1: 0-1 PER 2 vs O 0; 2-3 LOC 1 vs ORG 1 vs O 0 → tie to s0's LOC; 4-5 ORG 1 vs O 1 →
    // dropped; 6-7 PER 1 vs LOC 1 → tie to s0's PER.
    const r = simulate(index, [0, 1], { kind: 'vote' });
    expect(keys(ensembleSpans(index, r))).toEqual(['0-1:PER', '2-3:LOC', '6-7:PER']);
    expect(r.ties).toBe(2);
  });

  it('weighted: given weights decide, and O votes weigh the abstaining members', () => {
    const w = (text: string) => parseRule('weighted', { kind: 'given', weights: new Map(text.split(',').map((p) => [p.split('=')[0], Number(p.split('=')[1])])) });
    // At 0-1: PER (s0 .1 + s1 .1) vs LOC (s2 .5 + s3 .5) vs O (s4 .2) → LOC.
    const r = simulate(index, all, w('s0=0.1,s1=0.1,s2=0.5,s3=0.5,s4=0.2'));
    expect(keys(ensembleSpans(index, r))).toContain('0-1:LOC');
    expect(() => simulate(index, all, w('s0=1,s1=1'))).toThrow('no weight for system "s2"');
    expect(() => simulate(index, [0, 1], w('s0=1,s1=1,zz=1'))).toThrow('"zz" is not a system');
  });

  it('treats weights equal up to rounding as a tie (label F1 2·.5·1/1.5 against 2·.75·.6/1.35)', () => {
    // s0 is all ORG with label F1 2/3 (P .5, R 1); s2 all LOC with label F1 2/3 (P .75, R .6),
    // computed along different roundings; s2 has the better overall F1, so its LOC wins 33-36.
    const c = makeCorpus(
      [span(22, 25, 'LOC'), span(0, 1, 'ORG'), span(0, 2, 'ORG'), span(0, 1, 'LOC'), span(1, 2, 'LOC'), span(3, 4, 'LOC'), span(2, 3, 'LOC')],
      [[span(0, 1, 'ORG'), span(0, 2, 'ORG'), span(33, 36, 'ORG'), span(1, 2, 'ORG')], [], [span(3, 4, 'LOC'), span(2, 3, 'LOC'), span(22, 25, 'LOC'), span(33, 36, 'LOC')]],
    );
    const ix = buildEnsembleIndex(c);
    const r = simulate(ix, [0, 1, 2], { kind: 'weighted', weights: { kind: 'label-f1' } });
    expect(keys(ensembleSpans(ix, r))).toContain('33-36:LOC');
    expect(r.ties).toBeGreaterThanOrEqual(1);
  });

  it('matches a brute-force reference on random corpora, for vote and weighted f1', () => {
    fc.assert(
      fc.property(oneLabelPerBoundary, (c) => {
        const ix = buildEnsembleIndex(c);
        const members = c.systems.map((_, k) => k);
        const rank = (m: number) => ix.rank[m];
        expect(keys(ensembleSpans(ix, simulate(ix, members, { kind: 'vote' })))).toEqual(naiveVote(c, members, () => 1, rank));
        const weighted: Rule = { kind: 'weighted', weights: { kind: 'f1' } };
        expect(keys(ensembleSpans(ix, simulate(ix, members, weighted)))).toEqual(naiveVote(c, members, (m) => ix.f1[m], rank));
        const labelF1 = (m: number, l: string | null) => (l === null ? ix.f1[m] : ix.labelF1[m][ix.labels.indexOf(l)]);
        const byLabel: Rule = { kind: 'weighted', weights: { kind: 'label-f1' } };
        expect(keys(ensembleSpans(ix, simulate(ix, members, byLabel)))).toEqual(naiveVote(c, members, labelF1, rank));
      }),
      { numRuns: 200 },
    );
  });

  it('tallies whole given weights exactly as the same weights in quarters (integer and floating-point vote)', () => {
    const given = (names: string[], w: number[], scale: number): Rule => ({
      kind: 'weighted', weights: { kind: 'given', weights: new Map(names.map((n, k) => [n, w[k] * scale])) },
    });
    fc.assert(
      fc.property(oneLabelPerBoundary, fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 6, maxLength: 6 }), (c, w) => {
        const ix = buildEnsembleIndex(c);
        const members = c.systems.map((_, k) => k);
        const names = c.systems.map((x) => x.name);
        const whole = simulate(ix, members, given(names, w, 1));
        const quarters = simulate(ix, members, given(names, w, 0.25));
        expect(whole.items.toArray()).toEqual(quarters.items.toArray());
        expect(whole.ties).toBe(quarters.ties);
        expect(keys(ensembleSpans(ix, whole))).toEqual(naiveVote(c, members, (m) => w[m], (m) => ix.rank[m]));
      }),
      { numRuns: 200 },
    );
  });

  it('ranks members by F1, then input order; without gold by input order', () => {
    expect(index.rank[0]).toBe(0);
    const noGold = buildEnsembleIndex(corpus, { noGold: true });
    expect([...noGold.rank]).toEqual([0, 1, 2, 3, 4]);
    expect(() => simulate(noGold, all, { kind: 'weighted', weights: { kind: 'f1' } })).toThrow('f1 needs a gold standard');
  });
});

describe('simulate errors', () => {
  const index = buildEnsembleIndex(makeCorpus([], [[span(0, 1, 'PER')], [span(0, 1, 'PER')]]));
  it('rejects empty, repeated and unknown members and kofn above the member count', () => {
    expect(() => simulate(index, [], { kind: 'union' })).toThrow('at least one member');
    expect(() => simulate(index, [0, 0], { kind: 'union' })).toThrow('a member twice');
    expect(() => simulate(index, [5], { kind: 'union' })).toThrow('no system 5');
    expect(() => simulate(index, [0, 1], { kind: 'kofn', k: 3 })).toThrow('kofn:3 needs at least 3 members, the ensemble has 2');
  });
});

describe('buildEnsembleIndex: option names', () => {
  const corpus = makeCorpus([span(0, 2, 'PER'), span(10, 11, 'LOC')], [[span(0, 2, 'PER')], [span(10, 11, 'LOC')]], ['a', 'b']);

  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => buildEnsembleIndex(corpus, { noGOld: true } as never), 'noGOld', 'noGold');
    unknownOption(() => buildEnsembleIndex(corpus, { type: ['LOC'] } as never), 'type', 'types');
    expect(buildEnsembleIndex(corpus, { types: ['LOC'] }).universe.size).toBe(1);
  });
});
