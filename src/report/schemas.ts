/**
 * Renderings of the SemEval-2013 schemas of `eval --schemas` (metrics/schemas.ts): their JSON
 * and two tables, overall and by type. Pure functions of the report.
 */
import type { EvalReport } from '../metrics/evaluate.js';
import { SCHEMA_NAMES, type SchemaCounts, type SchemaScores, type SchemasReport } from '../metrics/schemas.js';
import { jsonNumber, percent } from './number.js';
import type { Table } from './table.js';
import { typeName } from './type-name.js';
import { typesSuffix } from './table-context.js';
import { checkReport, EVAL_REPORT, EVAL_REPORT_KEYS } from './report-check.js';

function countsJson(c: SchemaCounts): object {
  return {
    cor: c.cor, inc: c.inc, par: c.par, mis: c.mis, spu: c.spu, possible: c.possible, actual: c.actual,
    precision: jsonNumber(c.precision), recall: jsonNumber(c.recall), f: jsonNumber(c.f),
  };
}

function scoresJson(s: SchemaScores): Record<string, object> {
  return Object.fromEntries(SCHEMA_NAMES.map((name) => [name, countsJson(s[name])]));
}

/** `systems[].schemas`: `{strict, exact, partial, ent_type}` with lower-case counts and fractions, and `byType`. */
export function schemasJson(r: SchemasReport): object {
  return {
    ...scoresJson(r),
    byType: Object.fromEntries(Object.entries(r.byType).map(([label, s]) => [label, scoresJson(s)])),
  };
}

const COUNT_HEADERS = ['COR', 'INC', 'PAR', 'MIS', 'SPU', 'POS', 'ACT'];

function cells(c: SchemaCounts): string[] {
  return [c.cor, c.inc, c.par, c.mis, c.spu, c.possible, c.actual].map(String).concat([percent(c.precision), percent(c.recall), percent(c.f)]);
}

/** The schema tables of an eval report: none unless it was made with `schemas`. */
export function schemasTables(r: EvalReport): Table[] {
  checkReport(r, EVAL_REPORT_KEYS, EVAL_REPORT);
  const systems = r.systems.filter((s) => s.schemas !== undefined);
  if (systems.length === 0) return [];
  const fName = r.options.beta === 1 ? 'F1' : `F${r.options.beta}`;
  const numeric = [...COUNT_HEADERS, 'P', 'R', fName].map((header) => ({ header, align: 'right' as const }));
  const overall: Table = {
    title: `SemEval-2013 schemas (as nervaluate counts them): COR correct, INC incorrect, PAR partial, MIS missed, SPU spurious${typesSuffix(r.options.types)}`,
    columns: [{ header: 'system' }, { header: 'schema' }, ...numeric],
    rows: systems.flatMap((s) => SCHEMA_NAMES.map((name) => [s.name, name, ...cells(s.schemas![name])])),
    note: 'strict: same boundaries and type; exact: same boundaries; partial: overlap, half credit; ent_type: overlap and same type. '
      + 'POS = COR+INC+PAR+MIS, ACT = COR+INC+PAR+SPU; P = (COR + PAR/2)/ACT, R = (COR + PAR/2)/POS. Overlapping spans are paired one to one, as many as possible.',
  };
  const byType: Table = {
    title: `SemEval-2013 schemas per type (COR, INC, PAR, MIS under the gold type; SPU under the predicted type)${typesSuffix(r.options.types)}`,
    columns: [{ header: 'system' }, { header: 'type' }, { header: 'schema' }, ...numeric],
    rows: systems.flatMap((s) => Object.entries(s.schemas!.byType)
      .flatMap(([label, t]) => SCHEMA_NAMES.map((name) => [s.name, typeName(label), name, ...cells(t[name])]))),
  };
  return [overall, byType];
}
