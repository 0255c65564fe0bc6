/**
 * `eval --schemas` on the CoNLL-2003 test set with twelve real systems
 * (../shared/data/conll03-12sys, read at run time, never copied: the text is Reuters-licensed).
 * What it must do: strict and exact COR/INC/MIS/SPU equal nervaluate's on the ten CoNLL systems
 * (nervaluate's cnn-rand-lstmcrf strict INC/MIS/SPU is 614/471/166; the other counts come from
 * nervaluate's strategies re-implemented below from their published rules: each prediction in
 * turn takes a free gold span it matches perfectly, else the first free gold span it overlaps,
 * else it is spurious); strict COR equals the strict match's TP; ent_type equals `--match
 * overlap`; and every count adds up on the span-prediction outputs, whose spans overlap.
 * Skipped when the data is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { sentenceAt, type Corpus, type Span } from '../../src/model/corpus.js';
import { evalJson, system, type EvalJson } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const exists = conll03Present('schemas-conll03');
const GOLD = join(CONLL03_DIR, 'gold.conll');

interface Counts { cor: number; inc: number; par: number; mis: number; spu: number; possible: number; actual: number; precision: number; recall: number; f: number }
type Schemas = Record<'strict' | 'exact' | 'partial' | 'ent_type', Counts> & { byType: Record<string, Record<string, Counts>> };
const schemasOf = (doc: EvalJson, name: string) => (system(doc, name) as unknown as { schemas: Schemas }).schemas;
const four = (c: Counts) => [c.cor, c.inc, c.mis, c.spu];

/** Spans by the sentence they start in. */
function bySentence(corpus: Corpus, spans: readonly Span[]): Map<number, Span[]> {
  const m = new Map<number, Span[]>();
  for (const s of spans) m.set(sentenceAt(corpus, s.start), [...(m.get(sentenceAt(corpus, s.start)) ?? []), s]);
  return m;
}

/** nervaluate's one-to-one strategy, sentence by sentence: COR, INC, MIS, SPU. */
function nervaluateCounts(corpus: Corpus, predicted: readonly Span[], perfect: (p: Span, t: Span) => boolean): number[] {
  const gold = bySentence(corpus, corpus.gold.spans);
  const pred = bySentence(corpus, predicted);
  let cor = 0;
  let inc = 0;
  let mis = 0;
  let spu = 0;
  for (const k of new Set([...gold.keys(), ...pred.keys()])) {
    const trues = gold.get(k) ?? [];
    const matched = new Set<number>();
    for (const p of pred.get(k) ?? []) {
      let hit = -1;
      let overlapping = -1;
      for (let t = 0; t < trues.length; t++) {
        if (matched.has(t)) continue;
        if (perfect(p, trues[t])) {
          hit = t;
          break;
        }
        if (overlapping < 0 && p.start < trues[t].end && trues[t].start < p.end) overlapping = t;
      }
      if (hit >= 0) {
        cor++;
        matched.add(hit);
      } else if (overlapping >= 0) {
        inc++;
        matched.add(overlapping);
      } else {
        spu++;
      }
    }
    mis += trues.length - matched.size;
  }
  return [cor, inc, mis, spu];
}

/**
 * nervaluate's ent_type strategy, sentence by sentence: each prediction in turn takes, among the
 * free gold spans it overlaps, one of its own type with the closest boundaries (COR), else the
 * first of another type (INC), else it is spurious. COR, INC, MIS, SPU.
 */
function nervaluateEntType(corpus: Corpus, predicted: readonly Span[]): number[] {
  const gold = bySentence(corpus, corpus.gold.spans);
  const pred = bySentence(corpus, predicted);
  const counts = [0, 0, 0, 0];
  for (const k of new Set([...gold.keys(), ...pred.keys()])) {
    const trues = gold.get(k) ?? [];
    const matched = new Set<number>();
    for (const p of pred.get(k) ?? []) {
      let same = -1;
      let distance = Infinity;
      let other = -1;
      for (let t = 0; t < trues.length; t++) {
        const g = trues[t];
        if (matched.has(t) || !(p.start < g.end && g.start < p.end)) continue;
        const d = Math.abs(p.start - g.start) + Math.abs(p.end - g.end);
        if (p.label === g.label) {
          if (d < distance) [same, distance] = [t, d];
        } else if (other < 0) other = t;
      }
      const t = same >= 0 ? same : other;
      counts[same >= 0 ? 0 : other >= 0 ? 1 : 3]++;
      if (t >= 0) matched.add(t);
    }
    counts[2] += trues.length - matched.size;
  }
  return counts;
}

