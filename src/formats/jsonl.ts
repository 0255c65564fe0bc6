/**
 * JSONL reader: one JSON object per line, each a segment with its spans.
 */
import { InputError, showValue } from '../errors.js';
import { jsonSyntax } from './json-syntax.js';
import { readCharTokens } from './char-tokens.js';
import { codePointLength, codePointsToUnits } from './codepoints.js';
import { decodeTags, detectScheme, newEvidence } from './chunking.js';
import { dialectOf, ENTITY_KEYS, recordShape, type JsonlDialect } from './jsonl-dialect.js';
import { JsonlTokenVerifier } from './jsonl-verify.js';
import { forEachLine } from './lines.js';
import { EMPTY_SPAN_HINT, newSegment, noneDropped, type RawSpan, type ReadOptions, type ReadSummary, type SegmentSink } from './segment.js';

/** Keys that may hold a span object's label, in order of preference. */
const LABEL_KEYS = ['label', 'type', 'tag'] as const;

type JsonObject = Record<string, unknown>;

/**
 * Reads a JSONL file of records, handing one segment per record to `sink`.
 *
 * Each non-blank line must be a JSON object with `tokens` (an array of strings: span offsets are
 * token indices) or `text` (a string: offsets count its characters as Python does, i.e. Unicode
 * code points, and are converted to UTF-16 offsets so that `text.slice(start, end)` is the span
 * even after an emoji). Which key holds the entities, and so the record's dialect, is told from
 * its keys (see jsonl-dialect.ts): `spans`, `entities` or `ner` (token offsets with `tokens`,
 * character offsets with only `text`, or with `text` and `tokens` given as `{start, end}` objects),
 * each `{start, end, label}` (`type` or `tag` also name the label, and so does `labels`, a list
 * of one; doccano's `start_offset` and `end_offset` stand for `start` and `end`) or
 * `[start, end, label]`; spaCy's `ents` and doccano's `labels` (or `label` as a list),
 * character offsets into `text`; or, with `tokens`, `ner_tags` (BIO-style tag strings, or integer
 * class ids named by `opts.labels`, decoded as {@link decodeTags} does, with the scheme detected
 * over the whole file and returned in the summary). Records whose tokens are `{start, end}`
 * objects (spaCy, Prodigy) carry them as {@link Segment.charTokens}. The dialects met are named
 * in the summary. `id` and `doc_id` (string or number) become the segment's `id` and `docId`.
 * A record whose tokens are `-DOCSTART-` alone, with no entity (a CoNLL file turned into rows),
 * is a document marker as the CoNLL line is: the next record starts a document, and the summary
 * counts it in `markers`. A UTF-8 BOM and CRLF line ends are accepted. A file none of whose records has a list of
 * entities under a key read here is read as finding nothing, with a warning in the summary.
 *
 * A discontinuous span (as BRAT has, and as complan's JSONL writer writes) is an object with
 * `fragments`: `{"start": 0, "end": 9, "label": "X", "fragments": [[0, 3], [6, 9]]}`, offsets
 * in the same unit as `start`/`end`. The fragments are sorted by start then end; `start` must be
 * the first fragment's start and `end` the largest fragment end (their hull). A single fragment
 * equal to `[start, end]` is a contiguous span (no `fragments` in the segment).
 *
 * Identical spans repeated in one record are kept once, with a warning; overlapping or nested
 * spans that differ are kept as they are. `opts.role` does not change anything: gold and system
 * files are read alike, and JSONL never carries embedded gold.
 *
 * @throws InputError naming `path:line` for a line that is not a JSON object, a record with
 *   neither tokens nor text, a malformed field, a span whose offsets are not integers with
 *   0 ≤ start < end ≤ record length or whose label is not a string (the empty string is the
 *   untyped type), `ner_tags` whose
 *   length differs from the tokens', integer `ner_tags` without `opts.labels` or with an id it
 *   lacks, entities under a key no dialect reads (a record with no entity key but another key
 *   that could hold them), two entity keys in one record,
 *   an invalid tag (or, with `opts.strictScheme` or `invalid: 'reject'`, an invalid transition;
 *   with `invalid: 'drop'`, a prefix the scheme does not have); and for a file that
 *   cannot be read or is not UTF-8.
 */
