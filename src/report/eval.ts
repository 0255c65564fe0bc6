/**
 * Renderings of an {@link EvalReport}: the JSON document (schemaVersion 1), tables for text,
 * Markdown and LaTeX, and a long-format CSV. Pure functions of the report.
 */
import type { EvalReport, SystemScores } from '../metrics/evaluate.js';
import type { PRF } from '../metrics/prf.js';
import { confusionJson } from './confusion.js';
import { conllevalPercent, fixed, jsonNumber, percent } from './number.js';
import { schemasJson, schemasTables } from './schemas.js';
import type { Table } from './table.js';
import { renderCsv } from './table.js';
import { typeName } from './type-name.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';
import { checkReport, EVAL_REPORT, EVAL_REPORT_KEYS } from './report-check.js';

export const SCHEMA_VERSION = 1;

const prfJson = (x: PRF | null | undefined) =>
  x == null ? null : { precision: jsonNumber(x.precision), recall: jsonNumber(x.recall), f: jsonNumber(x.f) };

/** What the JSON adds on request: each system's type-confusion matrix (`eval --confusion`). */
export interface EvalJsonOptions {
  confusion?: boolean;
}

/** Every option {@link evalJson} takes (any other key is refused). */
export const EVAL_JSON_OPTION_KEYS = ['confusion'] as const satisfies readonly (keyof EvalJsonOptions)[];
type _EvalJsonOptionKeysListed = NoneMissing<Exclude<keyof EvalJsonOptions, (typeof EVAL_JSON_OPTION_KEYS)[number]>>;

/** The JSON document of `complan eval`: every raw count, rates as fractions, nulls for undefined. */
export function evalJson(r: EvalReport, options: EvalJsonOptions = {}): object {
  checkReport(r, EVAL_REPORT_KEYS, EVAL_REPORT);
  checkOptionKeys('options', options, EVAL_JSON_OPTION_KEYS);
  const o = r.options;
  return {
    schemaVersion: SCHEMA_VERSION,
    match: o.match,
    beta: o.beta,
    kAlpha: o.kAlpha,
    zeroDivision: o.zeroDivision,
    serWeights: o.serWeights,
    types: o.types ?? null,
    gold: { dialect: null, ...r.gold },
    systems: r.systems.map((s) => ({
      name: s.name,
      source: s.source,
      format: s.format,
      dialect: s.dialect ?? null,
      scheme: s.scheme ?? null,
      tp: s.tp, fp: s.fp, fn: s.fn,
      precision: jsonNumber(s.precision), recall: jsonNumber(s.recall), f: jsonNumber(s.f), k: jsonNumber(s.k),
      c: s.c, s: s.s, d: s.d, i: s.i,
      e: jsonNumber(s.e), err: jsonNumber(s.err), ser: jsonNumber(s.ser), weightedSer: jsonNumber(s.weightedSer),
      graded: prfJson(s.graded),
      byType: Object.fromEntries(Object.entries(s.byType).map(([label, t]) => [label, {
        tp: t.tp, fp: t.fp, fn: t.fn, precision: jsonNumber(t.precision), recall: jsonNumber(t.recall), f: jsonNumber(t.f),
      }])),
      macro: { doc: prfJson(s.macro.doc), type: prfJson(s.macro.type) },
      byDocument: s.byDocument.map((d) => ({
        id: d.id, tp: d.tp, fp: d.fp, fn: d.fn, precision: jsonNumber(d.precision), recall: jsonNumber(d.recall), f: jsonNumber(d.f),
      })),
      indicators: Object.fromEntries(Object.entries(s.indicators).map(([k, v]) => [k, typeof v === 'number' ? jsonNumber(v) : v])),
      tokenAccuracy: jsonNumber(s.tokenAccuracy),
      tokenTally: s.tokenTally,
      ...(options.confusion === true ? { confusion: confusionJson(s.confusion) } : {}),
      ...(s.schemas !== undefined ? { schemas: schemasJson(s.schemas) } : {}),
      warnings: s.warnings,
    })),
  };
}

/**
 * P/R/F as conlleval prints them: percentages computed as 100·num/den, F from the two
 * percentages (β = 1 only); other β and zero-division conventions use the library's fractions.
 */