/**
 * nervaluate 0.2's `compute_metrics`, strict only, sentence by sentence: predictions in order of
 * their end; one that equals a gold span is COR; else, over the gold spans in order of start, one
 * with its boundaries and another type is INC (and ends the search), and every gold span it
 * overlaps that no prediction overlapped before is INC too; a prediction with none is SPU; a gold
 * span never reached is MIS. COR, INC, MIS, SPU.
 */
function nervaluate02Strict(corpus: Corpus, predicted: readonly Span[]): number[] {
  const counts = [0, 0, 0, 0];
  const gold = bySentence(corpus, corpus.gold.spans);
  const pred = bySentence(corpus, predicted);
  const same = (a: Span, b: Span) => a.start === b.start && a.end === b.end && a.label === b.label;
  for (const k of new Set([...gold.keys(), ...pred.keys()])) {
    const trues = [...(gold.get(k) ?? [])].sort((a, b) => a.start - b.start);
    const reached: Span[] = [];
    for (const p of [...(pred.get(k) ?? [])].sort((a, b) => a.end - b.end)) {
      if (trues.some((t) => same(t, p))) {
        counts[0]++;
        reached.push(p);
        continue;
      }
      let found = false;
      for (const t of trues) {
        if (p.end <= t.start) break;
        if (t.start === p.start && t.end === p.end) {
          counts[1]++;
          reached.push(t);
          found = true;
          break;
        }
        if (p.start < t.end && t.start < p.end && !reached.some((r) => same(r, t))) {
          counts[1]++;
          reached.push(t);
          found = true;
        }
      }
      if (!found) counts[3]++;
    }
    counts[2] += trues.filter((t) => !reached.some((r) => same(r, t))).length;
  }
  return counts;
}

