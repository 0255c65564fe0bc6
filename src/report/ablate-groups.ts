/**
 * Renderings of a {@link GroupAblation} (`complan ablate` with groups of runs): the
 * paper-ready ablation table (mean ± sd, significance marks), the verdicts, the comparisons run
 * by run, the per-type deltas and the stable items; the JSON document; CSV with one row per
 * variant; LaTeX. When every group has one run, the one-to-one ablation's tables and JSON fields
 * come first, as before, and the new ones are added. Pure functions of the ablation.
 *
 * Conventions as in report/ablate.ts: Δ = variant − baseline in points with a sign; `—` (null in
 * JSON, empty in CSV) where undefined. Significance marks: † p < 0.05, ‡ p < 0.01
 * (approximate randomization).
 */
import type { Ablation } from '../ablation/ablate.js';
import {
  CHANGE_KINDS, type ChangeKind, type ContextExample, type GroupAblation, type GroupTest, type ScoreSet, type SdSet, type UnstableExample,
  type VariantGroupAblation,
} from '../ablation/groups.js';
import { pText } from './number.js';
import { coarseSamplesNote, fewDifferingNote, nearAlphaNote } from './significance.js';
import { ABLATE_CSV_FIELDS, ablateCsvRows, ablateJson, ablateTables, CHANGE_MEANING, signedPoints } from './ablate.js';
import { fixed, jsonNumber, percent, UNDEFINED } from './number.js';
import type { Table } from './table.js';
import { renderCsv, renderLatex } from './table.js';
import { typeName } from './type-name.js';
import { matchTypesSuffix } from './table-context.js';
import { checkReport, GROUP_ABLATION, GROUP_ABLATION_KEYS } from './report-check.js';

/** Whether every group has one run: the one-to-one ablation, whose tables and fields are kept. */
export function isOneToOne(g: GroupAblation): boolean {
  return g.baselineRuns.length === 1 && g.variants.every((v) => v.runs.length === 1);
}

/** The one-to-one ablation of a group ablation whose groups have one run each, else undefined. */
export function oneToOne(g: GroupAblation): Ablation | undefined {
  if (!isOneToOne(g)) return undefined;
  return {
    baseline: g.baseline, baselineScores: { ...g.baselineScores[0], name: g.baseline }, match: g.match, beta: g.beta, kAlpha: g.kAlpha,
    zeroDivision: g.zeroDivision, types: g.types, goldItems: g.goldItems, sameF: g.sameF, different: g.different, examples: g.examples,
    variants: g.variants.map((v) => {
      const { baseline: _, ...c } = v.comparisons[0];
      return { ...c, name: v.name, scores: { ...c.scores, name: v.name } };
    }),
  };
}

const fName = (g: GroupAblation) => (g.beta === 1 ? 'F1' : `F${g.beta}`);
const kName = (g: GroupAblation) => (g.kAlpha === 1 ? 'K' : `K(α=${g.kAlpha})`);

/** † for p < 0.05, ‡ for p < 0.01, nothing otherwise. */
export function significanceMark(p: number): string {
  return p < 0.01 ? '‡' : p < 0.05 ? '†' : '';
}

/** `x ± sd` in points; the mean alone when the sd is undefined. */
function meanSd(x: number | null, sd: number | null, signed: boolean): string {
  const m = signed ? signedPoints(x) : percent(x);
  return sd === null || m === UNDEFINED ? m : `${m} ± ${fixed(sd * 100)}`;
}

/** How the comparisons were made, in words. */
function comparisonsText(g: GroupAblation): string {
  return g.paired ? 'paired by position (run i against baseline run i)' : 'unpaired: every variant run against every baseline run';
}

/** The tests' settings in words, for notes. */
function testText(g: GroupAblation): string {
  const units = `${g.units} ${g.unit}${g.units === 1 ? '' : 's'}`;
  return `p: approximate randomization of the mean Δ${fName(g)} over ${units} (${g.samples} swaps drawn, seed ${g.seed}; every swap once, exact, when the runs differ in k ${g.unit}s with 2^k ≤ ${g.samples}); `
    + `interval: bootstrap percentile over the same ${g.unit}s, drawn alike for both sides, ${fixed(g.confidence * 100, 0)}% (${g.samples} resamples)`;
}

