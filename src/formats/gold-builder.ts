/**
 * Building the reference a corpus is made on: its documents, sentences, tokens (or texts) and
 * gold spans, segment by segment as a reader hands them over; and a part of it built on another
 * thread, added as columns (a large file read in parts: see load-split.ts).
 */
import { InputError, showValue } from '../errors.js';
import { ReservedSlots } from '../model/arrays.js';
import type { DocumentInfo, Span, Unit } from '../model/corpus.js';
import { SentenceTable } from '../model/sentence-table.js';
import { IntColumn, IntList, pagedAt, pagedBuffers, type PagedInts } from '../model/int-column.js';
import { storedBuffers, TokenStore, type StoredTokens } from '../model/token-store.js';
import type { RawSpan, Segment } from './segment.js';
import { SentenceTexts, type StoredSentenceTexts } from './sentence-texts.js';
import { addOwnType, type OwnTypes } from './unknown-types.js';
import { int32s, uint8s } from '../model/page-memory.js';

/** Builds the reference skeleton (documents, sentences, tokens or texts) and the gold spans. */
export class GoldBuilder {
  unit: Unit | undefined;
  /** One past the last token of each sentence (token units), for readers to verify against (see {@link sentenceEnds}). */
  private readonly ends = new IntList();
  /** The sentences, as columns (see sentence-table.ts); a part read on a worker keeps its own (see {@link GoldPartBuilder}). */
  readonly sentences = new SentenceTable(this.ends);
  readonly documents: DocumentInfo[] = [];
  /** The tokens, written here by the reader when it can (see {@link ReadOptions.tokenStore}). */
  readonly tokens = new TokenStore();
  readonly texts: string[] = [];
  readonly spans: Span[] = [];
  /** Span slots {@link reserve} lengthened the list by, for the parts to come. */
  private readonly spanSlots = new ReservedSlots();
  readonly idIndex = new Map<string, number>();
  /** The raw gold tags, one per token, while every segment came with them. */
  tags: TokenStore | undefined = new TokenStore();
  /** Where the gold file's sentences stand in its text, when the reader recorded it (see {@link ReadOptions.sentenceLines}). */
  lines: SentenceTexts | undefined;
  /** Whether the reader writes the tags to `tags` itself (see {@link ReadOptions.tagStore}). */
  tagsStored = false;
  /** The scheme evidence of each sentence's tags, while every segment came with it (see {@link evidence}). */
  private evidenceList: IntList | undefined = new IntList();
  /** One past the last of each sentence's spans in `spans` (sentence k's are spanEnds[k-1]..spanEnds[k]). */
  private readonly spanEndList = new IntList();
  /** Whether every segment was read from CoNLL lines (see {@link ExpectedTokens.lineSafe}). */
  lineSafe = true;
  length = 0;
  private docId: string | undefined;
  /** The line each document id began on (JSONL `doc_id`): a document's records must be together. */
  private readonly docLines = new Map<string, number>();
  private pendingBreak = true;

  constructor(readonly source: string) {}