function shownPrf(s: SystemScores | (PRF & { tp: number; fp: number; fn: number }), r: EvalReport): [string, string, string] {
  const o = r.options;
  if (o.beta === 1 && o.zeroDivision === 'gerbil' && s.tp > 0) {
    const p = conllevalPercent(s.tp, s.tp + s.fp);
    const rc = conllevalPercent(s.tp, s.tp + s.fn);
    return [fixed(p), fixed(rc), fixed(p + rc === 0 ? 0 : (2 * p * rc) / (p + rc))];
  }
  return [percent(s.precision), percent(s.recall), percent(s.f)];
}

/** Row indices holding the maximum (or minimum) of a numeric column. */
function best(values: number[], higher = true): Set<number> {
  const finite = values.filter((v) => Number.isFinite(v));
  if (values.length < 2 || finite.length === 0) return new Set();
  const target = higher ? Math.max(...finite) : Math.min(...finite);
  return new Set(values.flatMap((v, i) => (v === target ? [i] : [])));
}

function mark(emphasis: Set<string>, rows: Set<number>, col: number): void {
  for (const r of rows) emphasis.add(`${r}:${col}`);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Describes the run in one line, e.g. for table titles. */
export function evalHeadline(r: EvalReport): string {
  const g = r.gold;
  const o = r.options;
  const size = count(g.length, g.unit === 'token' ? 'token' : 'character');
  const beta = o.beta === 1 ? 'F1' : `F${o.beta}`;
  const types = o.types ? `, types ${o.types.map(typeName).join(',')}` : '';
  return `${count(g.items, 'gold item')} in ${count(g.documents, 'document')} (${count(g.sentences, g.unit === 'token' ? 'sentence' : 'record')}, ${size}); ${o.match} match, ${beta}${types}`;
}

const ACCURACY_NOTE = 'acc: conlleval\'s accuracy, the share of tokens tagged as in the gold (— for a system read as spans).';

/** Which JSONL dialect each JSONL input was read as, e.g. `JSONL read as: gold huggingface; crf spacy.` */
export function dialectNote(r: EvalReport): string | undefined {
  const read = [
    ...(r.gold.dialect === undefined ? [] : [`gold (${r.gold.dialect})`]),
    ...r.systems.flatMap((s) => (s.dialect === undefined ? [] : [`${s.name} (${s.dialect})`])),
  ];
  return read.length === 0 ? undefined : `JSONL read as: ${read.join(', ')}.`;
}

/**
 * Where a system's tags are in another scheme than the gold's (IOBES against IOB2, say): acc
 * compares whole tags, so every tag the two schemes write differently counts as wrong, though the
 * entities, and every other score, are the same. Undefined when no system's acc is so affected.
 */
export function schemeNote(r: EvalReport): string | undefined {
  const gold = r.gold.scheme;
  if (gold === undefined) return undefined;
  const other = r.systems.filter((s) => s.tokenTally !== null && s.scheme !== undefined && s.scheme !== gold);
  if (other.length === 0) return undefined;
  const which = other.map((s) => `${s.name} (${s.scheme!.toUpperCase()})`).join(', ');
  return `acc compares whole tags, and ${which} ${other.length === 1 ? 'is' : 'are'} in another scheme than the gold (${gold.toUpperCase()}): `
    + `every tag the two schemes write differently counts as wrong in ${other.length === 1 ? 'its' : 'their'} acc, while the entities and the other scores are unaffected `
    + `(combine --out-scheme ${gold} writes an ensemble in the gold's).`;
}

/** What the K column is: Nakache's K-measure, with the run's α and β. */
export function kNote(r: EvalReport): string {
  const { kAlpha, beta } = r.options;
  return `K: the K-measure (1+β²)(P·R)^α/(β²P+R) with α=${kAlpha}, β=${beta}${kAlpha === 1 ? ` (at α=1 it equals F${beta})` : ''}.`;
}

/** The note under the scores: what K and acc (when shown) are, a scheme that lowers acc, and the JSONL dialects read. */
function scoreNote(accuracy: boolean, r: EvalReport): string {
  const schemes = accuracy ? schemeNote(r) : undefined;
  const graded = r.systems.some((s) => s.graded !== undefined)
    ? [`graded ${r.options.beta === 1 ? 'F1' : `F${r.options.beta}`}: each substitution earns 1 − d of a correct item, d its types' distance (--label-distance).`]
    : [];
  // conlleval's accuracy counts every token's tag: --types does not narrow it.
  const acc = r.options.types === undefined ? ACCURACY_NOTE : ACCURACY_NOTE.replace(' (—', ', every type whatever --types (—');
  const notes = [kNote(r), ...graded, ...(accuracy ? [acc] : []), ...(schemes === undefined ? [] : [schemes]), ...(dialectNote(r) === undefined ? [] : [dialectNote(r)!])];
  return notes.join(' ');
}

/**
 * What the later tables' titles repeat when it is not the default (a table copied alone, or a
 * LaTeX float, keeps it): the match mode and the types, as ` — boundary match, types PER,LOC`;
 * empty with the defaults.
 */
export function evalContext(r: EvalReport): string {
  const o = r.options;
  return o.match !== 'strict' || o.types !== undefined
    ? ` — ${o.match} match${o.types === undefined ? '' : `, types ${o.types.map(typeName).join(',')}`}`
    : '';
}

/** The tables of `complan eval`: scores, errors, per type, macro, indicators. */
export function evalTables(r: EvalReport): Table[] {
  checkReport(r, EVAL_REPORT_KEYS, EVAL_REPORT);
  const o = r.options;
  const fName = o.beta === 1 ? 'F1' : `F${o.beta}`;
  const kName = o.kAlpha === 1 ? 'K' : `K(α=${o.kAlpha})`;
  const sys = r.systems;
  const context = evalContext(r);

  const scoreEmph = new Set<string>();
  mark(scoreEmph, best(sys.map((s) => s.f)), 6);
  const graded = sys.some((s) => s.graded !== undefined);
  const accuracy = sys.some((s) => s.tokenTally !== null);
  const scores: Table = {
    title: `Scores — ${evalHeadline(r)}`,
    columns: [
      { header: 'system' }, { header: 'TP', align: 'right' }, { header: 'FP', align: 'right' }, { header: 'FN', align: 'right' },
      { header: 'P', align: 'right' }, { header: 'R', align: 'right' }, { header: fName, align: 'right' },
      { header: kName, align: 'right' },
      ...(graded ? [{ header: `graded ${fName}`, align: 'right' as const }] : []),
      ...(accuracy ? [{ header: 'acc', align: 'right' as const }] : []),
    ],
    rows: sys.map((s) => [
      s.name, String(s.tp), String(s.fp), String(s.fn), ...shownPrf(s, r), percent(s.k),
      ...(graded ? [percent(s.graded?.f)] : []),
      ...(accuracy ? [s.tokenTally === null ? fixed(null) : fixed(conllevalPercent(s.tokenTally.correct, s.tokenTally.tokens))] : []),
    ]),
    emphasis: scoreEmph,
    ...(scoreNote(accuracy, r) === undefined ? {} : { note: scoreNote(accuracy, r) }),
  };

  const weighted = o.serWeights.s !== 1 || o.serWeights.d !== 1 || o.serWeights.i !== 1;
  const errEmph = new Set<string>();
  mark(errEmph, best(sys.map((s) => s.ser), false), 7);
  const errors: Table = {
    title: `Slot errors (Makhoul et al. 1999): C correct, S substituted, D deleted, I inserted${context}`,
    columns: [
      { header: 'system' }, { header: 'C', align: 'right' }, { header: 'S', align: 'right' }, { header: 'D', align: 'right' },
      { header: 'I', align: 'right' }, { header: `E=1-${fName}`, align: 'right' }, { header: 'ERR', align: 'right' },
      { header: 'SER', align: 'right' },
      ...(weighted ? [{ header: `wSER(${o.serWeights.s},${o.serWeights.d},${o.serWeights.i})`, align: 'right' as const }] : []),
    ],
    rows: sys.map((s) => [
      s.name, String(s.c), String(s.s), String(s.d), String(s.i), percent(s.e), percent(s.err), percent(s.ser),
      ...(weighted ? [percent(s.weightedSer)] : []),
    ]),
    emphasis: errEmph,
    note: 'ERR = (S+D+I)/(N+I), SER = (S+D+I)/N with N gold items; SER may exceed 100.',
  };

  const typeRows: string[][] = [];
  for (const s of sys) {
    for (const [label, t] of Object.entries(s.byType)) {
      typeRows.push([s.name, typeName(label), String(t.tp), String(t.fp), String(t.fn), ...shownPrf(t, r)]);
    }
  }
  const byType: Table = {
    title: `Per type${context}`,
    columns: [
      { header: 'system' }, { header: 'type' }, { header: 'TP', align: 'right' }, { header: 'FP', align: 'right' },
      { header: 'FN', align: 'right' }, { header: 'P', align: 'right' }, { header: 'R', align: 'right' }, { header: fName, align: 'right' },
    ],
    rows: typeRows,
  };

  const macro: Table = {
    title: `Macro averages (mean of per-unit P, R and F)${context}`,
    columns: [
      { header: 'system' },
      { header: 'doc P', align: 'right' }, { header: 'doc R', align: 'right' }, { header: `doc ${fName}`, align: 'right' },
      { header: 'type P', align: 'right' }, { header: 'type R', align: 'right' }, { header: `type ${fName}`, align: 'right' },
    ],
    rows: sys.map((s) => [
      s.name, percent(s.macro.doc?.precision), percent(s.macro.doc?.recall), percent(s.macro.doc?.f),
      percent(s.macro.type?.precision), percent(s.macro.type?.recall), percent(s.macro.type?.f),
    ]),
    note: `Zero division: ${o.zeroDivision}${o.zeroDivision === 'gerbil' ? ' (a unit with nothing to find and nothing found scores 100)' : ''}.`,
  };

  const basis = sys[0]?.indicators.basis ?? 'tokens';
  const ind: Table = {
    title: `Contingency indicators (Nakache et al. 2005) over ${basis === 'tokens' ? 'tokens: inside an entity or not' : 'the item universe'}${context}`,
    columns: [
      { header: 'system' }, ...['prec', 'rec', 'pert', 'error', 'fallout', 'silence', 'spec', 'noise', 'overlap', 'gen']
        .map((h) => ({ header: h, align: 'right' as const })),
    ],
    rows: sys.map((s) => {
      const x = s.indicators;
      return [s.name, ...[x.precision, x.recall, x.pertinence, x.error, x.fallout, x.silence, x.specificity, x.noise, x.overlap, x.generality]
        .map((v) => percent(v))];
    }),
  };
  return [scores, errors, byType, macro, ind, ...schemasTables(r)];
}

/** Long-format CSV: one row per system for all types ("*"), then one per system and type. */
export function evalCsv(r: EvalReport): string {
  checkReport(r, EVAL_REPORT_KEYS, EVAL_REPORT);
  const header = ['system', 'type', 'tp', 'fp', 'fn', 'precision', 'recall', 'f', 'k', 'c', 's', 'd', 'i', 'e', 'err', 'ser',
    'macro_doc_f', 'macro_type_f', 'token_accuracy'];
  const num = (x: number | null | undefined) => {
    const v = jsonNumber(x);
    return v === null ? '' : String(v);
  };
  const rows: string[][] = [];
  for (const s of r.systems) {
    rows.push([s.name, '*', String(s.tp), String(s.fp), String(s.fn), num(s.precision), num(s.recall), num(s.f), num(s.k),
      String(s.c), String(s.s), String(s.d), String(s.i), num(s.e), num(s.err), num(s.ser), num(s.macro.doc?.f), num(s.macro.type?.f),
      num(s.tokenAccuracy)]);
    for (const [label, t] of Object.entries(s.byType)) {
      rows.push([s.name, label, String(t.tp), String(t.fp), String(t.fn), num(t.precision), num(t.recall), num(t.f),
        '', '', '', '', '', '', '', '', '', '', '']);
    }
  }
  return renderCsv(header, rows);
}
