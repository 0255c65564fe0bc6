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

/** Where each count of a schema sits in a tally: COR, INC, PAR, MIS, SPU. */
const COR = 0;
const INC = 1;
const PAR = 2;
const MIS = 3;
const SPU = 4;
const FIELDS = 5;

function finish(t: Int32Array, at: number, beta: number, zeroDivision: ZeroDivision): SchemaCounts {
  const [cor, inc, par, mis, spu] = [t[at + COR], t[at + INC], t[at + PAR], t[at + MIS], t[at + SPU]];
  const possible = cor + inc + par + mis;
  const actual = cor + inc + par + spu;
  const credit = cor + 0.5 * par;
  const p = prf({ tp: credit, fp: actual - credit, fn: possible - credit }, beta, zeroDivision);
  return { cor, inc, par, mis, spu, possible, actual, precision: p.precision, recall: p.recall, f: p.f };
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
  const labels = [...new Set([...g, ...s].map((x) => x.label))].sort();
  const index = new Map(labels.map((label, k) => [label, k]));
  // Counts by label (0 for all of them together, 1 + k for labels[k]), schema and field.
  const width = SCHEMA_NAMES.length * FIELDS;
  const t = new Int32Array((labels.length + 1) * width);
  const add = (schema: number, label: string, field: number) => {
    t[schema * FIELDS + field]++;
    t[(1 + index.get(label)!) * width + schema * FIELDS + field]++;
  };
  const [STRICT, EXACT, PARTIAL, ENT_TYPE] = [0, 1, 2, 3];
  const byLabel = pairOverlapping(g, s, {
    fixed: (a, b) => sameBounds(a, b) && a.label === b.label,
    preferred: (a, b) => a.label === b.label,
  });
  const byBounds = pairOverlapping(g, s, { fixed: sameBounds, preferred: (a, b) => a.label === b.label });
  // Plain loops over the mates (every gold span, every system span): this runs for every system.
  const labelMate = byLabel.goldMate;
  const boundsMate = byBounds.goldMate;
  for (let gi = 0; gi < g.length; gi++) {
    const a = g[gi];
    const si = labelMate[gi];
    if (si < 0) {
      add(STRICT, a.label, MIS);
      add(ENT_TYPE, a.label, MIS);
    } else {
      const sameLabel = a.label === s[si].label;
      add(STRICT, a.label, sameLabel && sameBounds(a, s[si]) ? COR : INC);
      add(ENT_TYPE, a.label, sameLabel ? COR : INC);
    }
    const bi = boundsMate[gi];
    if (bi < 0) {
      add(EXACT, a.label, MIS);
      add(PARTIAL, a.label, MIS);
    } else {
      const exact = sameBounds(a, s[bi]);
      add(EXACT, a.label, exact ? COR : INC);
      add(PARTIAL, a.label, exact ? COR : PAR);
    }
  }
  for (let si = 0; si < s.length; si++) {
    const label = s[si].label;
    if (byLabel.systemMate[si] < 0) {
      add(STRICT, label, SPU);
      add(ENT_TYPE, label, SPU);
    }
    if (byBounds.systemMate[si] < 0) {
      add(EXACT, label, SPU);
      add(PARTIAL, label, SPU);
    }
  }
  const scores = (row: number): SchemaScores => {
    const at = (schema: number) => row * width + schema * FIELDS;
    return {
      strict: finish(t, at(STRICT), beta, zeroDivision),
      exact: finish(t, at(EXACT), beta, zeroDivision),
      partial: finish(t, at(PARTIAL), beta, zeroDivision),
      ent_type: finish(t, at(ENT_TYPE), beta, zeroDivision),
    };
  };
  const byType: Record<string, SchemaScores> = {};
  labels.forEach((label, k) => { byType[label] = scores(1 + k); });
  return { ...scores(0), byType };
}