export function readJsonl(path: string, opts: ReadOptions, sink: SegmentSink): ReadSummary {
  const warnings: string[] = [];
  const evidence = newEvidence();
  const dropped = noneDropped();
  let usedTags = false;
  let segments = 0;
  // Records with no entity key, and the keys of the first: a file none of whose records has one
  // reads as finding nothing, which the summary warns of (a record alone may have no entities).
  let keyless = 0;
  let keylessKeys: string | undefined;
  let markers = 0;
  let docBreak = false;
  // Non-blank lines read, so the first can be told from the others.
  let records = 0;
  const dialects: JsonlDialect[] = [];
  const verifier = opts.expect === undefined ? undefined : new JsonlTokenVerifier(opts.expect);
  const lines = forEachLine(path, (raw, line, unended) => {
    // A record line starts with its brace; only other lines need trimming to tell if blank.
    if (raw.charCodeAt(0) !== 123 && raw.trim() === '') return;
    const fail = (detail: string): never => {
      throw new InputError(detail, path, line);
    };
    // A system record whose tokens are the next reference sentence's is parsed without them.
    const verified = verifier?.parse(raw);
    const rec = verified?.rec ?? parseRecord(raw, records === 0, fail, unended);
    records++;
    const segment = newSegment(line, path);
    if (verified === undefined && rec.tokens === undefined && rec.text === undefined) {
      const keys = Object.keys(rec);
      const shown = keys.length === 0 ? 'it is empty' : `its keys: ${keys.slice(0, 8).map((k) => showValue(k, 30)).join(', ')}${keys.length > 8 ? ', …' : ''}`;
      return fail(`record has neither tokens nor text (expected "tokens", an array of strings, or "text", a string; ${shown})`);
    }
    let tokenStrings = false;
    let tokenObjects = false;
    if (verified !== undefined) tokenStrings = true;
    else if (rec.tokens !== undefined) {
      if (isStringArray(rec.tokens)) tokenStrings = true;
      else if (typeof rec.text === 'string' && Array.isArray(rec.tokens) && rec.tokens.every(isObject)) tokenObjects = true;
      else fail(`"tokens" must be an array of strings${typeof rec.text === 'string' ? ' (or, beside "text", of {start, end} objects)' : ''}, ${whatInstead(rec.tokens)}`);
    }
    const shape = recordShape(rec, tokenStrings, fail);
    let length: number;
    let unit: string;
    if (shape.offsets === 'characters') {
      if (typeof rec.text !== 'string') return fail(`"text" must be a string, found ${describeJson(rec.text)}`);
      segment.text = rec.text;
      length = codePointLength(segment.text);
      unit = 'characters';
      if (tokenObjects) segment.charTokens = readCharTokens(rec.tokens as JsonObject[], segment.text, fail);
    } else {
      if (!tokenStrings) return fail(`"${shape.key}" needs "tokens"`);
      if (verified !== undefined) {
        segment.verified = true;
        length = verified.length;
      } else {
        segment.tokens = rec.tokens as string[];
        length = segment.tokens.length;
      }
      unit = 'tokens';
    }
    const id = idField(rec, 'id', fail);
    if (id !== undefined) segment.id = id;
    const docId = idField(rec, 'doc_id', fail);
    if (docId !== undefined) segment.docId = docId;

    let integerTags = false;
    const spanKey = shape.key;
    if (spanKey === 'ner_tags') {
      let tags = rec.ner_tags;
      if (!Array.isArray(tags)) return fail(`"ner_tags" must be an array of tag strings, found ${describeJson(tags)}`);
      if (tags.length > 0 && tags.every((t) => typeof t === 'number')) {
        tags = namedTags(tags as number[], opts.labels, path, line);
        integerTags = true;
      }
      if (!isStringArray(tags)) {
        // Starting with ids, the odd one out is the first item that is not one.
        const ids = typeof (tags as unknown[])[0] === 'number';
        const k = (tags as unknown[]).findIndex((t) => typeof t !== 'number');
        fail(`"ner_tags" must be an array of tag strings or of integer class ids, ${ids ? `but item ${k + 1} is ${describeJson((tags as unknown[])[k])}, after ids` : whatInstead(tags)}`);
      }
      if ((tags as string[]).length !== length) fail(`"ner_tags" has ${(tags as string[]).length} tags for ${length} tokens`);
      segment.spans = decodeTags(tags as string[], {
        scheme: opts.scheme, strict: opts.strictScheme, invalid: opts.invalid, source: path, line, tagPerLine: false, evidence, dropped,
      });
      usedTags = true;
      // The raw tags too, as the CoNLL reader gives them: conlleval's token accuracy compares them.
      segment.tags = tags as string[];
    } else if (spanKey !== undefined) {
      const items = rec[spanKey];
      if (!Array.isArray(items)) return fail(`"${spanKey}" must be an array of spans, found ${describeJson(items)}`);
      // Pushed, as the CoNLL reader's are (spans arrays have one shape whatever the format).
      const spans: RawSpan[] = [];
      for (let k = 0; k < items.length; k++) spans.push(toSpan(items[k], line, length, unit, fail));
      if (segment.text !== undefined) {
        const toUnits = codePointsToUnits(segment.text);
        for (const sp of spans) {
          sp.start = toUnits(sp.start);
          sp.end = toUnits(sp.end);
          if (sp.fragments !== undefined) sp.fragments = sp.fragments.map(([a, b]) => [toUnits(a), toUnits(b)]);
        }
      }
      segment.spans = dropDuplicates(spans, path, warnings);
    }
    if (spanKey === undefined && keyless++ === 0) keylessKeys = keysOf(rec);
    const dialect = dialectOf(shape, integerTags);
    if (!dialects.includes(dialect)) dialects.push(dialect);
    if (isDocstartRow(segment)) {
      // A row of CoNLL's document marker alone (CoNLL files turned into rows keep it): a document
      // break, as the line is in CoNLL, and a token conlleval counts.
      markers++;
      docBreak = true;
      return;
    }
    if (docBreak) segment.docBreak = true;
    docBreak = false;
    // A record handed over with its own tokens, or laid by its text, may stand for any number of
    // reference sentences: later records can no longer be matched to sentences by counting.
    if (segment.verified !== true) verifier?.stop();
    sink(segment);
    segments++;
  });
  if (segments > 0 && keyless === segments) {
    warnings.push(`${path}: no record has a list of entities under a key complan reads (${ENTITY_KEYS.join(', ')}), so it is read as finding no entities; its first record's keys: ${keylessKeys}`);
  }
  const summary: ReadSummary = { segments, hasEmbeddedGold: false, warnings, lines };
  if (markers > 0) summary.markers = markers;
  if (dropped.count > 0) summary.dropped = dropped;
  if (usedTags) {
    summary.scheme = detectScheme(evidence);
    summary.evidence = evidence.bits;
  }
  if (dialects.length > 0) summary.dialect = dialects.join('+');
  return summary;
}