function sdRule(g: GroupAblation): string {
  return g.paired ? 'sd: sample standard deviation (n − 1) of the pairs\' deltas'
    : 'sd of a Δ: √2 × the pooled sample standard deviation of a run\'s score';
}

const interval = (t: GroupTest) => `[${signedPoints(t.low)}, ${signedPoints(t.high)}]`;

/** The paper-ready table: each setting's F, then each variant's deltas as mean ± sd, the interval and p. */
export function ablationTable(g: GroupAblation): Table {
  const emphasis = new Set<string>();
  const base = [
    g.baseline, String(g.baselineRuns.length), meanSd(g.baselineMean.f, g.baselineSd.f, false),
    UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED,
  ];
  const rows = g.variants.map((v, i) => {
    const p = v.test.pRandomization;
    if (v.verdict.significant) emphasis.add(`${i + 1}:5`);
    return [
      v.name, String(v.runs.length), meanSd(v.mean.f, v.sd.f, false),
      meanSd(v.meanDelta.precision, v.sdDelta.precision, true), meanSd(v.meanDelta.recall, v.sdDelta.recall, true),
      `${meanSd(v.meanDelta.f, v.sdDelta.f, true)}${significanceMark(p)}`,
      meanSd(v.meanDelta.ser, v.sdDelta.ser, true), meanSd(v.meanDelta.k, v.sdDelta.k, true),
      interval(v.test), pText(p),
    ];
  });
  const F = fName(g);
  return {
    title: `Ablation — ${g.variants.length} variant${g.variants.length === 1 ? '' : 's'} of ${g.baseline}, ${g.goldItems} gold item${g.goldItems === 1 ? '' : 's'}; ${g.match} match, ${F}${g.types === undefined ? '' : `, types ${g.types.map(typeName).join(',')}`}; mean ± sd over runs, in points`,
    columns: [
      { header: 'setting' }, { header: 'runs', align: 'right' }, { header: F, align: 'right' },
      { header: 'ΔP', align: 'right' }, { header: 'ΔR', align: 'right' }, { header: `Δ${F}`, align: 'right' },
      { header: 'ΔSER', align: 'right' }, { header: `Δ${kName(g)}`, align: 'right' },
      { header: `${fixed(g.confidence * 100, 0)}% interval`, align: 'right' }, { header: 'p', align: 'right' },
    ],
    rows: [base, ...rows],
    emphasis,
    note: [`† p < 0.05, ‡ p < 0.01. The first row is the baseline. Comparisons ${comparisonsText(g)}; ${sdRule(g)}; `
      + `no ± with one comparison. ${testText(g)}.`, fewUnitsNote(g, g.variants.map((v) => ({ name: v.name, test: v.test })))].filter((x) => x !== undefined).join(' '),
  };
}

/** One line per variant: the verdict in words. */
export function verdictTable(g: GroupAblation): Table {
  return {
    title: `Verdicts against ${g.baseline}${matchTypesSuffix(g.match, g.types)}`,
    columns: [{ header: 'variant' }, { header: 'verdict' }],
    rows: g.variants.map((v) => [v.name, v.verdict.text]),
    note: verdictLegend(g),
  };
}

/** The verdicts' legend: the two main wordings, and the others when the table uses them. */
function verdictLegend(g: GroupAblation): string {
  const F = fName(g);
  const said = (words: string) => g.variants.some((v) => v.verdict.text.includes(words));
  const parts = [
    `larger than run-to-run noise: p < ${g.alpha} and |mean Δ${F}| > the sd of one comparison's Δ${F}`,
    `within run-to-run noise: |mean Δ${F}| ≤ that sd`,
    ...(said('consistent across runs') ? [`consistent across runs, not significant on this test set: |mean Δ${F}| > that sd but p ≥ ${g.alpha}`] : []),
    ...(said('run-to-run noise unknown') ? [`run-to-run noise unknown (one run): one run on each side gives no sd, so only this test set's p (below ${g.alpha}: significant) speaks; more runs (seeds) tell a change from noise`] : []),
  ];
  return `${parts.join('; ')}.`;
}

