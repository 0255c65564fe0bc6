/**
 * Label lists: the names of a dataset's integer class ids (Hugging Face `ner_tags`), in id order,
 * so that id k reads as the tag `labels[k]`.
 */
import { InputError, showValue, UsageError } from '../errors.js';
import { MAX_JSON_DEPTH, tooDeepAt } from './json-file.js';
import { jsonFileDetail, jsonSyntax } from './json-syntax.js';

/**
 * A label list from a file's text: a JSON array of strings (`features["ner_tags"].feature.names`),
 * a JSON object mapping ids to labels (a model's `id2label`, or its whole `config.json`), or one
 * label a line (white space around a label ignored, blank lines at the end allowed).
 *
 * @throws InputError naming `source` (and the line, for a list of lines) when the text is none
 *   of these, or a label is empty or repeated, or ids of an `id2label` skip a number.
 */
export function parseLabelList(text: string, source: string): string[] {
  const body = text.replace(/^\uFEFF/, '');
  const head = body.trimStart()[0];
  if (head === '[' || head === '{') return fromJson(body, source);
  const lines = body.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const labels = lines.map((l) => l.trim());
  const blank = labels.indexOf('');
  if (blank >= 0) throw new InputError('blank line: expected one label a line (the label of id k on line k + 1)', source, blank + 1);
  if (labels.length === 0) throw new InputError('no labels: expected a JSON array of label names, or one label a line', source);
  const twice = repeated(labels);
  if (twice !== undefined) throw new InputError(`label ${showValue(labels[twice[1]])} appears twice (ids ${twice[0]} and ${twice[1]})`, source, twice[1] + 1);
  return labels;
}

/**
 * A label list given on the command line, `O,B-PER,I-PER` (white space around a label ignored).
 *
 * @throws UsageError about `labels` for an empty or repeated label.
 */
export function splitLabelList(list: string): string[] {
  const labels = list.split(',').map((l) => l.trim());
  const empty = labels.indexOf('');
  if (empty >= 0) throw UsageError.about('labels', `label ${empty + 1} of ${labels.length} is empty (expected names separated by commas, such as O,B-PER,I-PER)`);
  const twice = repeated(labels);
  if (twice !== undefined) throw UsageError.about('labels', `label ${showValue(labels[twice[1]])} appears twice (ids ${twice[0]} and ${twice[1]})`);
  return labels;
}

function fromJson(body: string, source: string): string[] {
  const deep = tooDeepAt(body);
  if (deep > 0) throw new InputError(`expected a JSON array of label names: lists and objects nested more than ${MAX_JSON_DEPTH} levels deep`, source, deep);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    const why = jsonSyntax((err as Error).message, body);
    throw new InputError(jsonFileDetail('a JSON array of label names', why), source, why.line);
  }
  if (isObject(value) && isObject(value.id2label)) value = value.id2label;
  let labels: unknown[];
  if (Array.isArray(value)) labels = value;
  else if (isObject(value)) {
    const map = value;
    const keys = Object.keys(map);
    labels = keys.map((_, k) => map[String(k)]);
    const gap = labels.indexOf(undefined);
    if (gap >= 0) throw new InputError(`expected ids 0 to ${keys.length - 1} as keys (an id2label object), but id ${gap} is missing`, source);
  } else throw new InputError('expected a JSON array of label names, or an id2label object', source);
  const bad = labels.findIndex((l) => typeof l !== 'string' || l === '');
  if (bad >= 0) throw new InputError(`label of id ${bad} is ${showValue(labels[bad])}, expected a non-empty string`, source);
  if (labels.length === 0) throw new InputError('no labels: the list is empty', source);
  const names = labels as string[];
  const twice = repeated(names);
  if (twice !== undefined) throw new InputError(`label ${showValue(names[twice[1]])} appears twice (ids ${twice[0]} and ${twice[1]})`, source);
  return names;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The ids of the first label that repeats an earlier one: [earlier, later]. */
function repeated(labels: readonly string[]): [number, number] | undefined {
  const seen = new Map<string, number>();
  for (let k = 0; k < labels.length; k++) {
    const prev = seen.get(labels[k]);
    if (prev !== undefined) return [prev, k];
    seen.set(labels[k], k);
  }
  return undefined;
}