/** Whether a record is `-DOCSTART-` alone, with no entity: CoNLL's document marker as a row. */
function isDocstartRow(segment: { tokens?: string[]; spans: readonly RawSpan[] }): boolean {
  return segment.tokens?.length === 1 && segment.tokens[0] === '-DOCSTART-' && segment.spans.length === 0;
}

/** What to say of a file that is one JSON array of records (Label Studio's JSON and JSON-MIN exports). */
const JSON_ARRAY = 'expected a JSON object, found a JSON array: JSONL has one record a line (a JSON array of records, as Label Studio exports, converts with jq -c \'.[]\' FILE)';

/**
 * The record of line `raw` (`first`: the file's first record; `unended`: its last line, without
 * a line end), or `fail` with what is wrong.
 */
function parseRecord(raw: string, first: boolean, fail: (detail: string) => never, unended = false): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    const why = jsonSyntax((err as Error).message, raw);
    // An array spread over lines (pretty-printed) starts with a line that is not JSON.
    if (first && raw.trimStart().startsWith('[')) fail(JSON_ARRAY);
    const what = why.column === undefined ? why.reason : `column ${why.column}: ${why.reason}`;
    if (raw.includes('\r')) {
      fail(`expected a JSON object (${what}); the line has carriage returns inside it (lines ending in CR alone?): convert its line ends to LF`);
    }
    // A Python dict written with str() (or print) rather than json.dumps: its strings are in single quotes.
    if (/^\s*\{\s*'/.test(raw)) {
      fail(`expected a JSON object (${what}); the line is a Python dict, with strings in single quotes: write each record with json.dumps(record), not str(record)`);
    }
    if (why.cutOff && unended) {
      fail(`expected a JSON object, but the file ends inside it (at column ${why.column ?? 1}), without a line end: is the file cut short?`);
    }
    if (why.cutOff) {
      // A record cut off by a truncated file, or a pretty-printed object spread over lines.
      fail(`expected a JSON object, but the line ends before the object does (at column ${why.column ?? 1}); JSONL needs one complete object per line`);
    }
    fail(`expected a JSON object (${what})`);
  }
  if (first && Array.isArray(value) && value.some(isObject)) fail(JSON_ARRAY);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(`expected a JSON object (found ${describeJson(value)})`);
  }
  return value as JsonObject;
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** What a value that should be an array of strings is instead: "found a string", "item 2 is null". */
function whatInstead(value: unknown): string {
  if (!Array.isArray(value)) return `found ${describeJson(value)}`;
  const k = value.findIndex((v) => typeof v !== 'string');
  return `but item ${k + 1} is ${describeJson(value[k])}`;
}

function isStringArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let k = 0; k < value.length; k++) if (typeof value[k] !== 'string') return false;
  return true;
}

/**
 * Integer `ner_tags` as the tag strings `labels` names (id k is `labels[k]`).
 *
 * @throws InputError asking for the label list when there is none, or naming an id it lacks.
 */
function namedTags(ids: readonly number[], labels: readonly string[] | undefined, path: string, line: number): string[] {
  if (labels === undefined) {
    throw InputError.about(
      '"ner_tags" are integer class ids: pass {labels} with the dataset\'s label names in id order (a file, or a list such as O,B-PER,I-PER)',
      path, line,
    );
  }
  const tags: string[] = [];
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (!Number.isInteger(id) || id < 0 || id >= labels.length) {
      throw InputError.about(`"ner_tags" item ${k + 1} is ${showValue(id)}, but {labels} names ${labels.length} labels (ids 0 to ${labels.length - 1})`, path, line);
    }
    tags.push(labels[id]);
  }
  return tags;
}

function idField(rec: JsonObject, key: string, fail: (detail: string) => never): string | undefined {
  const v = rec[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') fail(`"${key}" must be a string or a number, found ${describeJson(v)}`);
  return String(v);
}

/** Reads one span (object or triple) and checks it against the record's length. */
function toSpan(
  item: unknown, line: number, length: number, unit: string, fail: (detail: string) => never,
): RawSpan {
  let start: unknown;
  let end: unknown;
  let label: unknown;
  if (Array.isArray(item) && item.length === 3) {
    [start, end, label] = item;
    // [label, start, end], as some converters write it: say which order is read, rather than
    // showing the label as an offset.
    if (typeof start === 'string' && Number.isInteger(end) && Number.isInteger(label)) {
      fail(`span ${showValue(item, 60)} has its label first: a span given as a list is [start, end, label]`);
    }
  } else if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const obj = item as JsonObject;
    // doccano's export with relations names the offsets start_offset and end_offset.
    start = obj.start !== undefined ? obj.start : obj.start_offset;
    end = obj.end !== undefined ? obj.end : obj.end_offset;
    if (start === undefined || end === undefined) fail(`span ${showValue(item, 60)} has no ${start === undefined ? '"start"' : '"end"'} (its keys: ${keysOf(obj)}; a span is {start, end, label}, or [start, end, label])`);
    label = obj.label;
    if (label === undefined) {
      const key = LABEL_KEYS.find((k) => obj[k] !== undefined);
      if (key !== undefined) label = obj[key];
      // Label Studio's results name their label in a list of one.
      else if (Array.isArray(obj.labels) && obj.labels.length === 1) label = obj.labels[0];
      else if (Array.isArray(obj.labels)) fail(`span [${showValue(start)}, ${showValue(end)}) has ${obj.labels.length === 0 ? 'an empty list of labels' : `${obj.labels.length} labels, ${showValue(obj.labels, 40)}`}, where a span has one (give each label a span of its own)`);
      // No key a label is read from: name the span's keys, as a label under another key (a
      // pipeline's "entity_group") is the usual cause, and "(no label)" alone would not say where.
      else if (obj.labels === undefined) fail(`span [${showValue(start)}, ${showValue(end)}) has no label (its keys: ${keysOf(obj)}; a span names its label "label", "type" or "tag", or "labels" as a list of one)`);
    }
  } else {
    const hint = typeof item === 'string' ? ' (tag strings, one per token, go under "ner_tags")' : '';
    return fail(`span ${showValue(item)} is neither {start, end, label} nor [start, end, label]${hint}`);
  }
  // This runs for every span: the checks make no strings or closures unless one fails.
  // The empty label is the untyped type (as bare B/I tags read), which the writers write.
  if (typeof label !== 'string') fail(`${shownSpan(start, end, label)} needs a label that is a string`);
  if (!Number.isInteger(start) || !Number.isInteger(end)) fail(`${shownSpan(start, end, label)} has offsets that are not integers`);
  const s = start as number;
  const e = end as number;
  if (e <= s) fail(`${shownSpan(start, end, label)} has end ≤ start${e === s ? EMPTY_SPAN_HINT : ''}`);
  if (s < 0 || e > length) fail(`${shownSpan(start, end, label)} is outside the record (${length} ${unit})`);
  const span: RawSpan = { start: s, end: e, label: label as string, line };
  const fragments = isObject(item) ? item.fragments : undefined;
  if (fragments !== undefined && fragments !== null) {
    const show = shownSpan(start, end, label);
    const list = readFragments(fragments, show, length, unit, fail);
    if (list[0][0] !== s || list.reduce((m, f) => Math.max(m, f[1]), 0) !== e) {
      fail(`${show} has fragments ${showValue(list)} whose hull is not [start, end)`);
    }
    if (list.length > 1) span.fragments = list;
  }
  return span;
}