  add(seg: Segment, spans: readonly RawSpan[], tags?: readonly string[]): void {
    const unit: Unit = seg.tokens !== undefined || seg.storedTokens !== undefined ? 'token' : 'char';
    if (seg.tokenPerLine !== true) this.lineSafe = false;
    if (this.unit === undefined) this.unit = unit;
    else if (this.unit !== unit) {
      throw new InputError(
        `record has ${unit === 'token' ? 'tokens' : 'only text'} but earlier records had ${this.unit === 'token' ? 'tokens' : 'only text'}`,
        seg.source, seg.line,
      );
    }
    const newDoc = this.pendingBreak || seg.docBreak === true || (seg.docId !== undefined && seg.docId !== this.docId);
    if (newDoc && seg.docId !== undefined) {
      const began = this.docLines.get(seg.docId);
      if (began !== undefined) {
        throw new InputError(
          `doc_id ${showValue(seg.docId)} comes back after other documents (its records began on line ${began}): a document's records must be together, as per-document scores count them`,
          seg.source, seg.line,
        );
      }
      this.docLines.set(seg.docId, seg.line);
    }
    if (newDoc) {
      const last = this.documents[this.documents.length - 1];
      if (last !== undefined) this.closeDoc(last);
      this.documents.push({
        index: this.documents.length,
        id: seg.docId ?? `#${this.documents.length + 1}`,
        start: this.length, end: this.length,
        firstSentence: this.ends.length, endSentence: this.ends.length,
        marked: seg.docBreak === true || seg.docId !== undefined,
      });
      this.pendingBreak = false;
      this.docId = seg.docId;
    }
    const doc = this.documents.length - 1;
    const start = this.length;
    const size = unit === 'token' ? seg.storedTokens ?? seg.tokens!.length : seg.text!.length;
    if (unit === 'token') {
      const toks = seg.tokens;
      if (toks !== undefined) for (let j = 0; j < size; j++) this.tokens.push(toks[j]);
      if (this.tags !== undefined && this.tagsStored && seg.storedTokens !== undefined && tags === undefined) {
        // Written to the store by the reader, with the tokens.
      } else if (this.tags !== undefined && tags !== undefined && tags.length === size) for (let j = 0; j < size; j++) this.tags.push(tags[j]);
      else this.tags = undefined;
    } else this.texts.push(seg.text!);
    const index = this.ends.length;
    if (seg.id !== undefined) {
      const prev = this.idIndex.get(seg.id);
      if (prev !== undefined) {
        throw new InputError(`duplicate record id ${showValue(seg.id)} (first on line ${this.sentences.line(prev)})`, seg.source, seg.line);
      }
      this.idIndex.set(seg.id, index);
    }
    this.length += size;
    this.ends.push(this.length);
    this.keepSentence(index, doc, start, start + size, seg.line, seg.id);
    for (let j = 0; j < spans.length; j++) this.keepSpan(spans[j], start, doc);
    this.spanEndList.push(this.spanCount);
    if (this.evidenceList !== undefined && seg.tagEvidence !== undefined) this.evidenceList.push(seg.tagEvidence);
    else this.evidenceList = undefined;
  }

  /** One past the last token of each sentence (a view: valid until the next sentence is added). */
  get sentenceEnds(): Int32Array {
    return this.ends.view();
  }

  /** Sentences added. */
  get sentenceCount(): number {
    return this.ends.length;
  }

  /** One past the last of each sentence's spans in `spans` (a view, as {@link sentenceEnds}). */
  get spanEnds(): Int32Array {
    return this.spanEndList.view();
  }

  /** Where sentence `k`'s gold spans end in `spans` (and sentence k + 1's start). */
  spanEndAt(k: number): number {
    return this.spanEndList.at(k);
  }

  /** The scheme evidence of each sentence's tags, while every segment came with it (a view, as {@link sentenceEnds}). */
  get evidence(): Int32Array | undefined {
    return this.evidenceList?.view();
  }

  /** Keeps a sentence, whose end is the last of {@link sentenceEnds} (in the sentence table here; in paged columns in a {@link GoldPartBuilder}). */
  protected keepSentence(_index: number, doc: number, _start: number, _end: number, line: number, id: string | undefined): void {
    this.sentences.describe(doc, line, id);
  }

  /** Keeps a gold span of the sentence at corpus position `base`, in document `doc`. */
  protected keepSpan(s: RawSpan, base: number, doc: number): void {
    this.spans.push(toCorpus(s, base, doc));
  }

  /** Gold spans kept so far. */
  get spanCount(): number {
    return this.spans.length;
  }

  /** The document of the last sentence added. */
  get lastDoc(): number {
    return this.documents.length - 1;
  }

  /**
   * The gold spans of sentence `k`, relative to it (for embedded-gold checks): made when asked
   * from the corpus spans, rather than kept for every sentence of a load that may never ask.
   */
  sentenceSpans(k: number): RawSpan[] {
    const base = this.sentences.start(k);
    const line = this.sentences.line(k);
    const out: RawSpan[] = [];
    for (let j = k === 0 ? 0 : this.spanEndAt(k - 1); j < this.spanEndAt(k); j++) {
      const s = this.spans[j];
      const r: RawSpan = { start: s.start - base, end: s.end - base, label: s.label, line };
      if (s.fragments !== undefined) r.fragments = s.fragments.map(([a, b]) => [a - base, b - base]);
      out.push(r);
    }
    return out;
  }

