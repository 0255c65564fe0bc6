/**
 * Handing the gold standard the main thread has read to the worker threads that read system
 * files (load-parallel.ts), instead of each worker reading the gold file again: the gold goes as
 * columns ({@link GoldPart}, the form a part of a large file read on a worker comes back in), and
 * a worker makes its own reference of them as the main thread adds such a part to its own.
 *
 * Reading a gold standard costs several times what verifying a system file of its size against it
 * does, so a worker that read the gold again paid for it before its first file (and only a share of
 * sixteen golds made that worth it); one that is handed the gold starts on its files as soon as the
 * main thread has read it, having started up meanwhile.
 *
 * A worker's system spans that are the gold's own objects (most of a good system's: see
 * gold-walk.ts) come back as the gold span's index, and become the main thread's gold object, so
 * a system read on a worker shares the gold's spans as one read on the main thread does.
 *
 * Only a gold of tokens goes as columns (CoNLL, or JSONL records of tokens, with their record and
 * document ids), its spans without fragments; a gold of text (character offsets) is read again by
 * the worker. A CoNLL gold's tokens go as they wait in the file's text, with where its sentences
 * stand there (see TokenStore.defer, sentence-texts.ts): the text is copied, not numbered.
 */
import { emptyObjects } from '../model/arrays.js';
import type { Span } from '../model/corpus.js';
import { GoldWalk } from '../model/gold-walk.js';
import { IntColumn } from '../model/int-column.js';
import type { SpanColumns } from '../model/span-columns.js';
import { documentColumns, GoldBuilder, type GoldPart } from './gold-builder.js';
import type { ReferenceRead } from './reference.js';
import type { ReadSummary } from './segment.js';
import { int32s } from '../model/page-memory.js';

/** The gold as it travels to a worker: its columns and the summary of its reading. */
export interface HandedGold {
  part: GoldPart;
  summary: ReadSummary;
}

/** A finished gold builder (of the main thread) as columns; undefined when it cannot go as such. */
export function goldPartOf(gold: GoldBuilder): GoldPart | undefined {
  if (gold.unit !== 'token') return undefined;
  const d = gold.documents;
  const documents = documentColumns(d);
  // Document ids go only when they are not the numbering a part's documents get anyway (CoNLL's).
  if (d.some((doc, k) => doc.id !== `#${k + 1}`)) documents.ids = d.map((doc) => doc.id);
  const sentences = { end: new IntColumn(), line: new IntColumn(), doc: new IntColumn() };
  const table = gold.sentences;
  for (let k = 0; k < table.length; k++) {
    sentences.end.push(table.end(k));
    sentences.line.push(table.line(k));
    sentences.doc.push(table.doc(k));
  }
  const spans = { start: new IntColumn(), end: new IntColumn(), doc: new IntColumn(), label: new IntColumn() };
  const labels: string[] = [];
  const ids = new Map<string, number>();
  for (const s of gold.spans) {
    if (s.fragments !== undefined) return undefined;
    let id = ids.get(s.label);
    if (id === undefined) {
      id = labels.length;
      labels.push(s.label);
      ids.set(s.label, id);
    }
    spans.start.push(s.start);
    spans.end.push(s.end);
    spans.doc.push(s.doc);
    spans.label.push(id);
  }
  return {
    length: gold.length,
    tokens: gold.tokens.stored(),
    tags: gold.tags?.stored(),
    sentences: {
      end: sentences.end.toPaged(), line: sentences.line.toPaged(), doc: sentences.doc.toPaged(),
      ...(gold.idIndex.size === 0 ? {} : { ids: gold.sentences.idList().map((id) => id ?? null) }),
    },
    documents,
    spans: { start: spans.start.toPaged(), end: spans.end.toPaged(), doc: spans.doc.toPaged(), label: spans.label.toPaged(), labels },
    // Copies: the builder's own lists are views that a later sentence could outgrow.
    spanEnds: gold.spanEnds.slice(),
    evidence: gold.evidence?.slice(),
    lineSafe: gold.lineSafe,
    ...(gold.lines === undefined ? {} : { lines: gold.lines.stored() }),
  };
}

/** The reference a worker reads its system files against, made of the gold it was handed. */
export function referenceOf(path: string, handed: HandedGold): ReferenceRead {
  const gold = new GoldBuilder(path);
  gold.append(handed.part, 0);
  return { gold, embedded: undefined, summary: handed.summary };
}

/** For each of `spans`, the index among `gold` of the very object it is, or -1 (see gold-walk.ts). */
export function sharedIndices(spans: readonly Span[], gold: readonly Span[]): Int32Array {
  const walk = new GoldWalk(gold);
  const out = int32s(spans.length);
  for (let j = 0; j < spans.length; j++) out[j] = walk.find(spans[j]);
  return out;
}

/** The spans of `cols`, in order: those with a shared index are `gold`'s objects, the others new. */
export function spansWithShared(cols: SpanColumns, shared: Int32Array, gold: readonly Span[]): Span[] {
  const { start, end, doc, label, labels } = cols;
  const out = emptyObjects<Span>();
  for (let i = 0; i < start.length; i++) {
    const k = shared[i];
    out.push(k >= 0 ? gold[k] : { doc: doc[i], start: start[i], end: end[i], label: labels[label[i]] });
  }
  return out;
}
