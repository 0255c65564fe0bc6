/**
 * The honest part of a plan's report, as tables and lines that the terminal, Markdown and LaTeX
 * renderers share: the procedures (the search's choice and the baselines) with their in-sample,
 * held-out and test figures; the held-out splits; the recommendation's paired comparisons with
 * each baseline; the bootstrap that re-selects; and the recommendation in words. Every title says
 * what the figures were measured on and whether that data chose them. Pure functions of the result.
 */
import type { BootstrapResult, HeldOut, PairedComparison, PlanResult, Procedure, ProcedureName, TestSettings } from '../plan/types.js';
import type { Column, Table } from './table.js';
import { recommendationReason } from './plan-reason.js';
import { testOverlap, testSetApart } from './plan-test-set.js';
import { fewDifferingNote } from './significance.js';
import { objectiveValue, plural, pValue, ruleOfMembers, shownName, signedObjective, signedObjectives, weightedMembers, wrappedMembers } from './plan-values.js';
import { keepsLoneMember } from '../ensemble/rules.js';
import { typeName } from './type-name.js';

const PROCEDURE_ORDER: readonly ProcedureName[] = ['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'];

/** The procedures in report order: the search's choice, then the baselines. */
export function procedures(r: PlanResult): Procedure[] {
  return [r.selection, ...r.baselines].sort((a, b) => PROCEDURE_ORDER.indexOf(a.name) - PROCEDURE_ORDER.indexOf(b.name));
}

/** What the figures of a unit kind are counted in. */
const unitsOf = (u: 'document' | 'sentence', n: number) => plural(n, u);

/** A procedure's members for a table cell: `all N systems` when it takes every system. */
function membersOf(r: PlanResult, p: { members: string[]; weights?: Record<string, number> }, cell: (m: string[]) => string): string {
  if (p.weights === undefined && p.members.length === r.systems.length && r.systems.length > 1) return `all ${r.systems.length} systems`;
  return cell(weightedMembers(p.members, p.weights));
}

/** How the held-out splits were made, in words. */
export function splitsPhrase(h: HeldOut): string {
  if (h.kind === 'holdout') {
    // What was held out: a whole number of units, at least one on each side, so not always the fraction asked for.
    const split = h.splits[0];
    const asked = Number(((h.fraction ?? 0) * 100).toFixed(2));
    if (split === undefined) return `a hold-out of ${asked}% of the ${h.units}s, seed ${h.seed}`;
    const all = split.trainUnits + split.testUnits;
    const share = Number(((100 * split.testUnits) / all).toFixed(2));
    return `a hold-out of ${split.testUnits} of ${plural(all, h.units)}, ${share}%${share === asked ? '' : ` where ${asked}% was asked`}, seed ${h.seed}`;
  }
  return `${h.folds}-fold cross-validation by ${h.units}, ${plural(h.repeats ?? 1, 'repeat')}, seed ${h.seed}`;
}

/** ` of type PER`, ` of types ORG, PER`: the types a plan was limited to, or '' for every type. */
export function typesPhrase(types: readonly string[] | undefined): string {
  if (types === undefined) return '';
  return ` of ${types.length === 1 ? 'type' : 'types'} ${types.map(typeName).join(', ')}`;
}

/** `the planning data (all 8 documents, 54 gold items of type PER)`: what in-sample figures are measured on. */
export function planningDataPhrase(r: PlanResult): string {
  const d = r.planningData;
  const n = d.units === 'document' ? d.documents : d.sentences;
  const planning = n === d.of ? `all ${unitsOf(d.units, n)}` : `${n} of ${unitsOf(d.units, d.of)}`;
  return `the planning data (${planning}, ${plural(d.goldItems, 'gold item')}${typesPhrase(d.types)})`;
}

/** The line saying what each kind of figure is measured on. */
export function dataLine(r: PlanResult): string {
  const parts = [`In-sample figures: ${planningDataPhrase(r)}, which chose the candidates`];
  if (r.heldOut !== undefined) parts.push(`held-out: ${splitsPhrase(r.heldOut)}, the whole selection re-run without the units it is scored on`);
  else parts.push('no held-out estimate');
  // Its gold items, as the planning data's: of the plan's types, when limited to some.
  if (r.testSet !== undefined) parts.push(`test: ${r.testSet.gold} (${unitsOf(r.testSet.units, r.testSet.units === 'document' ? r.testSet.documents : r.testSet.sentences)}, ${plural(r.testSet.goldItems, 'gold item')}${typesPhrase(r.planningData.types)})${testSetApart(r, ', never used for selection')}`);
  return `${parts.join('; ')}.`;
}