  private closeDoc(d: DocumentInfo): void {
    d.end = this.length;
    d.endSentence = this.ends.length;
  }

  finish(): void {
    const last = this.documents[this.documents.length - 1];
    if (last !== undefined) this.closeDoc(last);
  }

  /**
   * Makes room at once for the parts about to be appended, in order ({@link append}): the lists
   * grow once for all of them, not once a part, each growth a copy of the whole list left for a
   * full collection.
   */
  reserve(parts: readonly GoldPart[]): void {
    let sentences = 0;
    let spans = 0;
    for (const p of parts) {
      sentences += p.sentences.end.length;
      spans += p.spans.start.length;
    }
    this.sentences.reserve(sentences);
    this.spanEndList.reserve(sentences);
    if (parts.every((p) => p.evidence !== undefined)) this.evidenceList?.reserve(sentences);
    this.spanSlots.reserve(this.spans, spans);
  }

  /**
   * Adds the part of the file that follows what this builder has read (read on another thread:
   * {@link toPart}), its lines after the first `lineOffset` of the file. The part starts a new
   * document where a document marker opens it; otherwise its first sentences continue the last
   * document, as they would have read in one pass. Returns where the part went, to place other
   * spans read with it.
   */
  append(p: GoldPart, lineOffset: number): PartPlace {
    const count = p.sentences.end.length;
    const firstSpan = this.spanSlots.at(this.spans);
    if (count === 0) return { base: this.length, shift: this.documents.length, firstSpan };
    this.unit ??= 'token';
    const base = this.length;
    const firstSentence = this.ends.length;
    const d = p.documents;
    const continues = d.marked[0] === 0 && this.documents.length > 0;
    // Document k of the part is document k + shift here.
    const shift = this.documents.length - (continues ? 1 : 0);
    // The last document so far ends where the part's first one does, or where the part starts.
    const last = this.documents[this.documents.length - 1];
    if (last !== undefined && (!continues || d.start.length > 1)) {
      last.end = continues ? base + d.end[0] : base;
      last.endSentence = continues ? firstSentence + d.endSentence[0] : firstSentence;
    }
    for (let k = continues ? 1 : 0; k < d.start.length; k++) {
      this.documents.push({
        index: shift + k, id: d.ids?.[k] ?? `#${shift + k + 1}`,
        start: base + d.start[k], end: base + d.end[k],
        firstSentence: firstSentence + d.firstSentence[k], endSentence: firstSentence + d.endSentence[k],
        marked: d.marked[k] === 1,
      });
    }
    const s = p.sentences;
    for (let i = 0; i < count; i++) {
      const end = base + pagedAt(s.end, i);
      const id = s.ids?.[i] ?? undefined;
      if (id !== undefined) this.idIndex.set(id, firstSentence + i);
      this.ends.push(end);
      this.sentences.describe(shift + pagedAt(s.doc, i), lineOffset + pagedAt(s.line, i), id);
      this.spanEndList.push(firstSpan + p.spanEnds[i]);
    }
    const { start, end, doc, label, labels } = p.spans;
    const spans = this.spans;
    const from = this.spanSlots.take(spans, start.length);
    if (doc !== undefined) {
      for (let j = 0; j < start.length; j++) spans[from + j] = { doc: shift + pagedAt(doc, j), start: base + pagedAt(start, j), end: base + pagedAt(end, j), label: labels[pagedAt(label, j)] };
    } else {
      // Without a document column, each span is in its sentence's document.
      let i = 0;
      for (let j = 0; j < start.length; j++) {
        while (j >= p.spanEnds[i]) i++;
        spans[from + j] = { doc: shift + pagedAt(s.doc, i), start: base + pagedAt(start, j), end: base + pagedAt(end, j), label: labels[pagedAt(label, j)] };
      }
    }
    this.tokens.appendStored(p.tokens);
    // Sentence positions in the file's text hold for a part appended first (a whole gold handed over).
    if (p.lines !== undefined && firstSentence === 0 && base === 0) this.lines = SentenceTexts.of(p.lines);
    if (this.tags !== undefined && p.tags !== undefined) this.tags.appendStored(p.tags);
    else this.tags = undefined;
    if (this.evidenceList !== undefined && p.evidence !== undefined) for (let i = 0; i < count; i++) this.evidenceList.push(p.evidence[i]);
    else this.evidenceList = undefined;
    this.lineSafe &&= p.lineSafe;
    this.length += p.length;
    this.pendingBreak = false;
    this.docId = undefined;
    return { base, shift, firstSpan };
  }
}