/** Each comparison: the variant run, the baseline run, its F and deltas, and the counts of changed items. */
export function runsTable(g: GroupAblation): Table {
  const F = fName(g);
  const rows = g.variants.flatMap((v) => v.comparisons.map((c) => [
    v.name, c.name, c.baseline, percent(c.scores.f), signedPoints(c.deltaP), signedPoints(c.deltaR), signedPoints(c.deltaF),
    signedPoints(c.deltaSer), signedPoints(c.deltaK), String(c.gainedCount), String(c.lostCount), String(c.introducedCount), String(c.removedCount),
  ]));
  return {
    title: `Runs — each comparison, ${comparisonsText(g)}${matchTypesSuffix(g.match, g.types)}`,
    columns: [
      { header: 'variant' }, { header: 'run' }, { header: 'against' }, { header: F, align: 'right' },
      { header: 'ΔP', align: 'right' }, { header: 'ΔR', align: 'right' }, { header: `Δ${F}`, align: 'right' },
      { header: 'ΔSER', align: 'right' }, { header: `Δ${kName(g)}`, align: 'right' },
      { header: 'gained', align: 'right' }, { header: 'lost', align: 'right' }, { header: 'introduced', align: 'right' }, { header: 'removed', align: 'right' },
    ],
    rows,
  };
}

/** The deltas per entity type, as mean ± sd with their interval and p. */
export function byTypeTable(g: GroupAblation): Table {
  const F = fName(g);
  const rows = g.variants.flatMap((v) => v.byType.map((t, i) => [
    i === 0 ? v.name : '', typeName(t.type), meanSd(t.meanDelta.precision, t.sdDelta.precision, true),
    meanSd(t.meanDelta.recall, t.sdDelta.recall, true), `${meanSd(t.meanDelta.f, t.sdDelta.f, true)}${significanceMark(t.test.pRandomization)}`,
    interval(t.test), pText(t.test.pRandomization),
  ]));
  return {
    title: `By type — Δ against ${g.baseline}, mean ± sd over runs, in points${matchTypesSuffix(g.match, g.types)}`,
    columns: [
      { header: 'variant' }, { header: 'type' }, { header: 'ΔP', align: 'right' }, { header: 'ΔR', align: 'right' },
      { header: `Δ${F}`, align: 'right' }, { header: `${fixed(g.confidence * 100, 0)}% interval`, align: 'right' }, { header: 'p', align: 'right' },
    ],
    rows,
    note: [`Each type scored alone (as --types TYPE) and tested alone; † p < 0.05, ‡ p < 0.01.${g.match === 'boundary'
      ? ' Under boundary match a type\'s row counts that type\'s items on both sides only: a span found under another type is a miss here, though the overall rows count it as found.' : ''}`,
      fewUnitsNote(g, g.variants.flatMap((v) => v.byType.map((t) => ({ name: `${v.name} ${typeName(t.type)}`, test: t.test }))))].filter((x) => x !== undefined).join(' '),
  };
}

function exampleRow(kind: ChangeKind, where: string, e: ContextExample): string[] {
  return [kind, where, e.doc, String(e.sentence), `${e.start}-${e.end}`, e.label === null ? UNDEFINED : typeName(e.label), e.text, e.context];
}

/**
 * The comparisons an item changed in to be stable, as a title says it: `in all 3 comparisons`,
 * or `in its one comparison` for a variant of one run against a baseline of one (where no item
 * can change in some comparisons and not others).
 */
export function inAllComparisons(n: number): string {
  return n === 1 ? 'in its one comparison' : `in all ${n} comparisons`;
}

/** How many items of one kind changed in every comparison and in some: `2 (+12 in some)`, or `2` with one comparison. */
export function stableCount(n: number, stable: number, unstable: number): string {
  return n === 1 ? String(stable) : `${stable} (+${unstable} in some)`;
}