/** An object's keys as messages list them: the first eight, quoted. */
function keysOf(obj: JsonObject): string {
  const keys = Object.keys(obj);
  return keys.length === 0 ? 'none' : keys.slice(0, 8).map((k) => showValue(k, 30)).join(', ') + (keys.length > 8 ? ', …' : '');
}

/** A span as error messages show it. */
function shownSpan(start: unknown, end: unknown, label: unknown): string {
  return `span [${showValue(start)}, ${showValue(end)}) ${label === undefined ? '(no label)' : showValue(label)}`;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `fragments`: a non-empty array of `[start, end)` integer pairs inside the record, sorted. */
function readFragments(
  value: unknown, show: string, length: number, unit: string, fail: (detail: string) => never,
): Array<[number, number]> {
  if (!Array.isArray(value) || value.length === 0) return fail(`${show} has "fragments" that is not a non-empty array of [start, end] pairs`);
  const list = value.map((f): [number, number] => {
    if (!Array.isArray(f) || f.length !== 2 || !Number.isInteger(f[0]) || !Number.isInteger(f[1])) {
      return fail(`${show} has fragment ${showValue(f)}, expected [start, end] with integer offsets`);
    }
    const [a, b] = f as [number, number];
    if (b <= a) fail(`${show} has fragment [${a}, ${b}] with end ≤ start`);
    if (a < 0 || b > length) fail(`${show} has fragment [${a}, ${b}] outside the record (${length} ${unit})`);
    return [a, b];
  });
  return list.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

/**
 * Keeps the first of identical spans (same start, end, label and fragments), warning about each
 * one dropped as `source:line: duplicate span [s, e) "LABEL" dropped`.
 */
export function dropDuplicates(spans: RawSpan[], source: string, warnings: string[]): RawSpan[] {
  if (spans.length < 2) return spans;
  if (spans.length <= 8 && !spans.some((s) => s.fragments !== undefined)) {
    // Few contiguous spans (the usual record): compare them pairwise, without keys.
    let distinct = true;
    for (let a = 1; a < spans.length && distinct; a++) {
      for (let b = 0; b < a; b++) {
        if (spans[a].start === spans[b].start && spans[a].end === spans[b].end && spans[a].label === spans[b].label) {
          distinct = false;
          break;
        }
      }
    }
    if (distinct) return spans;
  }
  const seen = new Set<string>();
  return spans.filter((span) => {
    const key = `${span.start}\u0000${span.end}\u0000${span.fragments === undefined ? '' : span.fragments.join(';')}\u0000${span.label}`;
    if (!seen.has(key)) {
      seen.add(key);
      return true;
    }
    warnings.push(`${source}:${span.line}: duplicate span [${span.start}, ${span.end}) ${showValue(span.label)} dropped`);
    return false;
  });
}