/**
 * A {@link GoldBuilder} for a part of a file read on a worker thread: sentences and spans are
 * kept as columns, not objects, and sent back as such ({@link toPart}). Token sentences without
 * record ids only (CoNLL).
 */
export class GoldPartBuilder extends GoldBuilder {
  /** Where each sentence ends, its line and document (it starts where the one before ends). */
  private readonly sentenceColumns = { end: new IntColumn(), line: new IntColumn(), doc: new IntColumn() };
  /** The spans, their documents left to their sentences'. */
  private readonly spanColumns = { start: new IntColumn(), end: new IntColumn(), label: new IntColumn() };
  /** Labels by number, and their numbers. */
  readonly labels: string[] = [];
  private readonly labelIds = new Map<string, number>();

  protected override keepSentence(_index: number, doc: number, _start: number, end: number, line: number, id: string | undefined): void {
    if (id !== undefined) throw new Error('records with ids are not read in parts');
    const c = this.sentenceColumns;
    c.end.push(end);
    c.line.push(line);
    c.doc.push(doc);
  }

  protected override keepSpan(s: RawSpan, base: number, _doc: number): void {
    if (s.fragments !== undefined) throw new Error('spans with fragments are not read in parts');
    const c = this.spanColumns;
    c.start.push(base + s.start);
    c.end.push(base + s.end);
    c.label.push(this.labelId(s.label));
  }

  override get spanCount(): number {
    return this.spanColumns.start.length;
  }

  /** The number of `label` (new labels numbered in order). */
  labelId(label: string): number {
    let id = this.labelIds.get(label);
    if (id === undefined) {
      id = this.labels.length;
      this.labels.push(label);
      this.labelIds.set(label, id);
    }
    return id;
  }

  /** Gold span `k`'s start, end and label number. */
  spanStart(k: number): number {
    return this.spanColumns.start.at(k);
  }

  spanEnd(k: number): number {
    return this.spanColumns.end.at(k);
  }

  spanLabel(k: number): number {
    return this.spanColumns.label.at(k);
  }

  /** What was built, as columns to send back (see {@link GoldBuilder.append}). */
  toPart(): GoldPart {
    if (this.unit === 'char') throw new Error('text records are not read in parts');
    this.finish();
    const documents = documentColumns(this.documents);
    const s = this.sentenceColumns;
    const c = this.spanColumns;
    return {
      length: this.length, tokens: this.tokens.stored(), tags: this.tags?.stored(),
      sentences: { end: s.end.toPaged(), line: s.line.toPaged(), doc: s.doc.toPaged() },
      documents,
      spans: { start: c.start.toPaged(), end: c.end.toPaged(), label: c.label.toPaged(), labels: this.labels },
      spanEnds: this.spanEnds, evidence: this.evidence, lineSafe: this.lineSafe,
    };
  }
}

/** A {@link GoldBuilder}'s work as columns, to travel between threads (see {@link GoldPartBuilder.toPart}). */
export interface GoldPart {
  length: number;
  tokens: StoredTokens;
  tags: StoredTokens | undefined;
  /** Corpus positions, lines and documents relative to the part; record ids, when any sentence has one (null: none). */
  sentences: { end: PagedInts; line: PagedInts; doc: PagedInts; ids?: Array<string | null> };
  /** Documents; their ids when not the numbering `#1`, `#2`, … that a part's documents are otherwise given. */
  documents: { start: Int32Array; end: Int32Array; firstSentence: Int32Array; endSentence: Int32Array; marked: Uint8Array; ids?: string[] };
  spans: PagedSpans;
  spanEnds: Int32Array;
  evidence: Int32Array | undefined;
  lineSafe: boolean;
  /** Where the sentences stand in the gold file's text, when the reader recorded it (a gold handed to workers). */
  lines?: StoredSentenceTexts;
}

