/**
 * Reading the reference a corpus is built on: the gold file, or, without one, the first system
 * file, whose embedded gold column (conlleval style `token gold pred`) is the reference and whose
 * predictions are that system's spans.
 *
 * A large CoNLL reference may be read in parts, one per thread (load-split.ts): each part is read
 * here as if it were the file, and a part read on another thread comes back as columns
 * ({@link ReferencePart}) that {@link appendPart} adds after the parts before it.
 */
import { ReservedSlots } from '../model/arrays.js';
import type { Span, TokenTally } from '../model/corpus.js';
import { IntColumn, pagedAt, pagedBuffers, type PagedInts } from '../model/int-column.js';
import { storedBuffers, TokenStore, type StoredTokens } from '../model/token-store.js';
import { detectScheme } from './chunking.js';
import { tokenisedSegment } from './char-tokens.js';
import { GoldBuilder, GoldPartBuilder, pagedSpanBuffers, partBuffers, placeSpans, type GoldPart, type PagedSpans, type PartPlace } from './gold-builder.js';
import type { RawSpan, ReadSummary, Segment } from './segment.js';
import { addOwnType, type OwnTypes } from './unknown-types.js';

/**
 * The first system's own reading when it is the reference: its spans (those the reference has
 * too are the reference's objects), conlleval's token tally of its two tag columns, and the
 * reference tags the other systems' tallies compare with.
 */
export class EmbeddedReference {
  readonly own: Span[] = [];
  /** The types of the own spans that are not the reference's objects, each with its first line (see unknown-types.ts). */
  readonly ownTypes: OwnTypes = new Map();
  /** Whether a sentence came without an embedded gold column, or any with one. */
  missing = false;
  embedded = false;
  tally: TokenTally | undefined = { tokens: 0, correct: 0, markers: 0 };
  /** The reference's raw tags (kept only when other files will be tallied against them), while every sentence had them. */
  ref: TokenStore | undefined;
  allTags = true;

  /**
   * In a part read on a worker thread (a {@link GoldPartBuilder}): for each span the index of the
   * reference span it is, or -1, and the columns of those that are none (most of a good system's
   * spans are the reference's: on a 1 GB file of CoNLL-2003 text, 92%, 79 MiB of columns fewer).
   */
  private readonly columns: { start: IntColumn; end: IntColumn; doc: IntColumn; label: IntColumn; shared: IntColumn } | undefined;

  constructor(private readonly gold: GoldBuilder, private readonly allowNoGold: boolean, keepTags: boolean) {
    this.ref = keepTags ? new TokenStore() : undefined;
    this.columns = gold instanceof GoldPartBuilder
      ? { start: new IntColumn(), end: new IntColumn(), doc: new IntColumn(), label: new IntColumn(), shared: new IntColumn() }
      : undefined;
  }

  add(raw: Segment): void {
    const seg = tokenisedSegment(raw);
    const b = this.gold;
    if (seg.embeddedGold === undefined) {
      this.missing = true;
      // Without a gold standard the file cannot be scored: said at its first sentence, not after
      // reading the rest (the loader gives the usage error).
      if (!this.allowNoGold) throw new NoEmbeddedGold();
    } else this.embedded = true;
    const start = b.length;
    b.add(seg, seg.embeddedGold ?? []);
    const size = b.length - start;
    if (this.allTags && seg.goldTags !== undefined && seg.goldTags.length === size) {
      const ref = this.ref;
      if (ref !== undefined) for (let j = 0; j < size; j++) ref.push(seg.goldTags[j]);
    } else {
      this.allTags = false;
      this.ref = undefined;
    }
    const tally = this.tally;
    if (tally !== undefined && this.allTags && seg.tags !== undefined && seg.tags.length === size) {
      tally.tokens += size;
      for (let j = 0; j < size; j++) if (seg.tags[j] === seg.goldTags![j]) tally.correct++;
    } else this.tally = undefined;
    const k = b.sentenceCount - 1;
    const from = k === 0 ? 0 : b.spanEndAt(k - 1);
    if (this.columns !== undefined) this.placeColumns(seg.spans, start, b.lastDoc, from, b.spanEndAt(k), seg.source);
    else placeSpans(seg.spans, start, b.lastDoc, b.spans, from, b.spanEndAt(k), this.own, this.ownTypes, seg.source);
  }

