/**
 * Scores every system of a corpus: counts, P/R/F_β, K, Makhoul's C/S/D/I with E/ERR/SER,
 * per-type and per-document counts, macro averages, contingency indicators and graded credit.
 * A pure function of the corpus and the options.
 */
import type { Corpus, Span, SystemOutput, TokenTally } from '../model/corpus.js';
import { GoldWalk } from '../model/gold-walk.js';
import { buildUniverse } from '../model/universe.js';
import { tokenAccuracy } from './accuracy.js';
import { macroAverage } from './average.js';
import { confusionAgainst, type ConfusionMatrix } from './confusion.js';
import { DEFAULT_SER_WEIGHTS, errorRates, type SerWeights } from './errors.js';
import { gradedPrf, type LabelDistance } from './graded.js';
import { indicators, type Indicators } from './indicators.js';
import { kMeasure } from './kmeasure.js';
import { prf, ZERO_DIVISION_MODES, type Counts, type PRF, type ZeroDivision } from './prf.js';
import { SlotTally } from './slot-tally.js';
import { MATCH_MODES, walkSlots, type MatchMode } from './slots.js';
import { recordOf } from '../model/record.js';
import { semevalSchemas, type SchemasReport } from './schemas.js';
import { sentenceCount } from '../model/sentence-table.js';
import { checkBoolean, checkChoice, checkCorpus, checkPositive, checkTypes, withDefaults } from './options-check.js';
import { showValue, UsageError } from '../errors.js';
import type { NoneMissing } from './option-keys.js';
import { codePointLength } from '../formats/codepoints.js';

export interface EvalOptions {
  match: MatchMode;
  beta: number;
  kAlpha: number;
  zeroDivision: ZeroDivision;
  serWeights: SerWeights;
  /** Only these entity types count (all when undefined). */
  types?: readonly string[];
  labelDistance?: LabelDistance;
  /** Also report the SemEval-2013 schemas (nervaluate's strict, exact, partial, ent_type; see schemas.ts). */
  schemas?: boolean;
}

export const DEFAULT_EVAL_OPTIONS: EvalOptions = {
  match: 'strict', beta: 1, kAlpha: 1, zeroDivision: 'gerbil', serWeights: DEFAULT_SER_WEIGHTS,
};

/** Every option {@link evaluate} takes (any other key is refused). */
export const EVAL_OPTION_KEYS = [
  'match', 'beta', 'kAlpha', 'zeroDivision', 'serWeights', 'types', 'labelDistance', 'schemas',
] as const satisfies readonly (keyof EvalOptions)[];
type _EvalKeysListed = NoneMissing<Exclude<keyof EvalOptions, (typeof EVAL_OPTION_KEYS)[number]>>;

export type CountsPRF = Counts & PRF;

export interface IndicatorReport extends Indicators {
  /** What a, b, c, d count: tokens (inside an entity or not) or items of the universe. */
  basis: 'tokens' | 'items';
  a: number;
  b: number;
  c: number;
  d: number;
}

export interface DocumentScores extends CountsPRF {
  id: string;
}

export interface SystemScores extends CountsPRF {
  name: string;
  source: string;
  format: string;
  scheme?: string;
  /** The JSONL dialect the output was read as (JSONL only). */
  dialect?: string;
  k: number;
  c: number;
  s: number;
  d: number;
  i: number;
  e: number;
  err: number;
  ser: number;
  weightedSer: number;
  graded?: PRF;
  byType: Record<string, CountsPRF>;
  byDocument: DocumentScores[];
  macro: { doc: PRF | null; type: PRF | null };
  indicators: IndicatorReport;
  /** conlleval's token accuracy (see accuracy.ts); null when the system or the gold has no tags. */
  tokenAccuracy: number | null;
  tokenTally: TokenTally | null;
  /**
   * Gold type × predicted type over items with the same boundaries, with missed and spurious
   * items (see confusion.ts); counted when first read.
   */
  readonly confusion: ConfusionMatrix;
  /** The SemEval-2013 schemas, when asked for (`schemas`). */
  schemas?: SchemasReport;
  warnings: string[];
}