/** Documents as a part's columns (without their ids). */
export function documentColumns(d: readonly DocumentInfo[]): GoldPart['documents'] {
  const documents: GoldPart['documents'] = { start: int32s(d.length), end: int32s(d.length), firstSentence: int32s(d.length), endSentence: int32s(d.length), marked: uint8s(d.length) };
  for (let i = 0; i < d.length; i++) {
    documents.start[i] = d[i].start;
    documents.end[i] = d[i].end;
    documents.firstSentence[i] = d[i].firstSentence;
    documents.endSentence[i] = d[i].endSentence;
    documents.marked[i] = d[i].marked === true ? 1 : 0;
  }
  return documents;
}

/** Where {@link GoldBuilder.append} put a part: its corpus position 0, document 0 (document k is shift + k) and first span. */
export interface PartPlace {
  base: number;
  shift: number;
  firstSpan: number;
}

/** Spans as paged columns (see span-columns.ts for the plain form). */
export interface PagedSpans {
  start: PagedInts;
  end: PagedInts;
  /** Each span's document; without it, its sentence's (a part's gold spans: see GoldBuilder.append). */
  doc?: PagedInts;
  /** Index of each span's label in `labels`. */
  label: PagedInts;
  labels: string[];
}

/** The buffers of paged spans, to transfer rather than copy. */
export function pagedSpanBuffers(s: PagedSpans): ArrayBuffer[] {
  return [s.start, s.end, ...(s.doc === undefined ? [] : [s.doc]), s.label].flatMap(pagedBuffers);
}

/** The buffers of a part, to transfer rather than copy. */
export function partBuffers(p: GoldPart): ArrayBuffer[] {
  const out: ArrayBuffer[] = [...storedBuffers(p.tokens), ...(p.tags === undefined ? [] : storedBuffers(p.tags)), ...pagedSpanBuffers(p.spans), p.spanEnds.buffer as ArrayBuffer];
  const { end, line, doc } = p.sentences;
  for (const a of [end, line, doc]) out.push(...pagedBuffers(a));
  const d = p.documents;
  for (const a of [d.start, d.end, d.firstSentence, d.endSentence, d.marked]) out.push(a.buffer as ArrayBuffer);
  if (p.evidence !== undefined) out.push(p.evidence.buffer as ArrayBuffer);
  return out;
}

export function toCorpus(s: RawSpan, base: number, doc: number): Span {
  const span: Span = { doc, start: base + s.start, end: base + s.end, label: s.label };
  if (s.fragments !== undefined) span.fragments = s.fragments.map(([a, b]) => [base + a, base + b]);
  return span;
}

/**
 * Moves `spans` (relative to the sentence that starts at corpus position `base`, in document
 * `doc`) to corpus coordinates, onto the end of `out`. A span the gold standard has too, one of
 * `gold[from, to)` (that sentence's gold spans), is the gold's own object: spans are never changed
 * once loaded, and most of a good system's spans are the gold's (on the 1 GB conlleval file
 * sharing them saves a third of the memory spans take). Spans in order of start, as the tag
 * decoders give them, find theirs in one pass; a span out of that order is made anew. The types
 * of the spans made anew go to `ownTypes`, when given, each with its line in `source`.
 */
export function placeSpans(
  spans: readonly RawSpan[], base: number, doc: number, gold: readonly Span[], from: number, to: number, out: Span[], ownTypes?: OwnTypes, source = '',
): void {
  let g = from;
  for (let j = 0; j < spans.length; j++) {
    const s = spans[j];
    const start = base + s.start;
    while (g < to && gold[g].start < start) g++;
    let shared: Span | undefined;
    if (s.fragments === undefined) {
      for (let k = g; k < to && gold[k].start === start; k++) {
        const t = gold[k];
        if (t.end === base + s.end && t.label === s.label && t.doc === doc && t.fragments === undefined) {
          shared = t;
          break;
        }
      }
    }
    if (shared !== undefined) out.push(shared);
    else {
      if (ownTypes !== undefined) addOwnType(ownTypes, s.label, source, s.line);
      out.push(toCorpus(s, base, doc));
    }
  }
}

