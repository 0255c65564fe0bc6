/**
 * The four evaluation schemas of SemEval-2013 Task 9.1, as nervaluate reports them: how many
 * predictions are correct (COR), incorrect (INC), partial (PAR), missed (MIS) or spurious (SPU)
 * when a match needs
 * - `strict`: the same boundaries and the same type;
 * - `exact`: the same boundaries, whatever the type;
 * - `partial`: some overlap, whatever the type; an inexact overlap earns half credit;
 * - `ent_type`: some overlap and the same type.
 *
 * Gold and predicted spans are paired one to one by a maximum-cardinality pairing of
 * overlapping spans (pairing.ts), the perfect matches of the schema first: for `strict` and
 * `ent_type` identical spans, and among maximum pairings the most pairs of one type; for `exact`
 * and `partial` spans with the same boundaries. A pair is COR when it is a perfect match of the
 * schema (for `ent_type`: any pair of the same type) and otherwise INC (`partial`: PAR); an
 * unpaired gold span is MIS and an unpaired prediction SPU. Then
 *
 *   POS = COR + INC + PAR + MIS (the gold spans), ACT = COR + INC + PAR + SPU (the predictions),
 *   P = (COR + ½·PAR) / ACT, R = (COR + ½·PAR) / POS, F = F_β(P, R),
 *
 * PAR being 0 except under `partial`. A 0/0 follows the zero-division rule (prf.ts) with
 * TP = COR + ½·PAR, FP = ACT − TP, FN = POS − TP: `zero` gives nervaluate's values everywhere;
 * the default `gerbil` differs only when there is nothing to find and nothing found (1, not 0).
 *
 * By type, COR, INC, PAR and MIS count under the gold span's type and SPU under the
 * prediction's, as nervaluate 0.x does; so a prediction paired with a gold span of another type
 * counts in the gold type's ACT.
 *
 * Sources: I. Segura-Bedmar, P. Martínez and M. Herrero-Zazo, "SemEval-2013 Task 9: Extraction
 * of Drug-Drug Interactions from Biomedical Texts", SemEval 2013 (the schemas); nervaluate
 * (github.com/MantisAI/nervaluate), its `StrictEvaluation`, `ExactEvaluation`,
 * `PartialEvaluation` and `EntityTypeEvaluation` strategies and its `compute_precision_recall`.
 */
import type { Span } from '../model/corpus.js';
import { pairOverlapping } from './pairing.js';
import { prf, type ZeroDivision } from './prf.js';
import { spanSet } from './slots.js';

export type SchemaName = 'strict' | 'exact' | 'partial' | 'ent_type';

export const SCHEMA_NAMES: readonly SchemaName[] = ['strict', 'exact', 'partial', 'ent_type'];

/** One schema's counts and scores. */
export interface SchemaCounts {
  cor: number;
  inc: number;
  par: number;
  mis: number;
  spu: number;
  /** POS = COR + INC + PAR + MIS. */
  possible: number;
  /** ACT = COR + INC + PAR + SPU. */
  actual: number;
  precision: number;
  recall: number;
  f: number;
}

export type SchemaScores = Record<SchemaName, SchemaCounts>;

export interface SchemasReport extends SchemaScores {
  /** The same by entity type (see the module comment for how counts are attributed). */
  byType: Record<string, SchemaScores>;
}

interface Tally {
  cor: number;
  inc: number;
  par: number;
  mis: number;
  spu: number;
}

const newTally = (): Tally => ({ cor: 0, inc: 0, par: 0, mis: 0, spu: 0 });

function finish(t: Tally, beta: number, zeroDivision: ZeroDivision): SchemaCounts {
  const possible = t.cor + t.inc + t.par + t.mis;
  const actual = t.cor + t.inc + t.par + t.spu;
  const credit = t.cor + 0.5 * t.par;
  const p = prf({ tp: credit, fp: actual - credit, fn: possible - credit }, beta, zeroDivision);
  return { ...t, possible, actual, precision: p.precision, recall: p.recall, f: p.f };
}

const sameBounds = (a: Span, b: Span) => a.start === b.start && a.end === b.end && sameFragments(a, b);

function sameFragments(a: Span, b: Span): boolean {
  if (a.fragments === undefined || b.fragments === undefined) return a.fragments === b.fragments;
  return a.fragments.length === b.fragments.length && a.fragments.every(([x, y], k) => x === b.fragments![k][0] && y === b.fragments![k][1]);
}

/**
 * The four SemEval-2013 schemas of `system` against `gold` (corpus coordinates, all documents
 * at once), overall and by type. See the module comment for the rules and formulas.
 */
export function semevalSchemas(gold: readonly Span[], system: readonly Span[], beta = 1, zeroDivision: ZeroDivision = 'gerbil'): SchemasReport {
  const g = spanSet(gold);
  const s = spanSet(system);
  const tallies = new Map<string, Record<SchemaName, Tally>>();
  const total: Record<SchemaName, Tally> = { strict: newTally(), exact: newTally(), partial: newTally(), ent_type: newTally() };
  const add = (schema: SchemaName, label: string, what: keyof Tally) => {
    total[schema][what]++;
    let t = tallies.get(label);
    if (t === undefined) tallies.set(label, (t = { strict: newTally(), exact: newTally(), partial: newTally(), ent_type: newTally() }));
    t[schema][what]++;
  };
  const byLabel = pairOverlapping(g, s, {
    fixed: (a, b) => sameBounds(a, b) && a.label === b.label,
    preferred: (a, b) => a.label === b.label,
  });
  const byBounds = pairOverlapping(g, s, { fixed: sameBounds, preferred: (a, b) => a.label === b.label });
  for (const [gi, si] of byLabel.pairs) {
    const a = g[gi];
    const b = s[si];
    add('strict', a.label, sameBounds(a, b) && a.label === b.label ? 'cor' : 'inc');
    add('ent_type', a.label, a.label === b.label ? 'cor' : 'inc');
  }
  for (const [gi, si] of byBounds.pairs) {
    const exact = sameBounds(g[gi], s[si]);
    add('exact', g[gi].label, exact ? 'cor' : 'inc');
    add('partial', g[gi].label, exact ? 'cor' : 'par');
  }
  for (const [pairing, schemas] of [[byLabel, ['strict', 'ent_type']], [byBounds, ['exact', 'partial']]] as const) {
    pairing.goldMate.forEach((mate, gi) => { if (mate < 0) for (const schema of schemas) add(schema, g[gi].label, 'mis'); });
    pairing.systemMate.forEach((mate, si) => { if (mate < 0) for (const schema of schemas) add(schema, s[si].label, 'spu'); });
  }
  const scores = (t: Record<SchemaName, Tally>): SchemaScores => ({
    strict: finish(t.strict, beta, zeroDivision),
    exact: finish(t.exact, beta, zeroDivision),
    partial: finish(t.partial, beta, zeroDivision),
    ent_type: finish(t.ent_type, beta, zeroDivision),
  });
  const byType: Record<string, SchemaScores> = {};
  for (const label of [...tallies.keys()].sort()) byType[label] = scores(tallies.get(label)!);
  return { ...scores(total), byType };
}
