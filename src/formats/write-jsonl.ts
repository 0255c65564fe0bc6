/**
 * JSONL writer: a span set as one JSON record per gold sentence, which `complan eval` (and the
 * JSONL reader) reads back to exactly the same spans.
 */
import { InputError } from '../errors.js';
import { checkCorpus, checkSpans } from '../metrics/options-check.js';
import type { Corpus, Span } from '../model/corpus.js';
import { describeSpan, placeSpans, reiterable, type PlacedSpan } from './write-spans.js';
import { unitsToCodePoints } from './codepoints.js';

export { unitsToCodePoints };

/** A span as written: offsets relative to its record, `fragments` only when discontinuous. */
export interface JsonlSpan {
  start: number;
  end: number;
  label: string;
  fragments?: Array<[number, number]>;
}

/**
 * The JSONL text of `spans`, one record per gold sentence (per gold record, for a JSONL or BRAT
 * gold) in gold order (see below for empty ones), each on its own line ending with `\n`:
 *
 * - token mode: `{"id": …, "doc_id": …, "tokens": [...], "spans": [...]}` with span offsets
 *   counting tokens from the sentence's first token;
 * - character mode: `{"id": …, "doc_id": …, "text": "...", "spans": [...]}` with offsets
 *   counting **code points** of `text` (as Python, spaCy, doccano and the JSONL reader count
 *   them), converted from the corpus's UTF-16 offsets; they differ after an emoji.
 *
 * `id` is written when the gold record had one (`Sentence.id`; a CoNLL gold has none), so the
 * file aligns to the gold by id; otherwise it aligns by order. `doc_id` is written when the
 * gold opened the sentence's document with a marker (`DocumentInfo.marked`): the document's id,
 * which is the gold's `doc_id` (JSONL), the file name (BRAT) or `#N` for the N-th `-DOCSTART-`
 * document of a CoNLL gold. Read back as a gold standard, the file has the same documents.
 * Keys come in the order shown; absent ones are omitted, never null.
 *
 * A gold record without tokens (`"tokens": []`) is not written: it holds no span, and
 * `loadCorpus` cannot align an empty system record to it. Without ids the file still aligns by
 * order (unless the empty record is the gold's last); with ids the gold record is reported as
 * having no counterpart, which scores the same. Records with an empty `text` are written.
 *
 * Each span is `{"start", "end", "label"}` (end exclusive), plus `"fragments": [[a, b], ...]`
 * for a discontinuous span (BRAT), which the JSONL reader reads back. Spans are sorted by start,
 * end, label (code-unit order), then fragments; identical spans are written once. Overlapping
 * and nested spans are all kept.
 *
 * Validation happens here, before any chunk is produced; the returned iterable is lazy, yields
 * one line per record and can be iterated more than once (pass it to `writeFileAtomic`).
 *
 * @throws InputError (no file; exit code 2) for a span outside the corpus, without a label,
 *   whose fragments lie outside it, or that does not fit inside one gold sentence (possible
 *   when a system's JSONL record covered several gold sentences); and, in character mode, for
 *   an offset that falls inside a surrogate pair (no code-point offset exists there).
 */
export function formatJsonl(corpus: Corpus, spans: readonly Span[]): Iterable<string> {
  checkCorpus(corpus);
  checkSpans('spans', spans);
  const placed = placeSpans(corpus, spans, 'span', 'JSONL');
  const charMode = corpus.unit === 'char';
  if (charMode ? corpus.texts === undefined : corpus.tokens === undefined) {
    throw new InputError(`cannot write JSONL: the corpus has no ${charMode ? 'texts' : 'tokens'}`);
  }
  // Convert to record-relative spans now, so that a bad offset fails before anything is written.
  const records: JsonlSpan[][] = placed.map((list, si) => {
    if (!charMode) return list.map((p) => jsonlSpan(p, (o) => o));
    const text = corpus.texts![si];
    const toCodePoints = unitsToCodePoints(text);
    return list.map((p) => jsonlSpan(p, (o) => {
      const c = toCodePoints(o);
      if (c < 0) throw new InputError(`cannot write JSONL: span ${describeSpan(corpus, p)} has an offset inside a surrogate pair`);
      return c;
    }));
  });

  function* generate(): Generator<string> {
    for (let si = 0; si < corpus.sentences.length; si++) {
      const s = corpus.sentences[si];
      if (!charMode && s.end === s.start) continue;
      const doc = corpus.documents[s.doc];
      const rec: Record<string, unknown> = {};
      if (s.id !== undefined) rec.id = s.id;
      if (doc?.marked === true) rec.doc_id = doc.id;
      if (charMode) rec.text = corpus.texts![si];
      else rec.tokens = corpus.tokens!.slice(s.start, s.end);
      rec.spans = records[si];
      yield `${JSON.stringify(rec)}\n`;
    }
  }
  return reiterable(generate);
}

function jsonlSpan(p: PlacedSpan, convert: (offset: number) => number): JsonlSpan {
  const out: JsonlSpan = { start: convert(p.start), end: convert(p.end), label: p.span.label };
  if (p.fragments !== undefined) out.fragments = p.fragments.map(([a, b]) => [convert(a), convert(b)]);
  return out;
}
