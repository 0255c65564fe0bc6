/**
 * Renderings of an {@link Ablation} (`complan ablate`): tables for text, Markdown and LaTeX
 * (scores, changes with the "same score, different behaviour" flag, complementarity both ways,
 * example items per variant), the JSON document (schemaVersion 1) and a CSV with one row per
 * variant. Pure functions of the ablation.
 *
 * Conventions: Δ = variant − baseline, shown in points (×100) with a sign; rates are percentages
 * with two decimals like `eval`'s; an undefined value is `—` in tables, `null` in JSON and empty
 * in CSV, never a made-up number.
 */
import type { Ablation, AblationScores, CompDirection, VariantAblation } from '../ablation/ablate.js';
import type { ItemExample } from '../complementarity/matrix.js';
import { conllevalPercent, fixed, jsonNumber, percent, UNDEFINED } from './number.js';
import type { Table } from './table.js';
import { renderCsv, renderLatex } from './table.js';
import { typeName } from './type-name.js';
import { matchTypesSuffix } from './table-context.js';
import { ABLATION, ABLATION_KEYS, checkReport } from './report-check.js';

export const ABLATE_SCHEMA_VERSION = 1;

/** The four lists of changed items, in the order they are shown. */
export const CHANGE_LISTS = ['gained', 'lost', 'introduced', 'removed'] as const;
export type ChangeList = (typeof CHANGE_LISTS)[number];

/** What each list holds, for notes and the README. */
export const CHANGE_MEANING: Record<ChangeList, string> = {
  gained: 'gold items the variant finds and the baseline misses',
  lost: 'gold items the baseline finds and the variant misses',
  introduced: 'spurious items the variant returns and the baseline does not',
  removed: 'spurious items the baseline returns and the variant does not',
};

/**
 * A difference of two fractions in points with a sign: 0.0123 → "+1.23", −0.004 → "-0.40";
 * a difference that rounds to zero is "0.00"; `null` or non-finite → "—".
 */
export function signedPoints(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return UNDEFINED;
  const s = fixed(x * 100);
  if (/^0\.0*$/.test(s)) return s;
  return x > 0 ? `+${s}` : s;
}

