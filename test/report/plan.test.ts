/**
 * Renderers of a planner result, on hand-made results: the terminal table (columns, marks,
 * footnotes, abbreviation, colour), JSON (round trip, key order, nulls), CSV (parseable, one row
 * per candidate), Markdown and LaTeX (escaping).
 */
import { describe, expect, it } from 'vitest';
import type { CandidateScores, PlanCandidate, PlanResult, PredictionMethod } from '../../src/plan/types.js';
import {
  abbreviateMembers, isRateObjective, PLAN_CSV_FIELDS, planCsv, planJson, planLatex, planMarkdown, planTable,
} from '../../src/report/plan.js';

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

const TWELVE = ['flair-glove-lstmcrf', 'bert-large-cased', 'elmo-cnn-bilstm', 'roberta-base', 'xlnet-large', 'spacy-lg', 'stanza', 'crf-suite', 'gazetteer', 'luke-large', 'biaffine', 'seq2seq'];

function fixture(over: Partial<PlanResult> = {}): PlanResult {
  return {
    schemaVersion: 1,
    objective: { text: 'f1', minimise: false, description: 'F1 (strict)' },
    rules: ['union', 'majority', 'vote'],
    search: { requested: 'auto', strategies: ['greedy', 'beam'], guide: 'comp', beam: 4, minSize: 1, maxSize: 12, evaluated: 1234 },
    match: 'strict', beta: 1, kAlpha: 1,
    systems: ['crf', 'gazetteer', 'sloppy', 'tagger_v2&co'],
    bestSingle: { name: 'crf', objective: 0.9 },
    budget: null,
    candidates: [
      candidate(2, ['crf', 'gazetteer'], 'union', 0.91, 0.91, 'exact', { pareto: true }),
      candidate(1, ['crf', 'gazetteer', 'sloppy'], 'vote', 0.935, 0.92, 'via-majority', { pareto: true }),
      candidate(3, ['crf', 'gazetteer', 'tagger_v2&co'], 'majority', 0.905, 0.9123, 'beta-binomial'),
      candidate(4, TWELVE, 'majority', 0.88, 0.87, 'beta-binomial', { gain: -0.02 }),
    ],
    greedyPath: [
      { rule: 'vote', step: 1, added: 'crf', members: ['crf'], actual: 0.9, predicted: 0.9, comp: null },
      { rule: 'vote', step: 2, added: 'gazetteer', members: ['crf', 'gazetteer'], actual: 0.9, predicted: 0.9, comp: 0.4567 },
      { rule: 'vote', step: 3, added: 'sloppy', members: ['crf', 'gazetteer', 'sloppy'], actual: 0.935, predicted: 0.92, comp: 0.3 },
    ],
    rankAgreement: { candidates: 1234, spearman: 0.8123, kendall: 0.65, dMeasure: null, topK: 10 },
    notes: ['vote predicted through majority', 'greedy then beam: the space has 4095 subsets'],
    heldOut: {
      kind: 'folds', folds: 2, seed: 7,
      perFold: [1, 2].map((fold) => ({
        fold, trainDocuments: 10, testDocuments: 10,
        chosen: { members: ['crf', 'gazetteer', 'sloppy'], rule: 'vote' },
        planning: { objective: 0.94, scores: scores(0.94) },
        heldOut: { objective: 0.92, scores: scores(0.92, { ser: null }) },
        bestSingle: { name: 'crf', planning: 0.91, heldOut: 0.9 },
      })),
      meanPlanning: 0.94, meanHeldOut: 0.92, meanBestSingleHeldOut: 0.9,
    },
    bootstrap: {
      samples: 1000, seed: 7, confidence: 0.95, candidate: { members: ['crf', 'gazetteer', 'sloppy'], rule: 'vote' }, bestSingle: 'crf',
      observed: 0.035, mean: 0.034, low: 0.011, high: 0.058, notBetter: 0.004,
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
    expect(head[2]).toBe('Best single system: crf, objective 90.00');
  });

  it('lists candidates by rank with predicted and actual F, SER, K, gap and gain', () => {
    const rows = candidateRows(text);
    expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4']);
    // #, members, rule, size, pred F1, F1, SER, K, gap, gain (no cost column: costs are sizes).
    expect(rows[0]).toEqual(['1', 'crf+gazetteer+sloppy', 'vote', '3', '92.00†', '93.50', '26.50', '92.50', '+1.50', '+3.50']);
    expect(rows[1]).toEqual(['2', 'crf+gazetteer', 'union', '2', '91.00', '91.00', '29.00', '90.00', '0.00', '+1.00']);
    expect(rows[2][4]).toBe('≈91.23');
    expect(rows[2][8]).toBe('-0.73');
    expect(rows[3][9]).toBe('-2.00');
    expect(text).toContain('#  members');
    expect(text).not.toMatch(/\bcost\b/);
  });

  it('explains the marks in footnotes', () => {
    expect(text).toContain('\n† vote/weighted predicted through majority (their binary counterpart).\n');
    expect(text).toContain('≈ predicted by the beta-binomial estimator');
    expect(text).toContain('gap = actual − predicted objective (points)');
    const exactOnly = planTable(fixture({ candidates: [candidate(1, ['crf'], 'union', 0.9, 0.9, 'exact')] }));
    expect(exactOnly).not.toContain('†');
    expect(exactOnly).not.toContain('≈');
  });

  it('shows the greedy path, rank agreement, held-out folds, the bootstrap and notes', () => {
    expect(text).toContain('Greedy path');
    const path = text.split('\n').filter((l) => /^vote\s+\d+\s+\+/.test(l));
    expect(path.map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ['vote', '1', '+crf', '1', '90.00', '90.00', '—'],
      ['vote', '2', '+gazetteer', '2', '90.00', '90.00', '45.67'],
      ['vote', '3', '+sloppy', '3', '93.50', '92.00', '30.00'],
    ]);
    expect(text).toContain('Rank agreement (predicted against actual objective) over 1234 candidates: Spearman ρ 0.812, Kendall τ 0.650, D-measure@10 —');
    expect(text).toContain('Held-out check (2 folds by document, seed 7)');
    expect(text).toMatch(/\n\s+1\s+10\s+10\s+vote\(crf\+gazetteer\+sloppy\)\s+94\.00\s+92\.00\s+crf\s+90\.00\n/);
    expect(text).toContain('Means over 2 folds: planning 94.00, held-out 92.00, best single held-out 90.00; held-out gain +2.00.');
    expect(text).toContain('Bootstrap (1000 resamples of documents, seed 7): gain of vote(crf+gazetteer+sloppy) over crf +3.50, 95% interval +1.10 to +5.80 (mean +3.40); not better in 0.4% of resamples.');
    expect(text).toMatch(/Notes:\n {2}- vote predicted through majority\n {2}- greedy then beam: the space has 4095 subsets\n$/);
    // Sections in the documented order.
    const at = (s: string) => text.indexOf(s);
    expect([at('Candidates ('), at('Greedy path'), at('Rank agreement'), at('Held-out check'), at('Bootstrap ('), at('Notes:')])
      .toEqual([...[at('Candidates ('), at('Greedy path'), at('Rank agreement'), at('Held-out check'), at('Bootstrap ('), at('Notes:')]].sort((a, b) => a - b));
  });

  it('leaves out what is absent: held-out, bootstrap, notes, greedy path, F_Comp', () => {
    const bare = planTable(fixture({ heldOut: undefined, bootstrap: undefined, notes: [], greedyPath: [] }));
    for (const s of ['Held-out', 'Bootstrap', 'Notes:', 'Greedy path', 'Pareto']) expect(bare).not.toContain(s);
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
    expect(t).toContain('Pareto front (objective against cost)');
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
    expect(t).toContain('Candidates (top 2 of 1234, by actual objective)'); // out of every candidate scored
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
    expect(rows[0]).toEqual(['1', 'crf+gazetteer+sloppy', 'vote', '3', '92.00†', '93.50', '26.50', '92.50', '0.9290', '+0.0123', '+0.0350']);
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
      'greedyPath', 'rankAgreement', 'notes', 'heldOut', 'bootstrap',
    ]);
    expect(Object.keys(json.candidates[0])).toEqual([
      'rank', 'members', 'rule', 'size', 'cost', 'gain', 'bestMember', 'objective', 'actual', 'predicted', 'predictedVia', 'ties', 'withinBudget', 'pareto',
    ]);
    expect(Object.keys(json.candidates[0].actual)).toEqual(['precision', 'recall', 'f', 'ser', 'err', 'k', 'tp', 'fp', 'fn', 's']);
    expect(Object.keys(json.heldOut)).toEqual(['kind', 'folds', 'seed', 'perFold', 'meanPlanning', 'meanHeldOut', 'meanBestSingleHeldOut']);
    expect(json).toEqual(JSON.parse(JSON.stringify(r)));
    // Built explicitly: the key order does not depend on how the input object was made.
    const shuffled = Object.fromEntries(Object.entries(r).reverse()) as unknown as PlanResult;
    expect(planJson(shuffled)).toBe(planJson(r));
  });

  it('writes NaN and infinities as null and omits absent optional parts', () => {
    const r = fixture({ heldOut: undefined, bootstrap: undefined });
    r.candidates[0].actual.ser = NaN;
    r.candidates[0].gain = Infinity;
    const json = JSON.parse(planJson(r));
    expect(json.candidates.find((c: { rank: number }) => c.rank === 2).actual.ser).toBeNull();
    expect(json.candidates.find((c: { rank: number }) => c.rank === 2).gain).toBeNull();
    expect(json.rankAgreement.dMeasure).toBeNull();
    expect('heldOut' in json).toBe(false);
    expect('bootstrap' in json).toBe(false);
  });
});