  /**
   * {@link placeSpans} for a part: each span goes to the columns, with the index of the one of
   * the reference spans `from` to `to` (its sentence's) it equals, found in one pass as there.
   */
  private placeColumns(spans: readonly RawSpan[], base: number, doc: number, from: number, to: number, source: string): void {
    const c = this.columns!;
    const gold = this.gold as GoldPartBuilder;
    let g = from;
    for (let j = 0; j < spans.length; j++) {
      const s = spans[j];
      if (s.fragments !== undefined) throw new Error('spans with fragments are not read in parts');
      const start = base + s.start;
      const end = base + s.end;
      const label = gold.labelId(s.label);
      while (g < to && gold.spanStart(g) < start) g++;
      let shared = -1;
      for (let k = g; k < to && gold.spanStart(k) === start; k++) {
        if (gold.spanEnd(k) === end && gold.spanLabel(k) === label) {
          shared = k;
          break;
        }
      }
      c.shared.push(shared);
      if (shared >= 0) continue;
      addOwnType(this.ownTypes, s.label, source, s.line);
      c.start.push(start);
      c.end.push(end);
      c.doc.push(doc);
      c.label.push(label);
    }
  }

  /** What a part read, as columns (see {@link EmbeddedPart}). */
  toPart(): EmbeddedPart {
    const c = this.columns;
    if (c === undefined) throw new Error('only a part read on a worker thread is sent back');
    return {
      own: { start: c.start.toPaged(), end: c.end.toPaged(), doc: c.doc.toPaged(), label: c.label.toPaged(), labels: (this.gold as GoldPartBuilder).labels },
      shared: c.shared.toPaged(), missing: this.missing, embedded: this.embedded, tally: this.tally,
      ref: this.ref?.stored(), allTags: this.allTags, places: this.ownTypes,
    };
  }

  /** Slots {@link reserve} lengthened `own` by, for the parts to come. */
  private readonly ownSlots = new ReservedSlots();

  /** Makes room at once for the parts about to be appended (see {@link GoldBuilder.reserve}). */
  reserve(parts: readonly EmbeddedPart[]): void {
    let n = 0;
    for (const p of parts) n += p.shared.length;
    this.ownSlots.reserve(this.own, n);
  }

  /**
   * Adds a part read on another thread, placed in the reference at `place` (see {@link
   * GoldBuilder.append}), its lines after the first `lineOffset` of the file.
   */
  append(p: EmbeddedPart, place: PartPlace, lineOffset: number): void {
    const { start, end, doc, label, labels } = p.own;
    const gold = this.gold.spans;
    const own = this.own;
    const n = p.shared.length;
    const from = this.ownSlots.take(own, n);
    // The columns hold the spans that are not the reference's, in order.
    let q = 0;
    for (let j = 0; j < n; j++) {
      const k = pagedAt(p.shared, j);
      if (k >= 0) own[from + j] = gold[place.firstSpan + k];
      else {
        const type = labels[pagedAt(label, q)];
        own[from + j] = { doc: place.shift + pagedAt(doc, q), start: place.base + pagedAt(start, q), end: place.base + pagedAt(end, q), label: type };
        q++;
      }
    }
    for (const [type, at] of p.places) addOwnType(this.ownTypes, type, at.source, lineOffset + at.line);
    this.missing ||= p.missing;
    this.embedded ||= p.embedded;
    if (this.tally !== undefined && p.tally !== undefined) {
      this.tally.tokens += p.tally.tokens;
      this.tally.correct += p.tally.correct;
    } else this.tally = undefined;
    this.allTags &&= p.allTags;
    if (this.allTags && this.ref !== undefined && p.ref !== undefined) this.ref.appendStored(p.ref);
    else this.ref = undefined;
  }
}

/** An {@link EmbeddedReference}'s part as columns. */
export interface EmbeddedPart {
  /** The own spans that are none of the reference's (those whose `shared` is -1), in order. */
  own: Required<PagedSpans>;
  /** For each own span, the index of the reference span it is among the part's, or -1. */
  shared: PagedInts;
  missing: boolean;
  embedded: boolean;
  tally: TokenTally | undefined;
  ref: StoredTokens | undefined;
  allTags: boolean;
  /** Where the first own span of each type of the part stands, its lines the part's (see {@link EmbeddedReference.ownTypes}). */
  places: OwnTypes;
}

/** Thrown by {@link EmbeddedReference.add} at a sentence without an embedded gold, when one is needed. */
export class NoEmbeddedGold extends Error {
  constructor() {
    super('a sentence without an embedded gold column');
  }
}