/** The procedures table: each one's choice and its in-sample, held-out and test figures. */
export function proceduresTable(r: PlanResult, cell: (m: string[]) => string): Table {
  const list = procedures(r);
  const held = r.heldOut !== undefined;
  const test = r.testSet !== undefined;
  const columns: Column[] = [
    { header: 'procedure' }, { header: 'chose' }, { header: 'rule' }, { header: 'in-sample', align: 'right' },
    ...(held ? [
      { header: 'held-out', align: 'right' as const }, { header: '± sd', align: 'right' as const }, { header: 'pooled', align: 'right' as const },
      { header: 'optimism', align: 'right' as const },
    ] : []),
    ...(test ? [{ header: 'test', align: 'right' as const }] : []),
  ];
  const rows = list.map((p) => [
    p.name, membersOf(r, p, cell), p.members.length === 1 ? '—' : p.rule, objectiveValue(r, p.planning.objective),
    ...(held ? [
      objectiveValue(r, p.heldOut?.mean), p.heldOut?.sd === null || p.heldOut === undefined ? '—' : signedObjective(r, p.heldOut.sd).replace(/^\+/, ''),
      objectiveValue(r, p.heldOut?.pooled), signedObjective(r, p.heldOut?.optimism),
    ] : []),
    ...(test ? [objectiveValue(r, p.test?.objective)] : []),
  ]);
  const notes = [
    'selection: the search\'s top candidate; best-single, majority-all, vote-all: no search; caruana: ensemble selection with replacement (Caruana et al. 2004), weights ×k.',
    `in-sample: ${r.objective.description} on the planning data, which made every choice.`,
  ];
  if (held) {
    const one = r.heldOut!.splits.length === 1;
    // An objective of raw counts on one part held out has no pooled figure (nor optimism): it is on another scale.
    const pooled = list.some((p) => p.heldOut !== undefined && Number.isFinite(p.heldOut.pooled));
    notes.push(`held-out: ${one ? 'the score on the part held out' : `mean and standard deviation over ${plural(r.heldOut!.splits.length, 'split')}`}, each choice made again on the training part; `
      + (!pooled
        ? 'pooled and optimism: — for an objective that reads raw counts on a part held out once, whose figures are on another scale than the in-sample ones (see the notes). '
        : `pooled: ${r.objective.description} over the held-out parts' counts at once${one ? '' : ` (each unit held out once a repeat${r.heldOut!.repeats !== undefined && r.heldOut!.repeats > 1 ? ', counts per repeat' : ''})`}; `
        + `optimism: ${difference(r, 'in-sample minus pooled', 'pooled minus in-sample')} (positive: the in-sample figure flatters). `
        + (one
        ? 'With one split the in-sample figures are on the training part and the pooled ones on the part held out, so even the no-selection baselines (majority-all, vote-all), which choose nothing, show how the two parts differ (often far from 0): what a procedure\'s choosing adds is its optimism beyond theirs. '
          : 'The no-selection baselines (majority-all, vote-all) choose nothing, so their pooled figure is their in-sample one and their optimism 0 (but for vote\'s label ties, broken by the members\' ranking on each training part); their mean over splits differs from it only because a mean of figures on parts is not the figure on all of them. '))
      + `The recommendation below is picked by these held-out figures, so its own is not quite free of selection${test ? (testOverlap(r) === undefined ? ' (its test figure is)' : ' (its test figure would be, were the test set apart from the planning data)') : ' (a test set, --test-gold, gives one that is)'}.`);
  }
  if (test) notes.push(`test: on ${r.testSet!.gold}${testSetApart(r, ', not used for any choice')}.`);
  const outside = list.filter((p) => p.outside !== undefined);
  if (outside.length > 0) notes.push(`outside the limits given, so shown for reference and never recommended: ${outside.map((p) => `${p.name} (${p.outside})`).join('; ')}.`);
  return { title: 'The search\'s choice and the baselines, each chosen on the planning data only', columns, rows, note: notes.join('\n') };
}

/**
 * The lines listing every member of each procedure's choice that the table's `cell` shortened,
 * wrapped at `max` characters (none when nothing was shortened).
 */