/** The flag as shown in tables: yes, no, or — (cannot tell). */
export function flagText(flag: boolean | null): string {
  return flag === null ? UNDEFINED : flag ? 'yes' : 'no';
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Describes the run in one line, for table titles. */
export function ablateHeadline(a: Ablation): string {
  const types = a.types ? `, types ${a.types.join(',')}` : '';
  const beta = a.beta === 1 ? 'F1' : `F${a.beta}`;
  return `${count(a.variants.length, 'variant')} of ${a.baseline}, ${count(a.goldItems, 'gold item')}; ${a.match} match, ${beta}${types}`;
}

/** P/R/F as `eval` prints them: conlleval's percentages at β = 1 (gerbil), else fractions ×100. */
function shownPrf(s: AblationScores, a: Ablation): [string, string, string] {
  if (a.beta === 1 && a.zeroDivision === 'gerbil' && s.tp > 0) {
    const p = conllevalPercent(s.tp, s.tp + s.fp);
    const r = conllevalPercent(s.tp, s.tp + s.fn);
    return [fixed(p), fixed(r), fixed(p + r === 0 ? 0 : (2 * p * r) / (p + r))];
  }
  return [percent(s.precision), percent(s.recall), percent(s.f)];
}

function fName(a: Ablation): string {
  return a.beta === 1 ? 'F1' : `F${a.beta}`;
}

function kName(a: Ablation): string {
  return a.kAlpha === 1 ? 'K' : `K(α=${a.kAlpha})`;
}

/** The baseline's and each variant's scores, baseline first, as `eval` shows them. */
export function scoresTable(a: Ablation): Table {
  const rows = [a.baselineScores, ...a.variants.map((v) => v.scores)].map((s) => [
    s.name, String(s.tp), String(s.fp), String(s.fn), ...shownPrf(s, a), percent(s.ser), percent(s.k),
  ]);
  return {
    title: `Scores — ${ablateHeadline(a)}`,
    columns: [
      { header: 'system' }, { header: 'TP', align: 'right' }, { header: 'FP', align: 'right' }, { header: 'FN', align: 'right' },
      { header: 'P', align: 'right' }, { header: 'R', align: 'right' }, { header: fName(a), align: 'right' },
      { header: 'SER', align: 'right' }, { header: kName(a), align: 'right' },
    ],
    rows,
    note: `The first row is the baseline (${a.baseline}). SER = (S+D+I)/N (Makhoul et al. 1999).`,
  };
}

/** The flag's rule in words, with the thresholds of the run. */
export function flagRule(a: Ablation): string {
  return `|Δ${fName(a)}| < ${fixed(a.sameF * 100)} points and F_Comp > ${fixed(a.different * 100)}% in either direction`;
}

/** Per variant: the score deltas, Jaccard of the selections and the flag. */
export function changesTable(a: Ablation): Table {
  const emphasis = new Set<string>();
  const rows = a.variants.map((v, i) => {
    if (v.sameScoreDifferentBehaviour === true) emphasis.add(`${i}:7`);
    return [
      v.name, signedPoints(v.deltaP), signedPoints(v.deltaR), signedPoints(v.deltaF), signedPoints(v.deltaSer),
      signedPoints(v.deltaK), percent(v.jaccard), flagText(v.sameScoreDifferentBehaviour),
    ];
  });
  return {
    title: `Changes against ${a.baseline} — variant − baseline, in points${matchTypesSuffix(a.match, a.types)}`,
    columns: [
      { header: 'variant' }, { header: 'ΔP', align: 'right' }, { header: 'ΔR', align: 'right' },
      { header: `Δ${fName(a)}`, align: 'right' }, { header: 'ΔSER', align: 'right' }, { header: `Δ${kName(a)}`, align: 'right' },
      { header: 'Jaccard', align: 'right' }, { header: 'flagged' },
    ],
    rows,
    emphasis,
    note: `ΔSER > 0: the variant makes more slot errors. Jaccard: overlap of the two selections (%). `
      + `flagged: same score, different behaviour — ${flagRule(a)}; — when undefined complementarity leaves it open.`,
  };
}

/**
 * Complementarity both ways, two rows per variant: "variant → baseline" is Comp(baseline,
 * variant), what the variant offers the baseline, whose numerators are the items gained
 * (baseline misses it finds) and removed (baseline's spurious items it avoids); "baseline →
 * variant" is Comp(variant, baseline), with the items lost and introduced.
 */
export function complementarityTable(a: Ablation): Table {
  const rows: string[][] = [];
  const shade: (number | null)[][] = [];
  const cells = (d: CompDirection, found: number, avoided: number) =>
    [String(found), percent(d.rComp), String(avoided), percent(d.pComp), percent(d.fComp)];
  const shades = (d: CompDirection) => [null, null, null, d.rComp, null, d.pComp, d.fComp];
  for (const v of a.variants) {
    rows.push([v.name, 'variant → baseline', ...cells(v.fromVariant, v.gainedCount, v.removedCount)]);
    rows.push(['', 'baseline → variant', ...cells(v.fromBaseline, v.lostCount, v.introducedCount)]);
    shade.push(shades(v.fromVariant), shades(v.fromBaseline));
  }
  return {
    title: `Complementarity (%) — what each offers the other (Derczynski 2016)${matchTypesSuffix(a.match, a.types)}`,
    columns: [
      { header: 'variant' }, { header: 'offered' }, { header: 'finds', align: 'right' }, { header: 'R_Comp', align: 'right' },
      { header: 'avoids', align: 'right' }, { header: 'P_Comp', align: 'right' }, { header: 'F_Comp', align: 'right' },
    ],
    rows,
    shade,
    note: 'X → Y: what X offers Y, i.e. Comp(Y, X). finds: gold items Y misses that X finds (R_Comp = finds / FN_Y); '
      + "avoids: Y's spurious items X does not return (P_Comp = avoids / FP_Y). "
      + 'variant → baseline counts the items gained and removed; baseline → variant the items lost and introduced. '
      + '— undefined: Y has nothing to fix.',
  };
}

/** The full count of one list of a variant. */
export function changeCount(v: VariantAblation, list: ChangeList): number {
  switch (list) {
    case 'gained': return v.gainedCount;
    case 'lost': return v.lostCount;
    case 'introduced': return v.introducedCount;
    case 'removed': return v.removedCount;
  }
}

function exampleRow(list: ChangeList, e: ItemExample): string[] {
  return [list, e.doc, String(e.sentence), `${e.start}-${e.end}`, e.label === null ? UNDEFINED : typeName(e.label), e.text];
}

/** One variant's example items, or `undefined` when it has none to show. */
export function examplesTable(a: Ablation, v: VariantAblation): Table | undefined {
  const rows = CHANGE_LISTS.flatMap((list) => v[list].map((e) => exampleRow(list, e)));
  if (rows.length === 0) {
    if (CHANGE_LISTS.every((list) => changeCount(v, list) === 0)) return undefined;
    // No examples asked for (--examples 0): the counts alone, which are always complete.
    return {
      title: `Changed items — ${v.name} against ${a.baseline}${matchTypesSuffix(a.match, a.types)}`,
      columns: [{ header: 'change' }, { header: 'items', align: 'right' }],
      rows: CHANGE_LISTS.map((list) => [list, String(changeCount(v, list))]),
    };
  }
  const counts = CHANGE_LISTS.map((list) => `${list} ${changeCount(v, list)}`).join(', ');
  return {
    title: `Examples — ${v.name} against ${a.baseline}: ${counts} (first ${a.examples} of each)${matchTypesSuffix(a.match, a.types)}`,
    columns: [
      { header: 'change' }, { header: 'document' }, { header: 'sentence', align: 'right' }, { header: 'offsets', align: 'right' },
      { header: 'label' }, { header: 'text' },
    ],
    rows,
  };
}

/** The note under the last examples table: what the lists mean. */
function examplesNote(a: Ablation): string {
  // A sentence's number is its place in the corpus, as compare's examples give it: "doc03,
  // sentence 7" is the corpus's seventh sentence, which would otherwise read as the document's.
  const unit = 'offsets within the sentence, end exclusive';
  return `${CHANGE_LISTS.map((l) => `${l}: ${CHANGE_MEANING[l]}`).join('; ')}. Sentences count from 1 over the whole corpus, not within the document, ${unit}`
    + `${a.match === 'boundary' ? '; labels are not compared under boundary match' : ''}.`;
}

/** The tables of `complan ablate`: scores, changes, complementarity, then examples per variant. */
export function ablateTables(a: Ablation): Table[] {
  checkReport(a, ABLATION_KEYS, ABLATION);
  const examples = a.variants.map((v) => examplesTable(a, v)).filter((t): t is Table => t !== undefined);
  if (examples.length > 0) examples[examples.length - 1] = { ...examples[examples.length - 1], note: examplesNote(a) };
  return [scoresTable(a), changesTable(a), complementarityTable(a), ...examples];
}

/** LaTeX of {@link ablateTables} ({@link renderLatex} puts Δ, → and | in math mode, as pdflatex needs). */
export function ablateLatex(a: Ablation): string {
  checkReport(a, ABLATION_KEYS, ABLATION);
  return renderLatex(ablateTables(a));
}

function scoresJson(s: AblationScores): object {
  return {
    tp: s.tp, fp: s.fp, fn: s.fn,
    precision: jsonNumber(s.precision), recall: jsonNumber(s.recall), f: jsonNumber(s.f), k: jsonNumber(s.k),
    c: s.c, s: s.s, d: s.d, i: s.i, ser: jsonNumber(s.ser),
  };
}

function directionJson(d: CompDirection): object {
  return { pComp: jsonNumber(d.pComp), rComp: jsonNumber(d.rComp), fComp: jsonNumber(d.fComp), fBetaComp: jsonNumber(d.fBetaComp) };
}

/**
 * The JSON document of `complan ablate`: the run's settings, the baseline's scores and, per
 * variant, the deltas and rates as unrounded fractions (`null` where undefined), the counts of
 * the four lists in full and their first `examples` items.
 */
export function ablateJson(a: Ablation): object {
  checkReport(a, ABLATION_KEYS, ABLATION);
  return {
    schemaVersion: ABLATE_SCHEMA_VERSION,
    baseline: a.baseline,
    match: a.match,
    beta: a.beta,
    kAlpha: a.kAlpha,
    zeroDivision: a.zeroDivision,
    types: a.types ?? null,
    goldItems: a.goldItems,
    sameF: a.sameF,
    different: a.different,
    examples: a.examples,
    baselineScores: scoresJson(a.baselineScores),
    variants: a.variants.map((v) => ({
      name: v.name,
      deltaP: jsonNumber(v.deltaP),
      deltaR: jsonNumber(v.deltaR),
      deltaF: jsonNumber(v.deltaF),
      deltaSer: jsonNumber(v.deltaSer),
      deltaK: jsonNumber(v.deltaK),
      fromVariant: directionJson(v.fromVariant),
      fromBaseline: directionJson(v.fromBaseline),
      jaccard: jsonNumber(v.jaccard),
      sameScoreDifferentBehaviour: v.sameScoreDifferentBehaviour,
      gainedCount: v.gainedCount,
      lostCount: v.lostCount,
      introducedCount: v.introducedCount,
      removedCount: v.removedCount,
      gained: v.gained,
      lost: v.lost,
      introduced: v.introduced,
      removed: v.removed,
      scores: scoresJson(v.scores),
    })),
  };
}

/** The CSV columns, after `variant` and `baseline`. */
export const ABLATE_CSV_FIELDS = [
  'deltaP', 'deltaR', 'deltaF', 'deltaSer', 'deltaK',
  'fromVariantPComp', 'fromVariantRComp', 'fromVariantFComp', 'fromBaselinePComp', 'fromBaselineRComp', 'fromBaselineFComp',
  'jaccard', 'sameScoreDifferentBehaviour', 'gainedCount', 'lostCount', 'introducedCount', 'removedCount',
  'tp', 'fp', 'fn', 'precision', 'recall', 'f', 'ser', 'k',
] as const;

/** CSV with one row per variant, every numeric field unrounded; undefined values are empty. */
export function ablateCsv(a: Ablation): string {
  return renderCsv(['variant', 'baseline', ...ABLATE_CSV_FIELDS], ablateCsvRows(a));
}

/** The rows of {@link ablateCsv}: the variant, the baseline, then {@link ABLATE_CSV_FIELDS}. */
export function ablateCsvRows(a: Ablation): string[][] {
  checkReport(a, ABLATION_KEYS, ABLATION);
  const num = (x: number | null) => {
    const v = jsonNumber(x);
    return v === null ? '' : String(v);
  };
  const rows = a.variants.map((v) => [
    v.name, a.baseline,
    num(v.deltaP), num(v.deltaR), num(v.deltaF), num(v.deltaSer), num(v.deltaK),
    num(v.fromVariant.pComp), num(v.fromVariant.rComp), num(v.fromVariant.fComp),
    num(v.fromBaseline.pComp), num(v.fromBaseline.rComp), num(v.fromBaseline.fComp),
    num(v.jaccard), v.sameScoreDifferentBehaviour === null ? '' : String(v.sameScoreDifferentBehaviour),
    String(v.gainedCount), String(v.lostCount), String(v.introducedCount), String(v.removedCount),
    String(v.scores.tp), String(v.scores.fp), String(v.scores.fn),
    num(v.scores.precision), num(v.scores.recall), num(v.scores.f), num(v.scores.ser), num(v.scores.k),
  ]);
  return rows;
}