describe('planCsv', () => {
  it('has one parseable row per candidate, by rank, with every column', () => {
    const rows = parseCsv(planCsv(fixture({ systems: ['a,b'], candidates: [candidate(1, ['a,b', 'say "hi"'], 'vote', 0.9, 0.8, 'via-majority')] })));
    expect(rows[0]).toEqual([...PLAN_CSV_FIELDS]);
    expect(rows[0]).toHaveLength(4 + 5 + 10 + 10 + 4);
    expect(rows[1][1]).toBe('a,b+say "hi"');
    const all = parseCsv(planCsv(fixture()));
    expect(all).toHaveLength(5);
    expect(all.every((r) => r.length === PLAN_CSV_FIELDS.length)).toBe(true);
    const col = (name: string) => PLAN_CSV_FIELDS.indexOf(name);
    expect(all.slice(1).map((r) => r[col('rank')])).toEqual(['1', '2', '3', '4']);
    expect(all[1][col('members')]).toBe('crf+gazetteer+sloppy');
    expect(all[1][col('objective_actual')]).toBe('0.935');
    expect(all[1][col('predicted_via')]).toBe('via-majority');
    expect(all[1][col('ties')]).toBe('3');
    expect(all[1][col('pareto')]).toBe('true');
    expect(PLAN_CSV_FIELDS.slice(0, 10)).toEqual(['rank', 'members', 'rule', 'size', 'cost', 'gain', 'objective_actual', 'objective_predicted', 'gap', 'actual_precision']);
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
    expect(md).toContain('| 1 | crf+gazetteer+sloppy | vote | 3 | 92.00† | **93.50** | 26.50 | 92.50 | +1.50 | +3.50 |');
    expect(md).toContain('† vote/weighted predicted through majority (their binary counterpart).');
    expect(md).toContain('Rank agreement (predicted against actual objective) over 1234 candidates: Spearman ρ 0.812');
    expect(md).toContain('### Held-out check (2 folds by document, seed 7)');
    expect(md).toContain('Means over 2 folds');
    expect(md).toContain('Bootstrap (1000 resamples of documents, seed 7)');
    expect(md).not.toContain('Greedy path');
  });

  it('escapes names that Markdown would read as markup', () => {
    const r = fixture({ candidates: [candidate(1, ['tagger_v2', 'a|b', 'x*'], 'vote', 0.9, 0.9, 'exact')] });
    expect(planMarkdown(r)).toContain('| tagger\\_v2+a\\|b+x\\* |');
  });
});