/** A part of the reference file read on another thread. */
export interface ReferencePart {
  gold: GoldPart;
  embedded: EmbeddedPart | undefined;
  summary: ReadSummary;
}

/** The buffers of a part, to transfer rather than copy. */
export function referencePartBuffers(p: ReferencePart): ArrayBuffer[] {
  const out = partBuffers(p.gold);
  if (p.embedded !== undefined) {
    out.push(...pagedSpanBuffers(p.embedded.own), ...pagedBuffers(p.embedded.shared));
    if (p.embedded.ref !== undefined) out.push(...storedBuffers(p.embedded.ref));
  }
  return out;
}

/** The reference read so far: the builder, the first system's own reading (without a gold file), and the reader's summary. */
export interface ReferenceRead {
  gold: GoldBuilder;
  embedded: EmbeddedReference | undefined;
  summary: ReadSummary;
}

/** What a part read here sends back. */
export function toReferencePart(r: ReferenceRead): ReferencePart {
  if (!(r.gold instanceof GoldPartBuilder)) throw new Error('only a part read on a worker thread is sent back');
  return { gold: r.gold.toPart(), embedded: r.embedded?.toPart(), summary: r.summary };
}

/**
 * Heap bytes a span object takes once made (V8's three header words and four fields, 56 bytes,
 * measured after a full collection on a 1 GB file) with its slot in a list (8 more).
 */
const SPAN_OBJECT_BYTES = 64;
/** The same for a document's object and its id. */
const DOCUMENT_OBJECT_BYTES = 160;

/**
 * About how many heap bytes a system's spans sent as columns take as objects: those that are the
 * reference's (`shared` ≥ 0) a list slot only.
 */
export function spanObjectsBytes(columns: { start: ArrayLike<number> }, shared: ArrayLike<number> | undefined): number {
  const n = columns.start.length;
  let own = n;
  if (shared !== undefined) {
    own = 0;
    for (let i = 0; i < n; i++) if (shared[i] < 0) own++;
  }
  return SPAN_OBJECT_BYTES * own + 8 * (n - own);
}

/**
 * About how many heap bytes appending `parts` makes: their spans and documents become objects
 * (the rest arrives as typed arrays, outside the heap); the system's spans that are the
 * reference's take a list slot only.
 */
export function partsHeapBytes(parts: readonly ReferencePart[]): number {
  let bytes = 0;
  for (const p of parts) {
    bytes += SPAN_OBJECT_BYTES * p.gold.spans.start.length + DOCUMENT_OBJECT_BYTES * p.gold.documents.start.length;
    if (p.embedded !== undefined) bytes += SPAN_OBJECT_BYTES * p.embedded.own.start.length + 8 * (p.embedded.shared.length - p.embedded.own.start.length);
  }
  return bytes;
}

/** Makes room in `r` at once for `parts`, about to be appended in order ({@link appendPart}). */
export function reserveParts(r: ReferenceRead, parts: readonly ReferencePart[]): void {
  r.gold.reserve(parts.map((p) => p.gold));
  const embedded = parts.flatMap((p) => (p.embedded === undefined ? [] : [p.embedded]));
  if (r.embedded !== undefined) r.embedded.reserve(embedded);
}

/**
 * Adds the part that follows what `r` has read, as one pass over both would have read it: the
 * builder's, the first system's and the summary's figures. The part's lines come after
 * `r.summary.lines`.
 */
export function appendPart(r: ReferenceRead, p: ReferencePart): void {
  const a = r.summary;
  const b = p.summary;
  const place = r.gold.append(p.gold, a.lines ?? 0);
  if (r.embedded !== undefined && p.embedded !== undefined) r.embedded.append(p.embedded, place, a.lines ?? 0);
  const evidence = (a.evidence ?? 0) | (b.evidence ?? 0);
  const goldEvidence = (a.goldEvidence ?? 0) | (b.goldEvidence ?? 0);
  r.summary = {
    ...a,
    segments: a.segments + b.segments,
    scheme: a.scheme === undefined && b.scheme === undefined ? undefined : detectScheme({ bits: evidence }),
    evidence,
    hasEmbeddedGold: a.hasEmbeddedGold || b.hasEmbeddedGold,
    warnings: [...a.warnings, ...b.warnings],
    lines: (a.lines ?? 0) + (b.lines ?? 0),
    markers: (a.markers ?? 0) + (b.markers ?? 0),
    goldEvidence,
    columns: a.columns !== undefined && a.columns >= 0 ? a.columns : b.columns,
  };
}