/** One variant's stable items (changed in every comparison), then those that come and go, or undefined when none. */
export function stableTable(g: GroupAblation, v: VariantGroupAblation): Table | undefined {
  const n = v.comparisons.length;
  const rows = CHANGE_KINDS.flatMap((k) => [
    ...v.stable[k].items.map((e) => exampleRow(k, n === 1 ? '1 of 1' : `all ${n}`, e)),
    ...v.unstable[k].items.map((e: UnstableExample) => exampleRow(k, `${e.comparisons} of ${n}`, e)),
  ]);
  const counts = CHANGE_KINDS.map((k) => `${k} ${stableCount(n, v.stable[k].count, v.unstable[k].count)}`).join(', ');
  if (rows.length === 0) {
    if (CHANGE_KINDS.every((k) => v.stable[k].count + v.unstable[k].count === 0)) return undefined;
    // No examples asked for (--examples 0): the counts alone, which are always complete.
    if (n === 1) {
      return {
        title: `Changes — ${v.name} against ${g.baseline}, items changed ${inAllComparisons(n)}${matchTypesSuffix(g.match, g.types)}`,
        columns: [{ header: 'change' }, { header: 'items', align: 'right' }],
        rows: CHANGE_KINDS.map((k) => [k, String(v.stable[k].count)]),
      };
    }
    return {
      title: `Stable changes — ${v.name} against ${g.baseline}, items changed ${inAllComparisons(n)} and in some${matchTypesSuffix(g.match, g.types)}`,
      columns: [{ header: 'change' }, { header: `in all ${n}`, align: 'right' }, { header: 'in some', align: 'right' }],
      rows: CHANGE_KINDS.map((k) => [k, String(v.stable[k].count), String(v.unstable[k].count)]),
    };
  }
  return {
    title: `${n === 1 ? 'Changes' : 'Stable changes'} — ${v.name} against ${g.baseline} ${inAllComparisons(n)}: ${counts} (${n === 1 ? `first ${g.examples} of each` : `the first ${g.examples} of each kind changed in all ${n}, and the first ${g.examples} changed in some`})${matchTypesSuffix(g.match, g.types)}`,
    columns: [
      { header: 'change' }, { header: 'in' }, { header: 'document' }, { header: 'sentence', align: 'right' },
      { header: 'offsets', align: 'right' }, { header: 'label' }, { header: 'text' }, { header: 'context' },
    ],
    rows,
  };
}

function stableNote(): string {
  return `${CHANGE_KINDS.map((k) => `${k}: ${CHANGE_MEANING[k]}`).join('; ')}. in: the comparisons in which the item changed `
    + '("all n": stable; fewer: it comes and goes between runs). context: the sentence with the item in brackets.';
}

/**
 * The tables of `complan ablate`. With one run per group: the one-to-one tables (scores,
 * changes, complementarity, examples), then the ablation table, the verdicts and the per-type
 * deltas. With groups: the ablation table, the verdicts, the runs, the per-type deltas and each
 * variant's stable changes.
 */
export function groupTables(g: GroupAblation): Table[] {
  checkReport(g, GROUP_ABLATION_KEYS, GROUP_ABLATION);
  const single = oneToOne(g);
  if (single !== undefined) return [...ablateTables(single), ablationTable(g), verdictTable(g), byTypeTable(g)];
  const stable = g.variants.map((v) => stableTable(g, v)).filter((t): t is Table => t !== undefined);
  if (stable.length > 0) stable[stable.length - 1] = { ...stable[stable.length - 1], note: stableNote() };
  return [ablationTable(g), verdictTable(g), runsTable(g), byTypeTable(g), ...stable];
}

/**
 * LaTeX of {@link groupTables} ({@link renderLatex} puts its symbols in math mode), with minus
 * signs and options' hyphens set apart.
 */