describe.skipIf(!exists)('eval --schemas on CoNLL-2003', () => {
  let corpus: Corpus;
  let doc: EvalJson;
  let overlap: EvalJson;
  let names: string[];

  beforeAll(async () => {
    const files = readdirSync(CONLL03_DIR).sort();
    const conll = files.filter((f) => f.endsWith('.conll') && f !== 'gold.conll');
    names = conll.map((f) => f.replace(/\.conll$/, ''));
    const systems = [...conll, ...files.filter((f) => f.endsWith('.jsonl'))].map((f) => join(CONLL03_DIR, f));
    corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: conll.map((f, k) => ({ name: names[k], path: join(CONLL03_DIR, f) })) });
    doc = await evalJson(['--schemas', '--gold', GOLD, ...systems]);
    overlap = await evalJson(['--match', 'overlap', '--gold', GOLD, ...systems]);
  });

  it('has the ten CoNLL systems', () => {
    expect(names).toHaveLength(10);
  });

  it('cnn-rand-lstmcrf: strict INC/MIS/SPU 614/471/166, as nervaluate', () => {
    expect(four(schemasOf(doc, 'cnn-rand-lstmcrf').strict)).toEqual([4563, 614, 471, 166]);
  });

  it('gives the table of conll03.md', () => {
    // strict COR/INC/MIS/SPU, strict F1, exact COR/INC/MIS/SPU, partial F1, ent_type F1 (percent).
    const table: Array<[string, string, number, string, number, number]> = [
      ['bert-glove-lstmcrf', '5202/327/119/130', 92.01, '5403/126/119/130', 96.68, 93.22],
      ['bert-lstmcrf', '5232/312/104/125', 92.46, '5424/120/104/125', 96.92, 93.58],
      ['cnn-glove-cnncrf', '5096/440/112/177', 89.71, '5377/159/112/177', 96.06, 91.44],
      ['cnn-glove-lstmcrf', '5137/379/132/141', 90.88, '5363/153/132/141', 96.23, 92.38],
      ['cnn-rand-lstmcrf', '4563/614/471/166', 83.03, '4975/202/471/166', 92.37, 85.42],
      ['elmo-glove-lstmcrf', '5209/324/115/130', 92.11, '5405/128/115/130', 96.70, 93.38],
      ['elmo-lstmcrf', '5191/325/132/122', 91.99, '5404/112/132/122', 96.76, 93.04],
      ['flair-glove-lstmcrf', '5268/288/92/122', 93.02, '5438/118/92/122', 97.07, 94.14],
      ['flair-lstmcrf', '5245/313/90/145', 92.41, '5435/123/90/145', 96.85, 93.60],
      ['rand-lstmcrf', '4141/582/925/181', 78.49, '4406/317/925/181', 86.51, 82.26],
    ];
    const pct = (x: number) => Math.round(10000 * x) / 100;
    for (const [name, strict, strictF, exact, partialF, entTypeF] of table) {
      const x = schemasOf(doc, name);
      expect([four(x.strict).join('/'), pct(x.strict.f), four(x.exact).join('/'), pct(x.partial.f), pct(x.ent_type.f)], name)
        .toEqual([strict, strictF, exact, partialF, entTypeF]);
    }
  });

  it('strict and exact counts equal nervaluate\'s on all ten CoNLL systems', () => {
    const strict = (p: Span, t: Span) => p.start === t.start && p.end === t.end && p.label === t.label;
    const exact = (p: Span, t: Span) => p.start === t.start && p.end === t.end;
    for (const sys of corpus.systems) {
      const s = schemasOf(doc, sys.name);
      expect(four(s.strict), `${sys.name} strict`).toEqual(nervaluateCounts(corpus, sys.spans, strict));
      expect(four(s.exact), `${sys.name} exact`).toEqual(nervaluateCounts(corpus, sys.spans, exact));
    }
  });

  it('partial equals nervaluate\'s too; ent_type differs where nervaluate\'s greedy pairing spends a gold span on another type (metrics.md)', () => {
    const exact = (p: Span, t: Span) => p.start === t.start && p.end === t.end;
    // COR/INC/MIS/SPU: nervaluate's ent_type, then complan's (equal for bert-*, elmo-lstmcrf).
    const entType: Record<string, [string, string]> = {
      'cnn-glove-cnncrf': ['5190/346/112/177', '5194/342/112/177'],
      'cnn-glove-lstmcrf': ['5217/299/132/141', '5222/294/132/141'],
      'cnn-rand-lstmcrf': ['4688/488/472/167', '4694/483/471/166'],
      'elmo-glove-lstmcrf': ['5279/253/116/131', '5281/252/115/130'],
      'flair-glove-lstmcrf': ['5327/229/92/122', '5331/225/92/122'],
      'flair-lstmcrf': ['5309/249/90/145', '5312/246/90/145'],
      'rand-lstmcrf': ['4332/391/925/181', '4340/383/925/181'],
    };
    for (const sys of corpus.systems) {
      const s = schemasOf(doc, sys.name);
      const [cor, par, mis, spu] = nervaluateCounts(corpus, sys.spans, exact);
      expect([s.partial.cor, s.partial.par, s.partial.mis, s.partial.spu], `${sys.name} partial`).toEqual([cor, par, mis, spu]);
      const theirs = nervaluateEntType(corpus, sys.spans);
      const ours = four(s.ent_type);
      const [wantTheirs, wantOurs] = entType[sys.name] ?? [ours.join('/'), ours.join('/')];
      expect([theirs.join('/'), ours.join('/')], `${sys.name} ent_type`).toEqual([wantTheirs, wantOurs]);
      // On these files the pairing that prefers one type finds at least as many correct pairs.
      expect(ours[0], sys.name).toBeGreaterThanOrEqual(theirs[0]);
    }
  });

  it('differs from nervaluate 0.2, which counts a prediction across two gold spans twice (the figures of metrics.md)', () => {
    const of = (name: string) => nervaluate02Strict(corpus, corpus.systems.find((s) => s.name === name)!.spans).join('/');
    expect([of('cnn-rand-lstmcrf'), of('rand-lstmcrf')]).toEqual(['4563/653/432/167', '4141/610/897/181']);
    expect(four(schemasOf(doc, 'cnn-rand-lstmcrf').strict).join('/')).toBe('4563/614/471/166');
  });

  it('agrees with the other scores: strict COR is TP, ent_type is --match overlap, partial is exact with PAR for INC', () => {
    for (const s of doc.systems) {
      const x = schemasOf(doc, s.name);
      const o = system(overlap, s.name);
      expect(x.strict.cor, s.name).toBe(s.tp);
      expect([x.ent_type.cor, x.ent_type.inc, x.ent_type.mis, x.ent_type.spu], s.name).toEqual([o.c, o.s, o.d, o.i]);
      expect([x.partial.cor, x.partial.par, x.partial.mis, x.partial.spu], s.name).toEqual([x.exact.cor, x.exact.inc, x.exact.mis, x.exact.spu]);
      for (const name of ['strict', 'exact', 'partial', 'ent_type'] as const) {
        const c = x[name];
        // One to one: POS is every gold span, ACT every (distinct) predicted span.
        expect(c.possible, `${s.name} ${name}`).toBe(doc.gold.items);
        expect(c.actual, `${s.name} ${name}`).toBe(s.tp + s.fp);
        expect(c.precision).toBeCloseTo((c.cor + c.par / 2) / c.actual, 12);
        expect(c.recall).toBeCloseTo((c.cor + c.par / 2) / c.possible, 12);
        const byType = Object.values(x.byType).map((t) => t[name]);
        expect(byType.reduce((n, t) => n + t.cor + t.inc + t.par + t.mis + t.spu, 0)).toBe(c.cor + c.inc + c.par + c.mis + c.spu);
      }
    }
  });
});