export function proceduresInFull(r: PlanResult, cell: (m: string[]) => string, max: number): string[] {
  return procedures(r).flatMap((p) => {
    const full = weightedMembers(p.members, p.weights);
    const shownAs = membersOf(r, p, cell);
    if (shownAs === full.join('+') || shownAs.startsWith('all ')) return [];
    return wrappedMembers(`  ${p.name}: ${p.rule} of ${p.members.length}: `, full, max);
  });
}

/** The lines listing every member of each split's choice that the splits table's `cell` shortened. */
export function splitChoicesInFull(h: HeldOut, cell: (m: string[]) => string, max: number): string[] {
  const repeats = (h.repeats ?? 1) > 1;
  return h.splits.flatMap((s) => {
    const full = weightedMembers(s.chosen.members, s.chosen.weights);
    if (cell(full) === full.join('+')) return [];
    return wrappedMembers(`  ${repeats ? `split ${s.repeat}.${s.fold}` : `fold ${s.fold}`}: ${s.chosen.rule} of ${s.chosen.members.length}: `, full, max);
  });
}

/** The held-out splits: what the selection chose on each training part and how every procedure did on the part left out. */
export function splitsTable(r: PlanResult, h: HeldOut, cell: (m: string[]) => string): Table {
  const names: ProcedureName[] = ['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'];
  const repeats = (h.repeats ?? 1) > 1;
  return {
    title: `Held-out splits (${splitsPhrase(h)}): every procedure chose on the training part, scored on the part held out (train, held out: their ${h.units}s)`,
    columns: [
      { header: repeats ? 'repeat.fold' : 'fold', align: 'right' }, { header: 'train', align: 'right' }, { header: 'held out', align: 'right' },
      { header: 'selection chose' }, ...names.map((n) => ({ header: n, align: 'right' as const })),
    ],
    rows: h.splits.map((s) => [
      repeats ? `${s.repeat}.${s.fold}` : String(s.fold), String(s.trainUnits), String(s.testUnits),
      s.chosen.members.length === 1 ? cell(weightedMembers(s.chosen.members, s.chosen.weights)) : `${s.chosen.rule}(${cell(weightedMembers(s.chosen.members, s.chosen.weights))})`,
      ...names.map((n) => objectiveValue(r, s.heldOut[n])),
    ]),
    note: splitStability(h),
  };
}

/** How often the selection changed its mind over the splits, in one sentence (the splits table's note; the brief report's too). */
export function splitStability(h: HeldOut): string {
  const m = h.stability.mostCommon;
  return h.splits.length === 1
    ? `On the training part the selection chose ${ruleOfMembers(m.rule, weightedMembers(m.members, undefined), Infinity)}.`
    : h.stability.distinct === 1
    ? `The selection chose the same ensemble, ${ruleOfMembers(m.rule, weightedMembers(m.members, undefined), Infinity)}, in every split.`
    : h.stability.distinct === h.splits.length
      ? `The selection chose a different ensemble in each of the ${h.splits.length} splits.`
      : `The selection chose ${h.stability.distinct} different ensembles over ${plural(h.splits.length, 'split')}; `
        + `the most frequent, ${ruleOfMembers(m.rule, weightedMembers(m.members, undefined), Infinity)}, ${m.count === 1 ? 'once' : `${m.count} times`}`
        + `${h.stability.tied === 0 ? '' : `, tied with ${plural(h.stability.tied, 'other')}`}.`;
}

/**
 * A difference in words: `higher` when the objective is better higher, `lower` when it is better
 * lower (SER), where the planner turns the sign so that a positive difference is always the better.
 */
export function difference(r: PlanResult, higher: string, lower: string): string {
  return r.objective.minimise ? `${lower}, as lower is better` : higher;
}

/** How the paired comparisons were made, in words. */
function testsPhrase(t: TestSettings, units: number): string {
  const where = t.on === 'held-out' ? 'choices made on the training parts' : 'choices made on the planning data';
  return `paired over ${unitsOf(t.units, units)}; paired bootstrap and approximate randomization, ${plural(t.samples, 'resample')} each, seed ${t.seed}; ${where}, not re-selected per resample`;
}

