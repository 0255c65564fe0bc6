/**
 * JSONL dialects: which tool's record shape a JSONL record has, told from its keys, and so which
 * key holds its entities and what their offsets count.
 *
 * | dialect | keys | offsets |
 * | --- | --- | --- |
 * | `token-spans` | `tokens` (strings) + `spans`, `entities` or `ner` | tokens |
 * | `char-spans` | `text` + `spans`, `entities` or `ner` (Prodigy also gives `tokens` as objects) | characters |
 * | `huggingface` | `tokens` + `ner_tags` as tag strings | tags |
 * | `huggingface-ids` | `tokens` + `ner_tags` as integer class ids (named by a label list) | tags |
 * | `spacy` | `text` + `ents` (`doc.to_json()`; its `tokens` are objects) | characters |
 * | `doccano` | `text` + `labels` or `label`, a list of `[start, end, label]` | characters |
 */
import { showValue } from '../errors.js';

export type JsonlDialect = 'token-spans' | 'char-spans' | 'huggingface' | 'huggingface-ids' | 'spacy' | 'doccano';

export const JSONL_DIALECTS: readonly JsonlDialect[] = ['token-spans', 'char-spans', 'huggingface', 'huggingface-ids', 'spacy', 'doccano'];

/** Keys that may hold a record's spans in complan's own shape, in order of preference. */
export const GENERIC_SPAN_KEYS = ['spans', 'entities', 'ner'] as const;

/** Every key a record's entities are read from, as messages list them. */
export const ENTITY_KEYS = ['spans', 'entities', 'ner', 'ents', 'labels', 'label', 'ner_tags'] as const;

/** Keys that never hold entities: what the record is, or its identity. */
const CONTENT_KEYS = new Set(['tokens', 'text', 'id', 'doc_id']);

export interface RecordShape {
  /** The key the entities are read from; undefined for a record that has none (no entities). */
  key: string | undefined;
  /** What the key's offsets count: token indices, characters of `text`, or one tag per token. */
  offsets: 'tokens' | 'characters' | 'tags';
}

type JsonObject = Record<string, unknown>;

const present = (rec: JsonObject, key: string) => rec[key] !== undefined && rec[key] !== null;

/**
 * The shape of one record: which key holds its entities and what its offsets count. The entity
 * key is the one of {@link ENTITY_KEYS} the record has (`spans`, `entities` and `ner` in that
 * order of preference; `label` only as a list, since a record-level `label` string is a class);
 * spaCy's span groups (`spans` as an object beside `ents`) are not entities and are passed over.
 * Two entity keys of different dialects are an error, and so is a record with no entity key that
 * has other keys which could hold entities (an array or an object under a key other than
 * `tokens`, `text`, `id`, `doc_id`, or `tokens` as objects): entities under a key complan does not
 * read must never score as an empty prediction.
 *
 * @param hasTokenStrings whether `tokens` is an array of strings (a tokenised record).
 */
export function recordShape(rec: JsonObject, hasTokenStrings: boolean, fail: (detail: string) => never): RecordShape {
  const spacy = present(rec, 'ents');
  const generic = GENERIC_SPAN_KEYS.find((k) => present(rec, k) && !(spacy && k === 'spans' && isPlainObject(rec[k])));
  const doccano = ['labels', 'label'].find((k) => Array.isArray(rec[k]));
  const tags = present(rec, 'ner_tags') ? 'ner_tags' : undefined;
  const found = [generic, spacy ? 'ents' : undefined, tags, doccano].filter((k): k is string => k !== undefined);
  if (found.length > 1) fail(`record has both "${found[0]}" and "${found[1]}" (keep one)`);
  const key = found[0];
  if (key === undefined) {
    checkNoHiddenEntities(rec, hasTokenStrings, fail);
    return { key: undefined, offsets: hasTokenStrings ? 'tokens' : 'characters' };
  }
  if (key === 'ner_tags') return { key, offsets: 'tags' };
  if (key === 'ents' || key === 'labels' || key === 'label') {
    if (typeof rec.text !== 'string') {
      const what = key === 'ents' ? 'spaCy\'s "ents"' : `"${key}" (doccano)`;
      const strings = Array.isArray(rec[key]) && (rec[key] as unknown[]).length > 0 && (rec[key] as unknown[]).every((x) => typeof x === 'string');
      fail(`${what} holds character offsets into "text", which this record lacks${strings ? ' (tag strings, one per token, go under "ner_tags")' : ''}`);
    }
    return { key, offsets: 'characters' };
  }
  return { key, offsets: hasTokenStrings ? 'tokens' : 'characters' };
}

/** The dialect of a record of `shape`; `integerTags` when its `ner_tags` are class ids. */
export function dialectOf(shape: RecordShape, integerTags: boolean): JsonlDialect {
  switch (shape.key) {
    case 'ner_tags': return integerTags ? 'huggingface-ids' : 'huggingface';
    case 'ents': return 'spacy';
    case 'labels':
    case 'label': return 'doccano';
    default: return shape.offsets === 'tokens' ? 'token-spans' : 'char-spans';
  }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fails when a record without an entity key has keys that could hold entities. */
function checkNoHiddenEntities(rec: JsonObject, hasTokenStrings: boolean, fail: (detail: string) => never): void {
  const keys = Object.keys(rec);
  const suspect = keys.find((k) => (!CONTENT_KEYS.has(k) || (k === 'tokens' && !hasTokenStrings)) && typeof rec[k] === 'object' && rec[k] !== null);
  if (suspect === undefined) return;
  const shown = keys.slice(0, 8).map((k) => showValue(k, 30)).join(', ') + (keys.length > 8 ? ', …' : '');
  const spacy = Array.isArray(rec.tokens) && !hasTokenStrings && typeof rec.text === 'string'
    ? ' (a spaCy doc without "ents" was not annotated with entities)'
    : '';
  fail(`record has no entities under a key complan reads (${ENTITY_KEYS.join(', ')}); its keys: ${shown}${spacy}; a record without entities has "spans": []`);
}