describe('planLatex', () => {
  const tex = planLatex(fixture());

  it('is a booktabs tabular with the candidates, notes, held-out table and bootstrap', () => {
    expect(tex.startsWith('% requires \\usepackage{booktabs}\n')).toBe(true);
    expect(tex).toContain('\\toprule');
    expect(tex).toContain('\\# & members & rule & size & pred F1 & F1 & SER & K & gap & gain \\\\');
    expect(tex).toContain('1 & crf+gazetteer+sloppy & vote & 3 & 92.00$^\\dagger$ & \\textbf{93.50} & 26.50 & 92.50 & +1.50 & +3.50 \\\\');
    expect(tex).toContain('$\\approx$91.23');
    expect(tex).toContain('Spearman $\\rho$ 0.812, Kendall $\\tau$ 0.650');
    expect(tex).toContain('\\caption{Held-out check (2 folds by document, seed 7)}');
    expect(tex).toContain('not better in 0.4\\% of resamples');
    expect(tex.match(/\\begin\{table\}/g)).toHaveLength(2);
    expect(tex).not.toMatch(/[≈†ρτ−–]/);
  });

  it('escapes names with _ and &', () => {
    expect(tex).toContain('crf+gazetteer+tagger\\_v2\\&co');
    expect(tex).not.toContain('tagger_v2&co');
  });

  it('puts the bootstrap under the candidates when there is no held-out table', () => {
    const t = planLatex(fixture({ heldOut: undefined }));
    expect(t.match(/\\begin\{table\}/g)).toHaveLength(1);
    expect(t).toContain('Bootstrap (1000 resamples');
  });
});