/** The recommendation's paired comparisons with each baseline, held out or on the test set. */
export function comparisonsTable(r: PlanResult, list: readonly PairedComparison[], tests: TestSettings): Table {
  const units = tests.on === 'held-out' ? sumTestUnits(r) : (r.testSet?.units === 'document' ? r.testSet.documents : r.testSet?.sentences ?? 0);
  // A test set sharing documents with the planning data says so here too (see plan-test-set.ts).
  const where = tests.on === 'held-out' ? 'held out' : `on the test set${testSetApart(r, '')}`;
  return {
    title: `The recommendation (${r.recommendation.procedure}) against each baseline, ${where} (${testsPhrase(tests, units)})`,
    columns: [
      { header: 'baseline' }, { header: 'difference', align: 'right' }, { header: '95% interval', align: 'right' },
      { header: 'p (randomization)', align: 'right' }, { header: 'p (bootstrap)', align: 'right' }, { header: `${tests.units}s differing`, align: 'right' },
    ],
    rows: list.map((c) => {
      // The difference and its interval at the decimals that show their signs.
      const [diff, lo, hi] = signedObjectives(r, [c.meanDiff, c.ci95[0], c.ci95[1]]);
      return [c.name, diff, `${lo} to ${hi}`, pValue(c.p), pValue(c.pBootstrap), String(c.differing)];
    }),
    note: [
      tests.on === 'held-out'
        ? `difference: ${(r.heldOut?.splits.length ?? 0) === 1 ? '' : 'mean over the splits of '}${difference(r, 'the recommendation\'s held-out score minus the baseline\'s', 'the baseline\'s held-out score minus the recommendation\'s')} (positive: the recommendation is better).`
        : `difference: ${difference(r, 'the recommendation\'s test score minus the baseline\'s', 'the baseline\'s test score minus the recommendation\'s')} (positive: the recommendation is better).`,
      `${tests.units}s differing: those in which the two outputs differ, the only ones a randomization swap changes.`,
      units < 2
        ? `Over a single ${tests.units} every bootstrap resample is that ${tests.units}: the bootstrap has nothing to measure, and its interval and p are shown as —.`
        : 'The interval is the bootstrap\'s percentiles and its p the share of resamples as far from the difference as it is from 0, so near 0 the two can disagree (an interval that just excludes 0 beside p above 0.05).',
      fewDifferingNote(tests.units, r.recommendation.alpha, tests.samples, list.map((c) => ({ name: c.name, differing: c.differing }))),
    ].filter((x) => x !== undefined).join(' '),
  };
}

/** Units held out over one repeat of the splits (every unit once for folds). */
function sumTestUnits(r: PlanResult): number {
  const h = r.heldOut;
  if (h === undefined) return 0;
  return h.splits.filter((s) => s.repeat === 1).reduce((a, s) => a + s.testUnits, 0);
}

/** The bootstrap that re-selects: each procedure's out-of-bootstrap score, and the recommended procedure against each baseline. */
export function bootstrapTables(r: PlanResult, b: BootstrapResult): Table[] {
  const level = Number((b.confidence * 100).toFixed(2));
  return [
    {
      title: `Bootstrap of the procedures (${plural(b.samples, 'resample')} of the ${b.units}s, seed ${b.seed}): every choice made again on each resample, scored on the ${b.units}s it left out`,
      columns: [{ header: 'procedure' }, { header: 'mean', align: 'right' }, { header: `${level}% interval`, align: 'right' }],
      rows: b.procedures.map((p) => [p.name, objectiveValue(r, p.mean), `${objectiveValue(r, p.low)} to ${objectiveValue(r, p.high)}`]),
      note: b.skipped > 0 ? `${plural(b.skipped, 'resample')} left no ${b.units} out and were skipped.` : undefined,
    },
    {
      title: `${b.procedure} against each other procedure, out of bootstrap (re-selected in each resample)`,
      columns: [{ header: 'procedure' }, { header: 'mean difference', align: 'right' }, { header: `${level}% interval`, align: 'right' }, { header: 'not better', align: 'right' }],
      rows: b.vsBaselines.filter((c) => c.name !== b.procedure).map((c) => [
        c.name, signedObjective(r, c.mean), `${signedObjective(r, c.low)} to ${signedObjective(r, c.high)}`, Number.isNaN(c.notBetter) ? '—' : `${(c.notBetter * 100).toFixed(1)}%`,
      ]),
      note: [
        `mean difference: ${difference(r, `${b.procedure}'s out-of-bootstrap score minus the other's`, `the other's out-of-bootstrap score minus ${b.procedure}'s`)} (positive: ${b.procedure} is better); `
          + `not better: the share of resamples in which it is not (a one-sided bootstrap p for "${b.procedure} is better").`,
        ...(b.samples < 200 ? [`With ${plural(b.samples, 'resample')} the ${level}% intervals and the shares are rough (their ends rest on the few most extreme resamples): --bootstrap 200 or more for figures to rely on.`] : []),
      ].join(' '),
    },
  ];
}