export interface CorpusSummary {
  source: string;
  /** The JSONL dialect the gold standard was read as (JSONL only). */
  dialect?: string;
  /** The tag scheme the gold standard was read in (tag inputs only). */
  scheme?: string;
  unit: 'token' | 'char';
  documents: number;
  sentences: number;
  /** Tokens, or characters counted as code points, as inputs count them (an emoji is one). */
  length: number;
  items: number;
  byType: Record<string, number>;
}

export interface EvalReport {
  options: EvalOptions;
  gold: CorpusSummary;
  systems: SystemScores[];
}

/** Counts with P/R/F attached. */
function scored(c: Counts, o: EvalOptions): CountsPRF {
  const p = prf(c, o.beta, o.zeroDivision);
  return { tp: c.tp, fp: c.fp, fn: c.fn, precision: p.precision, recall: p.recall, f: p.f };
}

function sortedRecord<T>(m: Map<string, T>): Record<string, T> {
  return recordOf([...m.keys()].sort().map((k) => [k, m.get(k)!] as const));
}

/**
 * Token-level contingency: a token is positive when some span covers it. Returns the mask and
 * how many tokens it marks (counted as they are marked: a pass over every token of the corpus,
 * made once, would run unoptimised for much of a large corpus).
 */
function coverage(corpus: Corpus, spans: readonly Span[]): { mask: Uint8Array; positive: number } {
  const mask = new Uint8Array(corpus.length);
  let positive = 0;
  for (let k = 0; k < spans.length; k++) {
    const s = spans[k];
    if (s.fragments === undefined) {
      for (let t = s.start; t < s.end; t++) {
        positive += 1 - mask[t];
        mask[t] = 1;
      }
    } else {
      for (const [a, b] of s.fragments) {
        for (let t = a; t < b; t++) {
          positive += 1 - mask[t];
          mask[t] = 1;
        }
      }
    }
  }
  return { mask, positive };
}

/**
 * The token contingency of each system against gold: a token is positive when some span covers
 * it. A system's side is counted over the tokens its spans cover (a stamp per token marks those
 * counted already, as spans may overlap; spans in order and apart need none), not over the whole
 * corpus: a = tokens both cover, b = the system's others, c = gold's others, d = the rest.
 */
function tokenContingencies(
  corpus: Corpus, goldSpans: readonly Span[], systemSpans: readonly (readonly Span[])[],
): Array<{ a: number; b: number; c: number; d: number }> {
  const { mask: gold, positive: goldPositive } = coverage(corpus, goldSpans);
  const n = corpus.length;
  let counted: Int32Array | undefined;
  const out: Array<{ a: number; b: number; c: number; d: number }> = [];
  for (let k = 0; k < systemSpans.length; k++) {
    const spans = systemSpans[k];
    if (inOrderApart(spans)) {
      // No token is covered twice (a tagger's spans): no stamps. A span that is the gold's own
      // object covers gold tokens only, so counts by its length, without reading them.
      const walk = new GoldWalk(goldSpans);
      let a = 0;
      let positive = 0;
      for (let j = 0; j < spans.length; j++) {
        const s = spans[j];
        positive += s.end - s.start;
        if (walk.find(s) >= 0) a += s.end - s.start;
        else for (let t = s.start; t < s.end; t++) a += gold[t];
      }
      out.push({ a, b: positive - a, c: goldPositive - a, d: n - positive - goldPositive + a });
      continue;
    }
    counted ??= new Int32Array(n);
    const stamp = k + 1;
    let a = 0;
    let positive = 0;
    for (let j = 0; j < spans.length; j++) {
      const s = spans[j];
      if (s.fragments === undefined) {
        for (let t = s.start; t < s.end; t++) {
          if (counted[t] === stamp) continue;
          counted[t] = stamp;
          positive++;
          a += gold[t];
        }
        continue;
      }
      for (const [from, to] of s.fragments) {
        for (let t = from; t < to; t++) {
          if (counted[t] === stamp) continue;
          counted[t] = stamp;
          positive++;
          a += gold[t];
        }
      }
    }
    out.push({ a, b: positive - a, c: goldPositive - a, d: n - positive - goldPositive + a });
  }
  return out;
}

