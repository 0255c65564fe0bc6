/**
 * Renderers of a planner result, on hand-made results: the terminal table (columns, marks,
 * footnotes, abbreviation, colour, the procedures, held-out splits, comparisons, bootstrap and
 * recommendation), JSON (round trip, key order, nulls), CSV (parseable, one row per candidate
 * and per procedure), Markdown and LaTeX (escaping).
 */
import { describe, expect, it } from 'vitest';
import type {
  CandidateExplanation, CandidateScores, PairedComparison, PlanCandidate, PlanResult, PredictionAccuracy, PredictionMethod, PredictionQuality, Procedure, ProcedureName, QualityGroup,
} from '../../src/plan/types.js';
import {
  abbreviateMembers, isRateObjective, PLAN_CSV_FIELDS, planCsv, planJson, planLatex, planMarkdown, planTable,
} from '../../src/report/plan.js';
import { noteText } from '../../src/report/plan-notes.js';
import { recommendationReason } from '../../src/report/plan-reason.js';
import { unknownOption } from '../helpers/errors.js';

const scores = (f: number, extra: Partial<CandidateScores> = {}): CandidateScores => ({
  precision: f + 0.02, recall: f - 0.02, f, ser: 1.2 - f, err: 1.1 - f, k: f - 0.01, tp: Math.round(f * 1000), fp: 40, fn: 60, s: 7, ...extra,
});

function candidate(rank: number, members: string[], rule: string, actual: number, predicted: number, via: PredictionMethod, more: Partial<PlanCandidate> = {}): PlanCandidate {
  return {
    rank, members, rule, size: members.length, cost: members.length, gain: actual - 0.9, bestMember: members[0],
    objective: { actual, predicted, gap: actual - predicted },
    actual: scores(actual), predicted: scores(predicted), predictedVia: via, ties: rule === 'vote' ? 3 : 0,
    withinBudget: true, pareto: false, ...more,
  };
}

function procedure(name: ProcedureName, members: string[], rule: string, planning: number, heldOut: number): Procedure {
  return {
    name, members, rule, size: members.length, planning: { objective: planning, scores: scores(planning) },
    heldOut: { mean: heldOut, sd: 0.004, splits: 2, pooled: heldOut + 0.001, planningMean: planning + 0.005, optimism: planning - heldOut - 0.001 },
  };
}

function comparison(name: PairedComparison['name'], diff: number): PairedComparison {
  return { name, meanDiff: diff, sd: 0.002, se: 0.003, ci95: [diff - 0.006, diff + 0.006], p: diff > 0.012 ? 0.0005 : 0.21, pBootstrap: 0.19, differing: 20 };
}

const acc = (mae: number, bias: number, spearman: number | null): PredictionAccuracy => ({ mae, bias, spearman });
const group = (candidates: number, shift: number): QualityGroup => ({
  candidates,
  objective: { predicted: acc(0.0023 + shift, -0.001, 0.795), bestMember: acc(0.0056, 0.0045, 0.577), meanMember: acc(0.0123, -0.0123, 0.61) },
  f: { predicted: acc(0.0024 + shift, -0.0012, 0.8), bestMember: acc(0.0057, 0.0044, 0.58), meanMember: acc(0.0124, -0.0124, 0.62) },
});

/** Prediction quality over a sample of member sets, with two rules and a size each. */
const QUALITY: PredictionQuality = {
  sample: { inSample: true, memberSets: 500, of: 4095, sampled: true, candidates: 1000, exact: 22 },
  byRule: [
    { rule: 'majority', ...group(489, 0), bySize: [{ size: 3, ...group(489, 0) }] },
    { rule: 'vote', ...group(489, 0.001), bySize: [{ size: 3, ...group(489, 0.001) }] },
  ],
};

const TWELVE = ['flair-glove-lstmcrf', 'bert-large-cased', 'elmo-cnn-bilstm', 'roberta-base', 'xlnet-large', 'spacy-lg', 'stanza', 'crf-suite', 'gazetteer', 'luke-large', 'biaffine', 'seq2seq'];

function fixture(over: Partial<PlanResult> = {}): PlanResult {
  return {
    schemaVersion: 1,
    objective: { text: 'f1', minimise: false, description: 'F1 (strict)' },
    rules: ['union', 'majority', 'vote'],
    search: { requested: 'auto', strategies: ['greedy', 'beam'], guide: 'comp', beam: 4, bags: 1, minSize: 1, maxSize: 12, evaluated: 1234, distinct: 1234, eligible: 1234 },
    match: 'strict', beta: 1, kAlpha: 1,
    systems: ['crf', 'gazetteer', 'sloppy', 'tagger_v2&co'],
    bestSingle: { name: 'crf', objective: 0.9 },
    budget: null,
    candidates: [
      candidate(2, ['crf', 'gazetteer'], 'union', 0.91, 0.91, 'exact', { pareto: true }),
      candidate(1, ['crf', 'gazetteer', 'sloppy'], 'vote', 0.935, 0.92, 'max-entropy', { pareto: true }),
      candidate(3, ['crf', 'gazetteer', 'tagger_v2&co'], 'majority', 0.905, 0.9123, 'max-entropy'),
      candidate(4, TWELVE, 'majority', 0.88, 0.87, 'max-entropy', { gain: -0.02 }),
    ],
    greedyPath: [
      { rule: 'vote', step: 1, added: 'crf', members: ['crf'], actual: 0.9, predicted: 0.9, comp: null },
      { rule: 'vote', step: 2, added: 'gazetteer', members: ['crf', 'gazetteer'], actual: 0.9, predicted: 0.9, comp: 0.4567 },
      { rule: 'vote', step: 3, added: 'sloppy', members: ['crf', 'gazetteer', 'sloppy'], actual: 0.935, predicted: 0.92, comp: 0.3 },
    ],
    rankAgreement: {
      candidates: 1200, spearman: 0.8123, kendall: 0.65, dMeasure: null, topK: 10, excluded: { exact: 30, duplicates: 4 },
      byRule: [{ rule: 'majority', candidates: 700, spearman: 0.7, kendall: 0.5 }, { rule: 'vote', candidates: 500, spearman: 0.6, kendall: 0.45 }],
      beatingBestSingle: { candidates: 80, spearman: 0.21, kendall: 0.15 },
    },
    predictionQuality: QUALITY,
    planningData: { units: 'document', documents: 20, sentences: 300, goldItems: 1000, of: 20 },
    selection: procedure('selection', ['crf', 'gazetteer', 'sloppy'], 'vote', 0.935, 0.92),
    baselines: [
      procedure('best-single', ['crf'], 'union', 0.9, 0.895),
      procedure('majority-all', ['crf', 'gazetteer', 'sloppy', 'tagger_v2&co'], 'majority', 0.91, 0.905),
      procedure('vote-all', ['crf', 'gazetteer', 'sloppy', 'tagger_v2&co'], 'vote', 0.915, 0.91),
      { ...procedure('caruana', ['crf', 'gazetteer', 'sloppy'], 'weighted', 0.94, 0.915), weights: { crf: 2, gazetteer: 1, sloppy: 1 } },
    ],
    notes: [{ kind: 'by-sentence' }, { kind: 'alpha-unreachable', samples: 99, alpha: 0.01 }],
    heldOut: {
      kind: 'folds', units: 'document', folds: 2, repeats: 1, seed: 7,
      splits: [1, 2].map((fold) => ({
        repeat: 1, fold, trainUnits: 10, testUnits: 10,
        chosen: { members: ['crf', 'gazetteer', 'sloppy'], rule: 'vote' },
        planning: { selection: 0.94, 'best-single': 0.91, 'majority-all': 0.915, 'vote-all': 0.92, caruana: 0.945 },
        heldOut: { selection: 0.92, 'best-single': 0.895, 'majority-all': 0.905, 'vote-all': 0.91, caruana: 0.915 },
      })),
      summary: (['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'] as ProcedureName[]).map((name) => ({
        name, mean: 0.9, sd: 0.01, splits: 2, pooled: 0.901, planningMean: 0.92, optimism: 0.02,
      })),
      stability: { distinct: 1, mostCommon: { members: ['crf', 'gazetteer', 'sloppy'], rule: 'vote', count: 2 }, tied: 0 },
    },
    bootstrap: {
      samples: 200, seed: 7, confidence: 0.95, units: 'document', reselected: true, procedure: 'selection',
      procedures: (['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'] as ProcedureName[]).map((name) => ({ name, mean: 0.91, low: 0.89, high: 0.93 })),
      vsBaselines: (['best-single', 'majority-all', 'vote-all', 'caruana'] as const).map((name) => ({ name, mean: 0.01, low: -0.002, high: 0.021, notBetter: 0.08 })),
      skipped: 0,
    },
    recommendation: {
      procedure: 'selection', members: ['crf', 'gazetteer', 'sloppy'], rule: 'vote', alpha: 0.05,
      basis: { kind: 'beats-baselines', best: 'selection', skipped: [] },
      heldOut: { mean: 0.92, sd: 0.004, folds: 2 },
      vsBaselines: (['best-single', 'majority-all', 'vote-all', 'caruana'] as const).map((name, i) => comparison(name, 0.025 - 0.005 * i)),
      tests: { on: 'held-out', units: 'document', samples: 1000, seed: 7, reselected: false },
    },
    ...over,
  };
}