export function groupLatex(g: GroupAblation): string {
  checkReport(g, GROUP_ABLATION_KEYS, GROUP_ABLATION);
  return renderLatex(groupTables(g))
    // A minus sign, not a hyphen, before a number ("-0.16", "[-0.16, +0.35]")…
    .replace(/(^|[\s[(])-(?=\d)/gm, '$1\\ensuremath{-}')
    // …and an option's two hyphens kept apart, which LaTeX would join into a dash.
    .replace(/--(?=[a-z])/g, '-{}-');
}

const scoreJson = (s: ScoreSet) => ({
  precision: jsonNumber(s.precision), recall: jsonNumber(s.recall), f: jsonNumber(s.f), ser: jsonNumber(s.ser), k: jsonNumber(s.k),
});
const sdJson = (s: SdSet) => ({
  precision: jsonNumber(s.precision), recall: jsonNumber(s.recall), f: jsonNumber(s.f), ser: jsonNumber(s.ser), k: jsonNumber(s.k),
});
const testJson = (t: GroupTest, samples: number) => ({
  ci95: [jsonNumber(t.low), jsonNumber(t.high)], p: jsonNumber(t.pRandomization), pBootstrap: jsonNumber(t.pBootstrap), differing: t.differing,
  // Randomization counted every swap once (exact) when the sides differ in k units with 2^k ≤ samples; else drawn.
  exact: 2 ** t.differing <= samples,
});

/**
 * The notes on tests that cannot reach α or whose p is not settled: runs that differ in too few
 * units ({@link fewDifferingNote}), too few resamples ({@link coarseSamplesNote}), a drawn p
 * within the resampling's noise of α ({@link nearAlphaNote}).
 */
function fewUnitsNote(g: GroupAblation, tests: ReadonlyArray<{ name: string; test: GroupTest }>): string | undefined {
  const notes = [
    fewDifferingNote(g.unit, g.alpha, g.samples, tests.map(({ name, test }) => ({ name, differing: test.differing }))),
    coarseSamplesNote(g.alpha, g.samples, tests.map(({ test }) => test)),
    nearAlphaNote(g.alpha, g.samples, tests.map(({ name, test }) => ({ name, p: test.pRandomization, differing: test.differing }))),
  ].filter((x) => x !== undefined);
  return notes.length === 0 ? undefined : notes.join(' ');
}

/** What produced `p` and `ci95`, with its settings. */
export function testSettingsJson(g: GroupAblation): object {
  return {
    statistic: `mean over comparisons of ${fName(g)}(variant run) - ${fName(g)}(baseline run)`,
    p: 'approximate randomization (two-sided)',
    pBootstrap: 'paired bootstrap (two-sided, null-shifted)',
    ci95: 'paired bootstrap percentile interval',
    unit: g.unit,
    units: g.units,
    samples: g.samples,
    seed: g.seed,
    confidence: g.confidence,
    alpha: g.alpha,
  };
}

/**
 * The JSON document: the one-to-one fields when every group has one run (as before), and for
 * every variant `runs`, `comparisons`, `meanDelta`, `sdDelta`, `ci95`, `p`, `pBootstrap`,
 * `verdict`, `stable`, `unstable` and `byType`; `test` says what produced p and ci95.
 */
export function groupJson(g: GroupAblation): object {
  checkReport(g, GROUP_ABLATION_KEYS, GROUP_ABLATION);
  const single = oneToOne(g);
  const old = single === undefined ? undefined : (ablateJson(single) as { baselineScores: object; variants: object[] });
  const list = <E>(l: { count: number; items: E[] }) => ({ count: l.count, items: l.items });
  const lists = <E>(r: Record<ChangeKind, { count: number; items: E[] }>) =>
    Object.fromEntries(CHANGE_KINDS.map((k) => [k, list(r[k])])) as Record<ChangeKind, { count: number; items: E[] }>;
  const runScores = (s: { tp: number; fp: number; fn: number; precision: number; recall: number; f: number; ser: number; k: number }) => ({
    tp: s.tp, fp: s.fp, fn: s.fn, ...scoreJson({ ...s, ser: Number.isFinite(s.ser) ? s.ser : null }),
  });
  return {
    schemaVersion: 1,
    baseline: g.baseline,
    paired: g.paired,
    match: g.match,
    beta: g.beta,
    kAlpha: g.kAlpha,
    zeroDivision: g.zeroDivision,
    types: g.types ?? null,
    goldItems: g.goldItems,
    sameF: g.sameF,
    different: g.different,
    examples: g.examples,
    test: testSettingsJson(g),
    ...(old === undefined ? {} : { baselineScores: old.baselineScores }),
    baselineRuns: g.baselineRuns.map((name, i) => ({ name, scores: runScores(g.baselineScores[i]) })),
    baselineMean: scoreJson(g.baselineMean),
    baselineSd: sdJson(g.baselineSd),
    variants: g.variants.map((v, i) => ({
      ...(old === undefined ? { name: v.name } : old.variants[i]),
      runs: v.runs.map((name) => ({ name, scores: runScores(v.comparisons.find((c) => c.name === name)!.scores) })),
      mean: scoreJson(v.mean),
      sd: sdJson(v.sd),
      meanDelta: scoreJson(v.meanDelta),
      sdDelta: sdJson(v.sdDelta),
      ...testJson(v.test, g.samples),
      verdict: v.verdict,
      stable: lists(v.stable),
      unstable: lists(v.unstable),
      byType: v.byType.map((t) => ({ type: t.type, meanDelta: scoreJson(t.meanDelta), sdDelta: sdJson(t.sdDelta), ...testJson(t.test, g.samples) })),
      comparisons: v.comparisons.map((c) => ({
        run: c.name, baseline: c.baseline,
        deltaP: jsonNumber(c.deltaP), deltaR: jsonNumber(c.deltaR), deltaF: jsonNumber(c.deltaF), deltaSer: jsonNumber(c.deltaSer), deltaK: jsonNumber(c.deltaK),
        gainedCount: c.gainedCount, lostCount: c.lostCount, introducedCount: c.introducedCount, removedCount: c.removedCount,
      })),
    })),
  };
}

/** The CSV columns, after `variant` and `baseline`. */
export const GROUP_CSV_FIELDS = [
  'runs', 'baselineRuns', 'meanDeltaP', 'sdDeltaP', 'meanDeltaR', 'sdDeltaR', 'meanDeltaF', 'sdDeltaF', 'meanDeltaSer', 'sdDeltaSer',
  'meanDeltaK', 'sdDeltaK', 'ci95Low', 'ci95High', 'p', 'pBootstrap',
  'stableGained', 'stableLost', 'stableIntroduced', 'stableRemoved', 'unstableGained', 'unstableLost', 'unstableIntroduced', 'unstableRemoved',
] as const;

/**
 * CSV with one row per variant group, every number unrounded; undefined values are empty. With
 * one run per group, the one-to-one columns ({@link ABLATE_CSV_FIELDS}) come first, as before.
 */
export function groupCsv(g: GroupAblation): string {
  checkReport(g, GROUP_ABLATION_KEYS, GROUP_ABLATION);
  const num = (x: number | null) => {
    const v = jsonNumber(x);
    return v === null ? '' : String(v);
  };
  const rows = g.variants.map((v) => [
    v.name, g.baseline, String(v.runs.length), String(g.baselineRuns.length),
    num(v.meanDelta.precision), num(v.sdDelta.precision), num(v.meanDelta.recall), num(v.sdDelta.recall),
    num(v.meanDelta.f), num(v.sdDelta.f), num(v.meanDelta.ser), num(v.sdDelta.ser), num(v.meanDelta.k), num(v.sdDelta.k),
    num(v.test.low), num(v.test.high), num(v.test.pRandomization), num(v.test.pBootstrap),
    ...CHANGE_KINDS.map((k) => String(v.stable[k].count)), ...CHANGE_KINDS.map((k) => String(v.unstable[k].count)),
  ]);
  const single = oneToOne(g);
  if (single === undefined) return renderCsv(['variant', 'baseline', ...GROUP_CSV_FIELDS], rows);
  const before = ablateCsvRows(single);
  return renderCsv(['variant', 'baseline', ...ABLATE_CSV_FIELDS, ...GROUP_CSV_FIELDS], rows.map((r, i) => [...before[i], ...r.slice(2)]));
}