/** Whether `spans` are contiguous, in order of start and apart (no token in two of them). */
function inOrderApart(spans: readonly Span[]): boolean {
  let end = -Infinity;
  for (let k = 0; k < spans.length; k++) {
    const s = spans[k];
    if (s.fragments !== undefined || s.start < end || s.end < s.start) return false;
    end = s.end;
  }
  return true;
}

/** The corpus's length: its tokens, or its characters as code points (its texts hold UTF-16 units, two for an emoji). */
function lengthInCodePoints(corpus: Corpus): number {
  if (corpus.texts === undefined) return corpus.length;
  let pairs = 0;
  for (const text of corpus.texts) pairs += text.length - codePointLength(text);
  return corpus.length - pairs;
}

/** Scores one system against the gold standard. */
function scoreSystem(
  corpus: Corpus,
  system: SystemOutput,
  spans: readonly Span[],
  goldSpans: readonly Span[],
  o: EvalOptions,
  contingency: { a: number; b: number; c: number; d: number },
  basis: 'tokens' | 'items',
  confusion: (spans: readonly Span[]) => ConfusionMatrix,
): SystemScores {
  const tally = new SlotTally(corpus.documents.length, o.labelDistance !== undefined);
  walkSlots(goldSpans, spans, o.match, tally);
  const { c, s, d, i, docTp, docFp, docFn } = tally;
  const counts: Counts = { tp: c, fp: s + i, fn: s + d };
  const main = scored(counts, o);

  const byType = recordOf(Object.entries(sortedRecord(tally.types)).map(([label, tc]) => [label, scored(tc, o)] as const));
  const byDocument = corpus.documents.map((doc, k): DocumentScores => {
    const dc: Counts = { tp: docTp[k], fp: docFp[k], fn: docFn[k] };
    const p = prf(dc, o.beta, o.zeroDivision);
    return { id: doc.id, tp: dc.tp, fp: dc.fp, fn: dc.fn, precision: p.precision, recall: p.recall, f: p.f };
  });
  const rates = errorRates({ c, s, d, i }, o.beta, o.serWeights, o.zeroDivision);
  const graded = o.labelDistance === undefined
    ? undefined
    : gradedPrf(c, tally.substituted!, c + s + d, c + s + i, o.labelDistance, o.beta, o.zeroDivision);
  const scores: SystemScores = {
    name: system.name,
    source: system.source,
    format: system.format,
    scheme: system.scheme,
    ...(system.dialect === undefined ? {} : { dialect: system.dialect }),
    ...main,
    k: kMeasure(main.precision, main.recall, o.kAlpha, o.beta),
    c, s, d, i,
    ...rates,
    graded,
    byType,
    byDocument,
    macro: { doc: macroAverage(byDocument), type: macroAverage(Object.values(byType)) },
    indicators: { basis, ...contingency, ...indicators(contingency) },
    tokenAccuracy: tokenAccuracy(system.tokenTally),
    tokenTally: system.tokenTally ?? null,
    confusion: undefined as unknown as ConfusionMatrix, // replaced below
    ...(o.schemas === true ? { schemas: semevalSchemas(goldSpans, spans, o.beta, o.zeroDivision) } : {}),
    warnings: system.warnings,
  };
  // Counted on first read (--confusion, --svg): the scores alone do not show it.
  let matrix: ConfusionMatrix | undefined;
  Object.defineProperty(scores, 'confusion', { enumerable: true, configurable: true, get: () => (matrix ??= confusion(spans)) });
  return scores;
}