/** Table rows of the candidates section: lines starting with a rank. */
function candidateRows(text: string): string[][] {
  const start = text.indexOf('Candidates (');
  const lines = text.slice(start).split('\n').slice(3);
  const rows: string[][] = [];
  for (const l of lines) {
    if (!/^\s*\d+\s/.test(l)) break;
    rows.push(l.trim().split(/\s{2,}/));
  }
  return rows;
}

/** A minimal RFC 4180 parser (quoted fields with "" escapes and embedded commas/newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else field += c;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows;
}

describe('planTable', () => {
  const text = planTable(fixture());

  it('starts with the objective, rules, search and best single system', () => {
    const head = text.split('\n').slice(0, 3);
    expect(head[0]).toBe('Plan — objective f1: F1 (strict) (higher is better)');
    expect(head[1]).toBe('Rules union, majority, vote; search greedy then beam (auto), guided by complementarity, beam width 4, sizes 1–12; 1234 candidates evaluated over 4 systems');
    expect(head[2]).toBe('Best single system: crf, objective 90.00 (in-sample)');
    // An exhaustive search saw every candidate: the greedy path beside it is said to be only that.
    const r = fixture();
    const all = planTable({ ...r, search: { ...r.search, strategies: ['exhaustive', 'greedy'], guide: 'score' } }).split('\n')[1];
    expect(all).toMatch(/^Rules union, majority, vote; search exhaustive \(auto\), with the greedy path beside it, sizes 1–12;/);
    // Beside a K objective of another α, the K column says its own.
    const k = planTable({ ...r, kAlpha: 1, objective: { text: 'k:0.5:1', minimise: false, description: 'K (α=0.5, β=1)' } });
    expect(k).toMatch(/^#\s+members\s+rule\s+size\s+pred K\(α=0\.5,β=1\)\s+K\(α=0\.5,β=1\)\s+F1\s+SER\s+K\(α=1\)\s+gap/m);
    expect(text).toMatch(/^#\s+members\s+rule\s+size\s+pred F1\s+F1\s+SER\s+K\s+gap/m);
  });

  it('lists candidates by rank with predicted and actual F, SER, K, gap and gain', () => {
    const rows = candidateRows(text);
    expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4']);
    // #, members, rule, size, pred F1, F1, SER, K, gap, gain (no cost column: costs are sizes).
    expect(rows[0]).toEqual(['1', 'crf+gazetteer+sloppy', 'vote', '3', '≈92.00', '93.50', '26.50', '92.50', '+1.50', '+3.50']);
    expect(rows[1]).toEqual(['2', 'crf+gazetteer', 'union', '2', '91.00', '91.00', '29.00', '90.00', '0.00', '+1.00']);
    expect(rows[2][4]).toBe('≈91.23');
    expect(rows[2][8]).toBe('-0.73');
    expect(rows[3][9]).toBe('-2.00');
    expect(text).toContain('#  members');
    expect(text).not.toMatch(/\bcost\b/);
  });

  it('shows a single system with rule — and no weight, but under k-of-n with k ≥ 2, which keeps nothing of it', () => {
    const r = fixture({
      candidates: [
        candidate(1, ['crf'], 'weighted', 0.9, 0.9, 'exact', { weights: { crf: 0.69 } }),
        candidate(2, ['gazetteer'], 'kofn:1', 0.8, 0.8, 'exact'),
        candidate(3, ['sloppy'], 'kofn:2', 0, 0, 'exact'),
      ],
    });
    const rows = candidateRows(planTable(r));
    expect(rows.map((row) => row.slice(1, 3))).toEqual([['crf', '—'], ['gazetteer', '—'], ['sloppy', 'kofn:2']]);
    expect(planTable(r)).toContain('rule —: a single system, the same items under every rule that keeps its output, listed and counted once.');
  });

  it('gives the objective a column of its own, named as it is, when the F or K column is another measure', () => {
    // f1 under --beta 2: the F column is F2; the objective, F1, and its prediction and gap are beside it.
    const header = (over: Partial<PlanResult>) => planTable(fixture(over)).split('\n').find((l) => l.startsWith('#  members'))!.trim().split(/\s{2,}/);
    expect(header({ beta: 2 })).toEqual(['#', 'members', 'rule', 'size', 'pred F1', 'F1', 'F2', 'SER', 'K', 'gap', 'gain']);
    const rows = candidateRows(planTable(fixture({ beta: 2 })));
    // The objective column, beside its prediction, holds the objective (93.50), the F2 column the F score, and gap = 93.50 − 92.00.
    expect([rows[0][4], rows[0][5], rows[0][6], rows[0][9]]).toEqual(['≈92.00', '93.50', '93.50', '+1.50']);
    // f:2 under --beta 1, and k:2 beside the K column of α 1.
    expect(header({ objective: { text: 'f:2', minimise: false, description: 'F_2' } })).toEqual(['#', 'members', 'rule', 'size', 'pred F2', 'F2', 'F1', 'SER', 'K', 'gap', 'gain']);
    expect(header({ objective: { text: 'k:2', minimise: false, description: 'K (α=2, β=1)' } })).toContain('K(α=2)');
    // The same measure: no column of its own.
    expect(header({ beta: 2, objective: { text: 'f', minimise: false, description: 'F_2' } })).toEqual(['#', 'members', 'rule', 'size', 'pred F2', 'F2', 'SER', 'K', 'gap', 'gain']);
    expect(header({ objective: { text: 'f:1', minimise: false, description: 'F1' } })).not.toContain('objective');
  });

  it('explains the marks in footnotes', () => {
    expect(text).not.toContain('†');
    const weighted = planTable(fixture({ candidates: [candidate(1, ['crf', 'gazetteer', 'sloppy'], 'weighted', 0.935, 0.92, 'max-entropy-unweighted')] }));
    expect(weighted).toContain('≈92.00†');
    expect(weighted).toContain('\n† weighted of more than six members predicted as the plain vote of its members (weights left out).\n');
    expect(text).toContain('≈ estimated from the members\' pairwise statistics (pairwise maximum entropy)');
    expect(text).toContain('gap = actual − predicted objective (points)');
    const exactOnly = planTable(fixture({ candidates: [candidate(1, ['crf'], 'union', 0.9, 0.9, 'exact')] }));
    expect(exactOnly).not.toContain('†');
    expect(exactOnly).not.toContain('≈');
  });

  it('says what the figures are measured on, under the headline', () => {
    expect(text.split('\n')[3]).toBe('In-sample figures: the planning data (all 20 documents, 1000 gold items), which chose the candidates; '
      + 'held-out: 2-fold cross-validation by document, 1 repeat, seed 7, the whole selection re-run without the units it is scored on.');
    expect(text).toContain('Candidates (top 4 of 1234, by actual objective, in-sample)');
    expect(text).toContain('Actual scores are in-sample: measured on the planning data, which ranked and chose these candidates.');
    const heldOutAs = (fraction: number, test: number) => {
      const h = fixture().heldOut!;
      return { ...h, kind: 'holdout' as const, fraction, folds: undefined, repeats: undefined, splits: [{ ...h.splits[0], trainUnits: 20 - test, testUnits: test }] };
    };
    const holdout = planTable(fixture({ planningData: { units: 'document', documents: 15, sentences: 200, goldItems: 700, of: 20 }, heldOut: heldOutAs(0.25, 5) }));
    expect(holdout).toContain('In-sample figures: the planning data (15 of 20 documents, 700 gold items)');
    expect(holdout).toContain('held-out: a hold-out of 5 of 20 documents, 25%, seed 7');
    // A share of no whole number of units: what was held out, and what was asked.
    const least = planTable(fixture({ planningData: { units: 'document', documents: 19, sentences: 250, goldItems: 950, of: 20 }, heldOut: heldOutAs(0.01, 1) }));
    expect(least).toContain('held-out: a hold-out of 1 of 20 documents, 5% where 1% was asked, seed 7');
  });

  it('lists the search\'s choice and the baselines with in-sample, held-out, pooled and optimism', () => {
    const rows = text.slice(text.indexOf('procedure  ')).split('\n').slice(2, 7).map((l) => l.trim().split(/\s{2,}/));
    expect(rows).toEqual([
      ['selection', 'crf+gazetteer+sloppy', 'vote', '93.50', '92.00', '0.40', '92.10', '+1.40'],
      ['best-single', 'crf', '—', '90.00', '89.50', '0.40', '89.60', '+0.40'],
      ['majority-all', 'all 4 systems', 'majority', '91.00', '90.50', '0.40', '90.60', '+0.40'],
      ['vote-all', 'all 4 systems', 'vote', '91.50', '91.00', '0.40', '91.10', '+0.40'],
      ['caruana', 'crf×2+gazetteer+sloppy', 'weighted', '94.00', '91.50', '0.40', '91.60', '+2.40'],
    ]);
    // A test set adds its column, marked as not used for selection.
    const r = fixture({ testSet: { gold: 'test/gold.conll', units: 'document', documents: 30, sentences: 400, goldItems: 1500, planningDocuments: 0 } });
    r.selection.test = { objective: 0.925, scores: scores(0.925) };
    r.candidates.forEach((c) => { c.test = { objective: c.objective.actual - 0.01, scores: scores(c.objective.actual - 0.01) }; });
    const t = planTable(r);
    expect(t).toMatch(/procedure\s+chose\s+rule\s+in-sample\s+held-out\s+± sd\s+pooled\s+optimism\s+test\n/);
    expect(t).toMatch(/\nselection\s+crf\+gazetteer\+sloppy\s+vote\s+93\.50\s+92\.00\s+0\.40\s+92\.10\s+\+1\.40\s+92\.50\n/);
    expect(t).toMatch(/\nbest-single\s+crf\s+—\s+90\.00\s+89\.50\s+0\.40\s+89\.60\s+\+0\.40\s+—\n/);
    expect(t).toContain('test: on test/gold.conll, not used for any choice.');
    expect(candidateRows(t)[0]).toEqual(['1', 'crf+gazetteer+sloppy', 'vote', '3', '≈92.00', '93.50', '26.50', '92.50', '+1.50', '+3.50', '92.50']);
    expect(t).toContain('test: test/gold.conll (30 documents, 1500 gold items), never used for selection.');
    // Limited to some types, its items are of those, as the planning data's are said to be.
    const typed = fixture({ testSet: { gold: 'test/gold.conll', units: 'document', documents: 30, sentences: 400, goldItems: 700, planningDocuments: 0 } });
    typed.planningData = { ...typed.planningData, types: ['PER'] };
    expect(planTable(typed)).toContain('test: test/gold.conll (30 documents, 700 gold items of type PER), never used for selection.');
  });

  it('shows the greedy path, rank agreement, held-out splits, comparisons, the bootstrap, notes and the recommendation', () => {
    expect(text).toContain('Greedy path');
    const path = text.split('\n').filter((l) => /^vote\s+\d+\s+\+/.test(l));
    expect(path.map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ['vote', '1', '+crf', '1', '90.00', '90.00', '—'],
      ['vote', '2', '+gazetteer', '2', '90.00', '90.00', '45.67'],
      ['vote', '3', '+sloppy', '3', '93.50', '92.00', '30.00'],
    ]);
    expect(text).toContain('Rank agreement (predicted against actual objective, in-sample) over 1200 candidates whose prediction is an estimate '
      + '(30 exact by construction and 4 duplicates left out): Spearman ρ 0.812, Kendall τ 0.650, D-measure@10 —\n'
      + '  by rule: majority ρ 0.700, τ 0.500 (700 candidates); vote ρ 0.600, τ 0.450 (500 candidates)\n'
      + '  among candidates that beat the best single system: ρ 0.210, τ 0.150 (80 candidates)\n'
      + '  higher is better: ρ and τ run from −1 to 1, D-measure@10 (Nakache et al. 2005) from 0 to 1, the share of the predicted top 10 in the actual top 10, weighted towards the head of the list\n');
    // The stopping rule, so that paths of different lengths read right; no kind of candidate left out that there is none of.
    expect(text).toMatch(/^Each rule's path starts from the best single system and adds the first system, in order of F_Comp, that improves the objective \(else the best\); it stops at --max-size \(\d+\), when every system is in, or after two additions in a row that do not beat the best objective on its path \(then its last two rows\)\.$/m);
    const none = fixture();
    none.rankAgreement = { ...none.rankAgreement, excluded: { exact: 30, duplicates: 0 } };
    expect(planTable(none)).toContain('whose prediction is an estimate (30 exact by construction left out): ');
    none.rankAgreement = { ...none.rankAgreement, excluded: { exact: 0, duplicates: 1 } };
    expect(planTable(none)).toContain('whose prediction is an estimate (1 duplicate left out): ');
    // Two candidates are in one order or the other: the line says their ±1 means nothing.
    const two = fixture();
    two.rankAgreement = { ...two.rankAgreement, beatingBestSingle: { candidates: 2, spearman: -1, kendall: -1 } };
    expect(planTable(two)).toContain('  among candidates that beat the best single system: ρ -1.000, τ -1.000 (2 candidates: ±1 whatever the predictions)\n');
    expect(text).toContain('Held-out splits (2-fold cross-validation by document, 1 repeat, seed 7): every procedure chose on the training part, scored on the part held out (train, held out: their documents)');
    expect(text).toMatch(/\nfold +train +held out +selection chose +selection/);
    expect(text).toMatch(/\n\s+1\s+10\s+10\s+vote\(crf\+gazetteer\+sloppy\)\s+92\.00\s+89\.50\s+90\.50\s+91\.00\s+91\.50\n/);
    expect(text).toContain('The selection chose the same ensemble, vote(crf+gazetteer+sloppy), in every split.');
    // A tie for the most frequent choice is said.
    const h = fixture().heldOut!;
    const tied = planTable(fixture({ heldOut: { ...h, splits: [...h.splits, ...h.splits.slice(0, 2)], stability: { distinct: 2, mostCommon: h.stability.mostCommon, tied: 1 } } }));
    expect(tied).toContain('The selection chose 2 different ensembles over 4 splits; the most frequent, vote(crf+gazetteer+sloppy), 2 times, tied with 1 other.');
    // One split (a hold-out): no "every split", no mean over splits.
    const single = planTable(fixture({ heldOut: { ...h, splits: h.splits.slice(0, 1), stability: { distinct: 1, mostCommon: { ...h.stability.mostCommon, count: 1 }, tied: 0 } } }));
    expect(single).toContain('On the training part the selection chose vote(crf+gazetteer+sloppy).');
    expect(single).toContain('held-out: the score on the part held out, each choice made again on the training part;');
    expect(single).toContain('difference: the recommendation\'s held-out score minus the baseline\'s (positive: the recommendation is better).');
    // With one split the baselines' optimism is the parts' difference, said to be often far from 0;
    // with folds their pooled figure is their in-sample one.
    expect(single).toContain('With one split the in-sample figures are on the training part and the pooled ones on the part held out, so even the no-selection baselines (majority-all, vote-all), which choose nothing, show how the two parts differ (often far from 0): what a procedure\'s choosing adds is its optimism beyond theirs.');
    expect(text).toContain('pooled: F1 (strict) over the held-out parts\' counts at once (each unit held out once a repeat); optimism: in-sample minus pooled (positive: the in-sample figure flatters).');
    expect(text).toContain('The no-selection baselines (majority-all, vote-all) choose nothing, so their pooled figure is their in-sample one and their optimism 0 (but for vote\'s label ties, broken by the members\' ranking on each training part);');
    expect(text).toContain('The recommendation below is picked by these held-out figures, so its own is not quite free of selection (a test set, --test-gold, gives one that is).');
    // One held-out document: the bootstrap has nothing to resample, and the note says why its cells are empty.
    const lone = planTable(fixture({ heldOut: { ...h, splits: [{ ...h.splits[0], testUnits: 1 }] } }));
    expect(lone).toContain('Over a single document every bootstrap resample is that document: the bootstrap has nothing to measure, and its interval and p are shown as —.');
    expect(single).not.toContain('Over a single document');
    expect(single).not.toContain('in every split');
    expect(text).toContain('The recommendation (selection) against each baseline, held out (paired over 20 documents; paired bootstrap and approximate randomization, 1000 resamples each, seed 7; choices made on the training parts, not re-selected per resample)');
    expect(text).toMatch(/\nvote-all\s+\+1\.50\s+\+0\.90 to \+2\.10\s+< 0\.001\s+0\.19\s+20\n/);
    expect(text).toMatch(/\ncaruana\s+\+1\.00\s+\+0\.40 to \+1\.60\s+0\.21\s+0\.19\s+20\n/);
    // A tiny difference and interval keep their signs: more decimals, not "-0.01 to 0.00".
    const tiny = fixture();
    tiny.recommendation.vsBaselines = [{ ...tiny.recommendation.vsBaselines[0], meanDiff: -0.0000231, ci95: [-0.000054, 0.000008] }];
    expect(planTable(tiny)).toMatch(/\nbest-single\s+-0\.002\s+-0\.005 to \+0\.001\s/);
    // Twenty differing documents leave randomization room: no note on too few.
    expect(text).toContain('documents differing: those in which the two outputs differ, the only ones a randomization swap changes.');
    expect(text).toContain('The interval is the bootstrap\'s percentiles and its p the share of resamples as far from the difference as it is from 0, so near 0 the two can disagree');
    expect(text).not.toContain('Few documents differ');
    // Three differing documents: no p below 2/2^3 = 0.25, which the note says.
    const few = fixture();
    few.recommendation = { ...few.recommendation, vsBaselines: few.recommendation.vsBaselines.map((c) => (c.name === 'caruana' ? { ...c, differing: 3 } : c)) };
    expect(planTable(few)).toMatch(/\ncaruana\s+\+1\.00\s+\+0\.40 to \+1\.60\s+0\.21\s+0\.19\s+3\n/);
    expect(planTable(few)).toContain('Few documents differ: caruana (3, p ≥ 1/4).');
    expect(text).toContain('Bootstrap of the procedures (200 resamples of the documents, seed 7): every choice made again on each resample, scored on the documents it left out');
    expect(text).toContain('selection against each other procedure, out of bootstrap (re-selected in each resample)');
    expect(text).toContain('mean difference: selection\'s out-of-bootstrap score minus the other\'s (positive: selection is better); not better: the share of resamples in which it is not (a one-sided bootstrap p for "selection is better").');
    // 200 resamples: no caveat; 30: the intervals are rough, and the note says so.
    expect(text).not.toContain('are rough');
    const rough = fixture();
    rough.bootstrap = { ...rough.bootstrap!, samples: 30 };
    expect(planTable(rough)).toContain('With 30 resamples the 95% intervals and the shares are rough (their ends rest on the few most extreme resamples): --bootstrap 200 or more for figures to rely on.');
    expect(text).toMatch(/\nmajority-all\s+\+1\.00\s+-0\.20 to \+2\.10\s+8\.0%\n/);
    expect(text).toContain('Notes:\n  - the corpus has one document: held-out splits and tests are by sentence\n  - with 99 resamples no p-value is below 0.01, so no selection can reach --alpha 0.01: raise --samples\n');
    expect(text.endsWith([
      'Recommendation (selection): vote(crf+gazetteer+sloppy)',
      '  in-sample 93.50; held-out 92.00 ± 0.40 (sd over 2 splits; 92.10 pooled over them) (these figures also picked it, so slightly optimistic)',
      `  ${recommendationReason(fixture())}`,
      '  --save-plan FILE saves it for combine --plan (--save-plan-choice top saves the top candidate instead).',
      '',
    ].join('\n'))).toBe(true);
    expect(recommendationReason(fixture())).toMatch(/^The search's choice vote\(crf\+gazetteer\+sloppy\) beats both no-selection baselines beyond noise held out/);
    // Saved by the run: the last line says where, and which choice, in every format.
    expect(planTable(fixture(), { saved: { path: 'p.json', top: false } }).endsWith('  Saved to p.json for combine --plan: this recommendation.\n')).toBe(true);
    // The top candidate is the recommended ensemble here, and the line says so rather than that it is not.
    expect(planTable(fixture(), { saved: { path: 'p.json', top: true } })).toContain('Saved to p.json for combine --plan: the top candidate (--save-plan-choice top), which is this recommendation.');
    const other = fixture();
    other.recommendation = { ...other.recommendation, procedure: 'vote-all', members: ['crf', 'gazetteer', 'sloppy', 'tagger'], rule: 'vote' };
    expect(planTable(other, { saved: { path: 'p.json', top: true } })).toContain('Saved to p.json for combine --plan: the top candidate, not this recommendation (--save-plan-choice top).');
    other.recommendation = { ...other.recommendation, members: ['crf', 'gazetteer', 'sloppy'], rule: 'majority' };
    expect(planTable(other, { saved: { path: 'p.json', top: true } })).toContain('the top candidate, not this recommendation');
    expect(planMarkdown(fixture(), { saved: { path: 'p.json', top: false } })).toContain('Saved to p.json for combine --plan: this recommendation.');
    expect(planLatex(fixture(), { saved: { path: 'p.json', top: false } })).toContain('Saved to p.json for combine --plan: this recommendation.');
    // Sections in the documented order.
    const order = ['Candidates (', 'The search\'s choice and the baselines', 'Greedy path', 'Rank agreement', 'Held-out splits', 'The recommendation (selection) against',
      'Bootstrap of the procedures', 'Notes:', 'Recommendation (selection):'];
    const at = order.map((x) => text.indexOf(x));
    expect(at.every((x) => x >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('shows the recommendation\'s test comparisons, marked as choices made on the planning data', () => {
    const r = fixture({ testSet: { gold: 't.conll', units: 'sentence', documents: 1, sentences: 50, goldItems: 90, planningDocuments: 0 } });
    r.recommendation.test = {
      objective: 0.93, scores: scores(0.93), vsBaselines: r.recommendation.vsBaselines,
      tests: { on: 'test', units: 'sentence', samples: 1000, seed: 7, reselected: false },
    };
    const t = planTable(r);
    expect(t).toContain('The recommendation (selection) against each baseline, on the test set (paired over 50 sentences; paired bootstrap and approximate randomization, 1000 resamples each, seed 7; choices made on the planning data, not re-selected per resample)');
    expect(t).toContain('  in-sample 93.50; held-out 92.00 ± 0.40 (sd over 2 splits; 92.10 pooled over them) (these figures also picked it, so slightly optimistic); test 93.00 (not used for selection)');
    expect(t).toContain('so its own is not quite free of selection (its test figure is).');
  });

  it('leaves out what is absent: held-out, bootstrap, notes, greedy path, F_Comp', () => {
    const bare = planTable(fixture({ heldOut: undefined, bootstrap: undefined, notes: [], greedyPath: [] }));
    for (const s of ['Held-out splits', 'Bootstrap', 'Notes:', 'Greedy path', 'Pareto']) expect(bare).not.toContain(s);
    expect(bare).toContain('no held-out estimate.');
    const none = fixture({ heldOut: undefined });
    none.recommendation = { ...none.recommendation, heldOut: null, vsBaselines: [], tests: null };
    expect(planTable(none)).not.toContain('against each baseline, held out');
    const noComp = planTable(fixture({ greedyPath: fixture().greedyPath.map((g) => ({ ...g, comp: null })) }));
    expect(noComp).not.toContain('F_Comp');
  });

  it('shows costs, the budget and the Pareto front when costs are given', () => {
    const r = fixture({ budget: 3.5 });
    r.candidates[0].cost = 2.5;
    r.candidates[1].cost = 4;
    r.candidates[1].withinBudget = false;
    const t = planTable(r);
    expect(t.split('\n')[1]).toContain('; budget 3.5');
    const rows = candidateRows(t);
    expect(rows[0][4]).toBe('4!');
    expect(rows[1][4]).toBe('2.5');
    expect(t).toContain('! over the budget of 3.5.');
    expect(t).toContain('Pareto front (in-sample objective against cost)');
    const front = t.slice(t.indexOf('Pareto front')).split('\n').slice(3, 5).map((l) => l.trim().split(/\s{2,}/));
    expect(front).toEqual([['2.5', '91.00', 'crf+gazetteer', 'union', '2'], ['4', '93.50', 'crf+gazetteer+sloppy', 'vote', '1']]);
  });

  it('abbreviates long member lists to the terminal width, and not without one', () => {
    expect(planTable(fixture())).toContain(TWELVE.join('+'));
    const narrow = planTable(fixture(), { width: 100 });
    expect(narrow).not.toContain(TWELVE.join('+'));
    const row = candidateRows(narrow)[3];
    expect(row[1]).toMatch(/^flair-glove-lstmcrf(\+[a-z-]+)*\+\d+ more$/);
    const table = narrow.slice(narrow.indexOf('Candidates ('), narrow.indexOf('Greedy path'));
    for (const l of table.split('\n').filter((x) => /^\s*\d+\s/.test(x))) expect([...l].length).toBeLessThanOrEqual(100);
    expect(abbreviateMembers(TWELVE, 30)).toBe('flair-glove-lstmcrf+11 more');
    expect(abbreviateMembers(['a', 'b'], 10)).toBe('a+b');
    expect(abbreviateMembers(TWELVE, 16)).toBe('flair-g…+11 more');
  });

  it('shows the top N candidates when asked', () => {
    const t = planTable(fixture(), { top: 2 });
    expect(candidateRows(t).map((r) => r[0])).toEqual(['1', '2']);
    expect(t).toContain('Candidates (top 2 of 1234, by actual objective, in-sample)'); // out of every candidate scored
  });

  it('colours only when asked: bold titles, the best objective in green', () => {
    expect(planTable(fixture())).not.toContain('\u001b[');
    const c = planTable(fixture(), { color: true });
    expect(c).toContain('\u001b[1mPlan — objective f1');
    expect(c).toContain('\u001b[32m93.50\u001b[39m');
  });

  it('shows other objectives in their own column, as plain numbers when not rates', () => {
    const r = fixture({ objective: { text: 'f - 0.002*size', minimise: false, description: 'F1 minus 0.002 per member' } });
    r.candidates.forEach((c) => { c.objective.actual -= 0.002 * c.size; c.objective.gap = 0.0123; });
    const rows = candidateRows(planTable(r));
    // The objective stands beside its prediction, then F, SER and K.
    expect(rows[0]).toEqual(['1', 'crf+gazetteer+sloppy', 'vote', '3', '≈0.9200', '0.9290', '93.50', '26.50', '92.50', '+0.0123', '+0.0350']);
    expect(isRateObjective('ser')).toBe(true);
    expect(isRateObjective('k:1:0.5')).toBe(true);
    expect(isRateObjective('tp - fp')).toBe(false);
    // SER is minimised and is its own column: emphasised there.
    const ser = planTable(fixture({ objective: { text: 'ser', minimise: true, description: 'SER' } }), { color: true });
    expect(ser).toContain('Plan — objective ser: SER (lower is better)\u001b');
    const described = planTable(fixture({ objective: { text: 'ser', minimise: true, description: 'SER (lower is better)' } }));
    expect(described.split('\n')[0]).toBe('Plan — objective ser: SER (lower is better)');
    expect(ser).toContain('\u001b[32m26.50\u001b[39m');
  });

  it('is deterministic and says when there are no candidates', () => {
    expect(planTable(fixture())).toBe(planTable(fixture()));
    expect(planTable(fixture({ candidates: [] }))).toContain('No candidates.');
  });
});

describe('planJson', () => {
  it('round-trips with the keys in the order of types.ts', () => {
    const r = fixture();
    const json = JSON.parse(planJson(r));
    expect(planJson(r).endsWith('}\n')).toBe(true);
    expect(Object.keys(json)).toEqual([
      'schemaVersion', 'objective', 'rules', 'search', 'match', 'beta', 'kAlpha', 'systems', 'bestSingle', 'budget', 'candidates',
      'greedyPath', 'rankAgreement', 'predictionQuality', 'planningData', 'selection', 'baselines', 'notes', 'heldOut', 'bootstrap', 'recommendation',
    ]);
    expect(Object.keys(json.predictionQuality)).toEqual(['sample', 'byRule']);
    expect(Object.keys(json.predictionQuality.byRule[0])).toEqual(['rule', 'candidates', 'objective', 'f', 'bySize']);
    expect(Object.keys(json.predictionQuality.byRule[0].objective)).toEqual(['predicted', 'bestMember', 'meanMember']);
    expect(Object.keys(json.predictionQuality.byRule[0].objective.predicted)).toEqual(['mae', 'bias', 'spearman']);
    expect(Object.keys(json.recommendation)).toEqual(['procedure', 'members', 'rule', 'reason', 'basis', 'alpha', 'heldOut', 'vsBaselines', 'tests']);
    expect(Object.keys(json.recommendation.vsBaselines[0])).toEqual(['name', 'meanDiff', 'sd', 'se', 'ci95', 'p', 'pBootstrap', 'differing']);
    expect(json.baselines.map((b: { name: string }) => b.name)).toEqual(['best-single', 'majority-all', 'vote-all', 'caruana']);
    expect(json.baselines[3].weights).toEqual({ crf: 2, gazetteer: 1, sloppy: 1 });
    // Every figure of the planning data, which chose the candidates, says it is in-sample; held-out and test ones are under their own keys.
    expect(json.candidates.every((c: { inSample: boolean }) => c.inSample === true)).toBe(true);
    expect(json.bestSingle.inSample).toBe(true);
    expect([json.selection, ...json.baselines].every((p: { planning: { inSample: boolean } }) => p.planning.inSample === true)).toBe(true);
    expect(json.greedyPath.every((g: { inSample: boolean }) => g.inSample === true)).toBe(true);
    expect(Object.keys(json.rankAgreement)).toEqual(['inSample', 'candidates', 'spearman', 'kendall', 'excluded', 'dMeasure', 'topK', 'byRule', 'beatingBestSingle']);
    expect(Object.keys(json.candidates[0])).toEqual([
      'rank', 'members', 'rule', 'size', 'cost', 'gain', 'bestMember', 'inSample', 'objective', 'actual', 'predicted', 'predictedVia', 'ties', 'withinBudget', 'pareto',
    ]);
    expect(Object.keys(json.candidates[0].actual)).toEqual(['precision', 'recall', 'f', 'ser', 'err', 'k', 'tp', 'fp', 'fn', 's']);
    expect(Object.keys(json.heldOut)).toEqual(['kind', 'units', 'folds', 'repeats', 'seed', 'splits', 'summary', 'stability']);
    expect(Object.keys(json.bootstrap)).toEqual(['samples', 'seed', 'confidence', 'units', 'reselected', 'procedure', 'procedures', 'vsBaselines', 'skipped']);
    // The result as it stands, with the reason the report writes from its basis, and the planning data's figures marked in-sample.
    const planning = <T extends { planning: object }>(p: T) => ({ ...p, planning: { inSample: true, ...p.planning } });
    expect(json).toEqual(JSON.parse(JSON.stringify({
      ...r,
      bestSingle: { ...r.bestSingle, inSample: true },
      candidates: r.candidates.map((c) => ({ ...c, inSample: true })),
      greedyPath: r.greedyPath.map((g) => ({ ...g, inSample: true })),
      rankAgreement: { inSample: true, ...r.rankAgreement },
      selection: planning(r.selection),
      baselines: r.baselines.map(planning),
      recommendation: { ...r.recommendation, reason: recommendationReason(r) },
      notes: r.notes.map((n) => ({ ...n, text: noteText(n) })),
    })));
    // Built explicitly: the key order does not depend on how the input object was made.
    const shuffled = Object.fromEntries(Object.entries(r).reverse()) as unknown as PlanResult;
    expect(planJson(shuffled)).toBe(planJson(r));
  });

  it('is exported as an object too, which withSettings gives settings as the command does; its text is refused there, not read letter by letter', async () => {
    const lib = await import('../../src/index.js');
    const r = fixture();
    const settings = lib.runSettings('plan', { objective: 'f1', folds: 5 });
    const doc = lib.withSettings(lib.planJsonObject(r), settings);
    expect(Object.keys(doc).slice(0, 3)).toEqual(['schemaVersion', 'settings', 'objective']);
    expect((doc as { settings: unknown }).settings).toEqual({ version: settings.version, command: 'plan', objective: 'f1', folds: 5 });
    const { settings: _, ...rest } = doc as Record<string, unknown>;
    expect(`${JSON.stringify(rest, null, 2)}\n`).toBe(lib.planJson(r));
    expect(() => lib.withSettings(lib.planJson(r) as never, settings)).toThrow(expect.objectContaining({
      name: 'UsageError', param: 'doc', message: expect.stringMatching(/^doc: expects a JSON document as an object \(planJson gives text: planJsonObject gives the object\), got "\{/),
    }));
    expect(() => lib.withSettings(null as never, settings)).toThrow(expect.objectContaining({ param: 'doc', message: 'doc: expects a JSON document as an object, got null' }));
  });

  it('writes NaN and infinities as null and omits absent optional parts', () => {
    const r = fixture({ heldOut: undefined, bootstrap: undefined });
    r.candidates[0].actual.ser = NaN;
    r.candidates[0].gain = Infinity;
    const json = JSON.parse(planJson(r));
    expect(json.candidates.find((c: { rank: number }) => c.rank === 2).actual.ser).toBeNull();
    expect(json.candidates.find((c: { rank: number }) => c.rank === 2).gain).toBeNull();
    expect(json.rankAgreement.dMeasure).toBeNull();
    // Like every figure of the candidates it compares, in-sample.
    expect(json.rankAgreement.inSample).toBe(true);
    expect('heldOut' in json).toBe(false);
    expect('bootstrap' in json).toBe(false);
  });
});

describe('planCsv', () => {
  it('has one parseable row per candidate, by rank, with every column', () => {
    const rows = parseCsv(planCsv(fixture({ systems: ['a,b'], candidates: [candidate(1, ['a,b', 'say "hi"'], 'vote', 0.9, 0.8, 'max-entropy')] })));
    expect(rows[0]).toEqual([...PLAN_CSV_FIELDS]);
    expect(rows[0]).toHaveLength(4 + 5 + 10 + 10 + 4 + 5 + 4);
    expect(rows[1][1]).toBe('a,b+say "hi"');
    const all = parseCsv(planCsv(fixture()));
    // Four candidates, then the search's choice and the four baselines.
    expect(all).toHaveLength(10);
    const proc = all.slice(5);
    expect(proc.map((r) => r[PLAN_CSV_FIELDS.indexOf('procedure')])).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana']);
    expect(proc.map((r) => r[PLAN_CSV_FIELDS.indexOf('recommended')])).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(proc[4][PLAN_CSV_FIELDS.indexOf('members')]).toBe('crf×2+gazetteer+sloppy');
    expect(proc[0][PLAN_CSV_FIELDS.indexOf('held_out_mean')]).toBe('0.92');
    expect(proc[0][PLAN_CSV_FIELDS.indexOf('rank')]).toBe('');
    expect(all.every((r) => r.length === PLAN_CSV_FIELDS.length)).toBe(true);
    const col = (name: string) => PLAN_CSV_FIELDS.indexOf(name);
    // Each row says what its actual figures were measured on: the planning data, in-sample.
    expect(all.slice(1).every((r) => r[col('actual_on')] === 'planning data (in-sample)')).toBe(true);
    expect(all.slice(1, 5).map((r) => r[col('rank')])).toEqual(['1', '2', '3', '4']);
    expect(all[1][col('members')]).toBe('crf+gazetteer+sloppy');
    expect(all[1][col('objective_actual')]).toBe('0.935');
    expect(all[1][col('predicted_via')]).toBe('max-entropy');
    expect(all[1][col('ties')]).toBe('3');
    expect(all[1][col('pareto')]).toBe('true');
    expect(PLAN_CSV_FIELDS.slice(0, 10)).toEqual(['rank', 'members', 'rule', 'size', 'cost', 'gain', 'objective_actual', 'objective_predicted', 'gap', 'actual_precision']);
    // A procedure's optimism, and why one outside the limits given is never recommended.
    expect(proc.map((r) => r[col('held_out_optimism')])).toEqual([fixture().selection, ...fixture().baselines].map((p) => String(p.heldOut!.optimism)));
    const limited = fixture();
    limited.baselines = limited.baselines.map((b) => (b.name === 'vote-all' ? { ...b, outside: '12 members, above --max-size 3' } : b));
    const rowsLimited = parseCsv(planCsv(limited)).slice(5);
    expect(rowsLimited.map((r) => r[col('outside')])).toEqual(['', '', '', '12 members, above --max-size 3', '']);
  });

  it('leaves undefined values empty', () => {
    const r = fixture();
    r.candidates[1].actual.ser = null;
    const rows = parseCsv(planCsv(r));
    expect(rows[1][PLAN_CSV_FIELDS.indexOf('actual_ser')]).toBe('');
  });
});

describe('planMarkdown', () => {
  const md = planMarkdown(fixture());

  it('has the candidates table, marks, rank agreement, held-out table and bootstrap line', () => {
    expect(md).toContain('| # | members | rule | size | pred F1 | F1 | SER | K | gap | gain |');
    expect(md).toContain('| 1 | crf+gazetteer+sloppy | vote | 3 | ≈92.00 | **93.50** | 26.50 | 92.50 | +1.50 | +3.50 |');
    expect(md).toContain('Rank agreement (predicted against actual objective, in-sample) over 1200 candidates whose prediction is an estimate');
    expect(md).toContain('### The search\'s choice and the baselines, each chosen on the planning data only');
    expect(md).toContain('| caruana | crf×2+gazetteer+sloppy | weighted | 94.00 | 91.50 | 0.40 | 91.60 | +2.40 |');
    expect(md).toContain('### Held-out splits (2-fold cross-validation by document, 1 repeat, seed 7)');
    expect(md).toContain('| vote-all | +1.50 | +0.90 to +2.10 | < 0.001 | 0.19 | 20 |');
    expect(md).toContain('### Bootstrap of the procedures (200 resamples of the documents, seed 7)');
    expect(md).toContain('**Recommendation (selection): vote(crf+gazetteer+sloppy)**');
    // The greedy path, as the text report has it, before the rank agreement.
    expect(md).toContain('### Greedy path (actual and predicted in-sample: on the planning data, which chose each step)');
    expect(md.indexOf('### Greedy path')).toBeLessThan(md.indexOf('Rank agreement'));
    // The notes qualify the recommendation: before it, as in the text report.
    expect(md).toContain('Notes:\n- the corpus has one document: held-out splits and tests are by sentence\n- with 99 resamples');
    expect(md.indexOf('Notes:')).toBeLessThan(md.indexOf('**Recommendation'));
  });

  it('escapes names that Markdown would read as markup', () => {
    const r = fixture({ candidates: [candidate(1, ['tagger_v2', 'a|b', 'x*'], 'vote', 0.9, 0.9, 'exact')] });
    // A word's inner underscore is not markup (tagger_v2); * is.
    expect(planMarkdown(r)).toContain('| tagger_v2+a\\|b+x\\* |');
  });
});

describe('planLatex', () => {
  const tex = planLatex(fixture());

  it('is booktabs tables: the candidates with their notes, the procedures, held-out splits, comparisons, bootstrap and the recommendation', () => {
    expect(tex.startsWith('% requires \\usepackage{booktabs}\n')).toBe(true);
    expect(tex).toContain('\\toprule');
    expect(tex).toContain('\\# & members & rule & size & pred F1 & F1 & SER & K & gap & gain \\\\');
    expect(tex).toContain('1 & crf+gazetteer+sloppy & vote & 3 & $\\approx$92.00 & \\textbf{93.50} & 26.50 & 92.50 & +1.50 & +3.50 \\\\');
    expect(tex).toContain('$\\approx$91.23');
    expect(tex).toContain('Spearman $\\rho$ 0.812, Kendall $\\tau$ 0.650');
    expect(tex).toContain('\\caption{Held-out splits (2-fold cross-validation by document, 1 repeat, seed 7): every procedure chose on the training part, scored on the part held out (train, held out: their documents)}');
    expect(tex).toContain('caruana & crf$\\times$2+gazetteer+sloppy & weighted');
    expect(tex).toContain('8.0\\%');
    // Candidates, the greedy path, prediction quality, procedures, splits, comparisons, and the bootstrap's two tables.
    expect(tex.match(/\\begin\{table\}/g)).toHaveLength(8);
    expect(tex).toContain('\\caption{Greedy path (actual and predicted in-sample: on the planning data, which chose each step)}');
    expect(tex).toContain('Note: the corpus has one document: held-out splits and tests are by sentence.');
    expect(tex).toContain('Recommendation (selection): vote(crf+gazetteer+sloppy)');
    expect(tex).not.toMatch(/[≈†ρτ−–±×]/);
  });

  it('escapes names with _ and &', () => {
    expect(tex).toContain('crf+gazetteer+tagger\\_v2\\&co');
    expect(tex).not.toContain('tagger_v2&co');
  });

  it('leaves out the tables of what is absent, and ends with the recommendation', () => {
    const r = fixture({ heldOut: undefined, bootstrap: undefined });
    r.recommendation = { ...r.recommendation, heldOut: null, vsBaselines: [], tests: null };
    const t = planLatex(r);
    // Candidates, the greedy path, prediction quality and procedures.
    expect(t.match(/\\begin\{table\}/g)).toHaveLength(4);
    expect(planLatex({ ...r, greedyPath: [] }).match(/\\begin\{table\}/g)).toHaveLength(3);
    expect(t).toContain('Recommendation (selection)');
  });
});

describe('prediction quality in the reports', () => {
  it('is a block after the rank agreement in the table: one row per rule, errors in points, what it was measured on', () => {
    const t = planTable(fixture());
    const at = t.indexOf('Prediction quality (predicted against actual, in-sample on the planning data: 978 estimated candidates from a fixed sample of 500 of 4095 member sets, 22 exact by construction left out)');
    expect(at).toBeGreaterThan(t.indexOf('Rank agreement'));
    const lines = t.slice(at).split('\n');
    expect(lines[1].split(/\s{2,}/)).toEqual(['rule', 'measure', 'n', 'MAE', 'bias', 'ρ', 'best MAE', 'best bias', 'best ρ', 'mean MAE', 'mean bias', 'mean ρ']);
    expect(lines[3].split(/\s+/)).toEqual(['majority', 'F1', '489', '0.23', '-0.10', '0.795', '0.56', '+0.45', '0.577', '1.23', '-1.23', '0.610']);
    expect(lines[4].split(/\s+/)).toEqual(['vote', 'F1', '489', '0.33', '-0.10', '0.795', '0.56', '+0.45', '0.577', '1.23', '-1.23', '0.610']);
    expect(lines[5]).toMatch(/^MAE = mean absolute error of predicted against actual, bias = mean \(predicted − actual\) \(points\)/);
    expect(t.slice(at)).toContain('Per size: complan plan --format json (predictionQuality.byRule[].bySize).');
  });

  it('adds an F row per rule when the objective is not F, and writes other objectives in their own units', () => {
    const ser = planTable(fixture({ objective: { text: 'ser', minimise: true, description: 'SER (lower is better)' } }));
    const rows = ser.slice(ser.indexOf('Prediction quality')).split('\n').slice(3, 7).map((l) => l.trim().split(/\s+/).slice(0, 4));
    expect(rows).toEqual([['majority', 'SER', '489', '0.23'], ['F1', '489', '0.24', '-0.12'], ['vote', 'SER', '489', '0.33'], ['F1', '489', '0.34', '-0.12']]);
    // Lower is better: the planner turns its differences, and the notes say them the other way round.
    expect(ser).toContain('optimism: pooled minus in-sample, as lower is better (positive: the in-sample figure flatters).');
    expect(ser).toContain('gap = actual − predicted objective (points) (lower is better, so a negative gap is a candidate better than predicted);');
    expect(ser).toContain('difference: mean over the splits of the baseline\'s held-out score minus the recommendation\'s, as lower is better (positive: the recommendation is better).');
    expect(planTable(fixture())).toContain('optimism: in-sample minus pooled (positive: the in-sample figure flatters).');
    const expr = planTable(fixture({ objective: { text: 'tp - fp', minimise: false, description: 'expression tp - fp' } }));
    const row = expr.slice(expr.indexOf('Prediction quality')).split('\n')[3].trim().split(/\s+/);
    expect(row.slice(0, 6)).toEqual(['majority', 'tp', '-', 'fp', '489', '0.0023']);
    expect(expr).toContain('(objective units; F1 in points)');
  });

  it('says all member sets when none were sampled, and shows a dash row without estimated candidates', () => {
    const t = planTable(fixture({ predictionQuality: { sample: { inSample: true, memberSets: 7, of: 7, sampled: false, candidates: 7, exact: 7 }, byRule: [] } }));
    expect(t).toContain('0 estimated candidates from all 7 member sets, 7 exact by construction left out');
    expect(t.slice(t.indexOf('Prediction quality')).split('\n')[3].trim().split(/\s+/)).toEqual(['—', '0', '—', '—', '—', '—', '—', '—', '—', '—', '—']);
  });

  it('is a table in Markdown and LaTeX', () => {
    const md = planMarkdown(fixture());
    expect(md).toContain('### Prediction quality (predicted against actual, in-sample');
    expect(md).toContain('| majority | F1 | 489 | 0.23 | -0.10 | 0.795 | 0.56 | +0.45 | 0.577 | 1.23 | -1.23 | 0.610 |');
    const tex = planLatex(fixture());
    expect(tex).toContain('majority & F1 & 489 & 0.23 & -0.10 & 0.795 & 0.56 & +0.45 & 0.577 & 1.23 & -1.23 & 0.610 \\\\');
    expect(tex).toContain('best $\\rho$');
  });
});

describe('explanations in the reports', () => {
  const explanation: CandidateExplanation = {
    rank: 1, members: ['crf', 'gazetteer', 'tagger_v2&co'], rule: 'vote', size: 3,
    objective: { actual: 0.935, predicted: 0.92 }, f: { actual: 0.935, predicted: 0.92 }, predictedVia: 'max-entropy',
    contributions: [
      { name: 'crf', alone: { objective: 0.9, f: 0.9 }, without: { objective: 0.8, f: 0.8 }, marginal: 0.135 },
      { name: 'gazetteer', alone: { objective: 0.7, f: 0.7 }, without: { objective: 0.93, f: 0.93 }, marginal: 0.005 },
      { name: 'tagger_v2&co', alone: { objective: 0.6, f: 0.6 }, without: { objective: 0.94, f: 0.94 }, marginal: -0.005 },
    ],
    pairs: [
      {
        a: 'crf', b: 'gazetteer', bothCorrect: 120, onlyACorrect: 20, onlyBCorrect: 10, bothMissed: 5, bothWrong: 3, onlyAWrong: 4, onlyBWrong: 30, bothWrongLabel: 2,
        bOffersA: { pComp: 3 / 7, rComp: 0.8, fComp: 0.5581 }, aOffersB: { pComp: 0.9, rComp: null, fComp: null },
      },
    ],
    notes: [],
  };
  const withExplanation = (e: CandidateExplanation, over: Partial<PlanResult> = {}) => fixture({ explanations: [e], ...over });

  it('appends the members and pairs after the recommendation in the table', () => {
    const t = planTable(withExplanation(explanation));
    const at = t.indexOf('Explanation of #1 vote(crf+gazetteer+tagger_v2&co): F1 actual 93.50, predicted 92.00 (pairwise maximum entropy; in-sample)');
    expect(at).toBeGreaterThan(t.indexOf('Recommendation (selection)'));
    const part = t.slice(at).split('\n');
    expect(part[1].split(/\s{2,}/)).toEqual(['#', 'member', 'F1 alone', 'without it', 'leave-one-out gain']);
    expect(part.slice(3, 6).map((l) => l.trim().split(/\s+/))).toEqual([
      ['1', 'crf', '90.00', '80.00', '+13.50'], ['2', 'gazetteer', '70.00', '93.00', '+0.50'], ['3', 'tagger_v2&co', '60.00', '94.00', '-0.50'],
    ]);
    expect(t).toContain('The pairs behind the prediction (members numbered as above; 1 pair)');
    expect(t).toMatch(/^1–2\s+120\s+5\s+3\s+2\s+42\.9\/80\.0\/55\.8\s+90\.0\/—\/—$/m);
  });

  it('shows objective and F apart when the objective is not F, and a one-member candidate without pairs', () => {
    const single: CandidateExplanation = {
      ...explanation, members: ['crf'], size: 1, predictedVia: 'exact', objective: { actual: 0.2, predicted: 0.2 }, f: { actual: 0.9, predicted: 0.9 },
      contributions: [{ name: 'crf', alone: { objective: 0.2, f: 0.9 }, without: null, marginal: null }], pairs: [],
      notes: ['one member: nothing to leave out'],
    };
    const t = planTable(withExplanation(single, { objective: { text: 'ser', minimise: true, description: 'SER (lower is better)' } }));
    const part = t.slice(t.indexOf('Explanation of #1 crf: objective actual 20.00, predicted 20.00; F1 actual 90.00, predicted 90.00 (exact; in-sample)')).split('\n');
    expect(part[1].split(/\s{2,}/)).toEqual(['#', 'member', 'objective alone', 'F1 alone', 'without it', 'F1 without', 'leave-one-out gain']);
    expect(part[3].trim().split(/\s+/)).toEqual(['1', 'crf', '20.00', '90.00', '—', '—', '—']);
    expect(t).toContain('One member: nothing to leave out.');
    expect(t).not.toContain('The pairs behind');
  });

  it('is an explanations array in JSON, and tables in Markdown and LaTeX', () => {
    const json = JSON.parse(planJson(withExplanation(explanation)));
    expect(Object.keys(json).indexOf('explanations')).toBe(Object.keys(json).indexOf('predictionQuality') + 1);
    expect(json.explanations).toEqual([JSON.parse(JSON.stringify(explanation))]);
    expect(Object.keys(json.explanations[0])).toEqual(['rank', 'members', 'rule', 'size', 'objective', 'f', 'predictedVia', 'contributions', 'pairs', 'notes']);
    expect(JSON.parse(planJson(fixture())).explanations).toBeUndefined();
    const md = planMarkdown(withExplanation(explanation));
    expect(md).toContain('| 3 | tagger_v2&co | 60.00 | 94.00 | -0.50 |');
    const tex = planLatex(withExplanation(explanation));
    expect(tex).toContain('3 & tagger\\_v2\\&co & 60.00 & 94.00 & -0.50 \\\\');
    expect(tex).toContain('1--2 & 120 & 5 & 3 & 2 & 42.9/80.0/55.8 & 90.0/---/--- \\\\');
    // The recommendation stays on the last table of the plan, before the explanations.
    expect(tex.indexOf('Recommendation (selection)')).toBeLessThan(tex.indexOf('Explanation of'));
  });
});

describe('the predicted column follows the objective', () => {
  it('shows the predicted SER under --objective ser, so that gap = actual − predicted reads off the row', () => {
    const c = candidate(1, ['crf', 'gazetteer', 'sloppy'], 'vote', 0.12, 0.15, 'max-entropy', {
      objective: { actual: 0.12, predicted: 0.15, gap: -0.03 },
    });
    const text = planTable(fixture({ objective: { text: 'ser', minimise: true, description: 'SER' }, candidates: [c] }));
    expect(text).toMatch(/#\s+members\s+rule\s+size\s+pred SER\s+F1\s+SER\s+K\s+gap\s+gain/);
    const row = candidateRows(text)[0];
    expect(row[4]).toBe('≈15.00');
    expect(row[8]).toBe('-3.00');
  });
});

describe('planTable on a terminal (wrap)', () => {
  it('wraps the prose to the width, and leaves it whole for files and pipes', () => {
    const prose = (text: string) => text.split('\n').filter((l) => /^(In-sample figures|Rules |Rank agreement|Recommendation| {2}No selection| {2}The )/.test(l) || /^ {2}\S/.test(l) && !/^ {2}(#|\d)/.test(l));
    const whole = planTable(fixture(), { width: 80 });
    const wrapped = planTable(fixture(), { width: 80, wrap: true });
    expect(Math.max(...prose(whole).map((l) => [...l].length))).toBeGreaterThan(80);
    for (const l of prose(wrapped)) expect([...l].length, l).toBeLessThanOrEqual(80);
    // The same words, only the line breaks differ.
    const words = (t: string) => t.split(/\s+/).filter((w) => w !== '');
    expect(words(wrapped)).toEqual(words(whole));
  });
});

describe('plan reports: option names', () => {
  it('refuses a misspelt option, naming it and the option meant, and an option of the table the documents do not take', () => {
    const r = fixture();
    unknownOption(() => planTable(r, { colour: true } as never), 'colour', 'color');
    unknownOption(() => planMarkdown(r, { Top: 1 } as never), 'Top', 'top');
    unknownOption(() => planLatex(r, { brief: true } as never), 'brief');
    expect(candidateRows(planTable(r, { color: false, top: 1 }))).toHaveLength(1);
    expect(planMarkdown(r, { top: 1 })).toContain('crf');
  });
});