/** The longest first line of the recommendation written as one unbreakable `rule(a+b+…)`. */
const HEAD_WIDTH = 100;

/**
 * What the recommendation uses, for its first line: the system, or `rule(a+b+c)` when that fits
 * in {@link HEAD_WIDTH} columns; longer, `rule of all N systems` when it uses every system
 * unweighted, else `rule of N: a, b, c, …`, which a terminal report can wrap between names.
 */
function recommendedWhat(r: PlanResult): string {
  const rec = r.recommendation;
  if (rec.members.length === 1) return shownName(rec.members[0]);
  const names = weightedMembers(rec.members, rec.weights);
  const max = HEAD_WIDTH - `Recommendation (${rec.procedure}): `.length;
  const everySystem = rec.weights === undefined && rec.members.length === r.systems.length;
  const what = ruleOfMembers(rec.rule, names, max);
  return everySystem && what.length > max ? `${rec.rule} of all ${names.length} systems` : what;
}

/** A plan saved by the run that made the report (`--save-plan`): where, and which choice. */
export interface SavedPlan {
  path: string;
  top: boolean;
}

/**
 * The recommendation in words: what to use, its held-out and test figures, and why; last, how
 * to save it, or where it was saved (`saved`).
 */
export function recommendationLines(r: PlanResult, saved?: SavedPlan): string[] {
  const rec = r.recommendation;
  const what = recommendedWhat(r);
  const chosen = procedures(r).find((p) => p.name === rec.procedure);
  const figures: string[] = [`in-sample ${objectiveValue(r, chosen?.planning.objective)}`];
  if (rec.heldOut !== null) {
    const sd = rec.heldOut.sd === null ? '' : ` ± ${signedObjective(r, rec.heldOut.sd).replace(/^\+/, '')}`;
    // Pooled over the splits, on the in-sample figure's scale (for an objective of counts, the only held-out figure that is).
    const pooled = chosen?.heldOut !== undefined && Number.isFinite(chosen.heldOut.pooled) && rec.heldOut.folds > 1
      ? `; ${objectiveValue(r, chosen.heldOut.pooled)} pooled over them` : '';
    // The recommendation is picked among the procedures by these very figures.
    figures.push(`held-out ${objectiveValue(r, rec.heldOut.mean)}${sd === '' ? ` over ${plural(rec.heldOut.folds, 'split')}${pooled}` : `${sd} (sd over ${plural(rec.heldOut.folds, 'split')}${pooled})`} (these figures also picked it, so slightly optimistic)`);
  }
  if (rec.test !== undefined) figures.push(`test ${objectiveValue(r, rec.test.objective)} (${testSetApart(r, ', not used for selection').replace(/^, /, '')})`);
  return [
    `Recommendation (${rec.procedure}): ${what}`,
    `  ${figures.join('; ')}`,
    `  ${recommendationReason(r)}`,
    saved === undefined
      ? '  --save-plan FILE saves it for combine --plan (--save-plan-choice top saves the top candidate instead).'
      : `  Saved to ${saved.path} for combine --plan: ${!saved.top ? 'this recommendation' : topIsRecommended(r) ? 'the top candidate (--save-plan-choice top), which is this recommendation' : 'the top candidate, not this recommendation (--save-plan-choice top)'}.`,
  ];
}

/** Whether the top candidate is the recommended ensemble: the same members, rule and weights (any rule that keeps a single system's output, for one system). */
function topIsRecommended(r: PlanResult): boolean {
  const top = r.candidates.find((c) => c.rank === 1);
  const rec = r.recommendation;
  if (top === undefined || top.members.join('\u0000') !== rec.members.join('\u0000')) return false;
  const weights = (w: Record<string, number> | undefined) => JSON.stringify(Object.entries(w ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (weights(top.weights) !== weights(rec.weights)) return false;
  const single = (rule: string) => top.members.length === 1 && keepsLoneMember(rule);
  return top.rule === rec.rule || (single(top.rule) && single(rec.rule));
}