/** Throws a UsageError about `serWeights` unless it is `{s, d, i}`, each a finite number ≥ 0 (what parseSerWeights gives). */
function checkSerWeights(w: unknown): void {
  const v = w as Record<string, unknown> | null;
  const ok = v !== null && typeof v === 'object' && (['s', 'd', 'i'] as const).every((k) => typeof v[k] === 'number' && Number.isFinite(v[k]) && v[k] >= 0);
  if (!ok) throw UsageError.about('serWeights', `expects {s, d, i}, each a finite number ≥ 0 (as parseSerWeights gives them), got ${showValue(w)}`);
}

/** Scores every system of the corpus. */
export function evaluate(corpus: Corpus, options: Partial<EvalOptions> = {}): EvalReport {
  checkCorpus(corpus);
  const o = withDefaults(DEFAULT_EVAL_OPTIONS, options, EVAL_OPTION_KEYS);
  checkChoice('match', o.match, MATCH_MODES);
  checkPositive('beta', o.beta);
  checkPositive('kAlpha', o.kAlpha);
  checkChoice('zeroDivision', o.zeroDivision, ZERO_DIVISION_MODES);
  checkSerWeights(o.serWeights);
  if (o.schemas !== undefined) checkBoolean('schemas', o.schemas);
  if (o.labelDistance !== undefined && typeof o.labelDistance !== 'function') {
    throw UsageError.about('labelDistance', `expects a function of a gold and a predicted label, as parseLabelDistance gives it, got ${showValue(o.labelDistance)}`);
  }
  checkTypes(o.types, corpus.gold.spans, corpus.systems);
  const allowed = o.types === undefined ? undefined : new Set(o.types);
  const keep = allowed === undefined ? undefined : (s: Span) => allowed.has(s.label);
  const filter = (spans: readonly Span[]) => (keep === undefined ? spans : spans.filter(keep));
  const goldSpans = filter(corpus.gold.spans);
  const systemSpans = corpus.systems.map((s) => filter(s.spans));

  // Contingency indicators need true negatives: tokens when the corpus is tokenised, otherwise
  // the item universe (every distinct item of gold and systems).
  let contingencies: Array<{ a: number; b: number; c: number; d: number }>;
  let basis: 'tokens' | 'items';
  if (corpus.unit === 'token') {
    basis = 'tokens';
    contingencies = tokenContingencies(corpus, goldSpans, systemSpans);
  } else {
    basis = 'items';
    const u = buildUniverse(corpus, o.match === 'boundary' ? 'boundary' : 'strict', keep);
    contingencies = u.systems.map((b) => {
      const a = b.andCount(u.gold);
      const fp = b.count() - a;
      const fn = u.gold.count() - a;
      return { a, b: fp, c: fn, d: u.size - a - fp - fn };
    });
  }

  const confusion = confusionAgainst(goldSpans);
  const goldTypes = new Map<string, number>();
  for (const s of goldSpans) goldTypes.set(s.label, (goldTypes.get(s.label) ?? 0) + 1);
  return {
    options: o,
    gold: {
      source: corpus.gold.source,
      ...(corpus.gold.dialect === undefined ? {} : { dialect: corpus.gold.dialect }),
      ...(corpus.gold.scheme === undefined ? {} : { scheme: corpus.gold.scheme }),
      unit: corpus.unit,
      documents: corpus.documents.length,
      sentences: sentenceCount(corpus),
      length: lengthInCodePoints(corpus),
      items: goldSpans.length,
      byType: sortedRecord(goldTypes),
    },
    systems: corpus.systems.map((sys, k) =>
      scoreSystem(corpus, sys, systemSpans[k], goldSpans, o, contingencies[k], basis, confusion)),
  };
}
