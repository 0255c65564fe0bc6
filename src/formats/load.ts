/**
 * Loading a corpus: reads the gold standard and every system output, aligns each system to the
 * gold (by record id when both have ids, else by sentence order with document markers dropped),
 * verifies that tokens (or texts) agree, and moves spans into corpus coordinates. A system
 * record of text against a tokenised gold is laid along the gold's tokens and its character
 * spans moved onto them (char-tokens.ts); a gold record of text with its own token offsets
 * (spaCy) is tokenised by them.
 *
 * Without a gold file, the first system file's embedded gold column (conlleval style
 * `token gold pred`) is the reference. With one, an embedded gold that disagrees is an error
 * naming file:line, unless `ignoreEmbeddedGold`.
 *
 * With `allowNoGold` (for commands that need no scores, such as `combine --plan`), a first system
 * file without an embedded gold column gives a corpus without a gold standard: the first file's
 * sentences are the reference the others align to, the gold has no spans and its source is
 * {@link NO_GOLD_SOURCE} ({@link hasGoldStandard} tells), and the other files' embedded gold
 * columns are not checked.
 *
 * A system that is the gold standard (its file, a copy of it, or the same items: see
 * gold-copy.ts) gets a warning.
 */
import { basename, extname, join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { InputError, paramsIn, showName, showValue, UsageError } from '../errors.js';
import { emptyObjects } from '../model/arrays.js';
import { codePointLength } from './codepoints.js';
import { UNTYPED } from '../report/type-name.js';
import { attachTokenStore } from '../model/corpus-tokens.js';
import { attachSentenceTable, type SentenceTable } from '../model/sentence-table.js';
import { TokenStore, type TokenList } from '../model/token-store.js';
import type { Corpus, DocumentInfo, InputFormat, Span, SystemOutput, TokenTally } from '../model/corpus.js';
import { readBrat } from './brat.js';
import { layTokens, offBoundary, spanOnTokens, tokenisedSegment } from './char-tokens.js';
import { detectScheme, showsScheme } from './chunking.js';
import { readConll } from './conll.js';
import { detectFormat } from './detect.js';
import { readJsonl } from './jsonl.js';
import { checkHeapRoom, readListener, type FilePart } from './lines.js';
import { startParallel, type ParallelRead } from './load-parallel.js';
import { startSplit } from './load-split.js';
import { GoldBuilder, GoldPartBuilder, placeSpans, toCorpus } from './gold-builder.js';
import { SentenceTexts } from './sentence-texts.js';
import { referenceOf, type HandedGold } from './gold-handoff.js';
import { appendPart, EmbeddedReference, NoEmbeddedGold, partsHeapBytes, reserveParts, toReferencePart, type ReferencePart, type ReferenceRead } from './reference.js';
import { listDirectory, numberOrderSlip, readDirectory, zeroPadded } from './directory.js';
import { goldCopyWarning, sameFile, sameInput, sameItems } from './gold-copy.js';
import { warnSameSystems } from './same-systems.js';
import { checkBoolean, checkChoice, checkInteger, withDefaults } from '../metrics/options-check.js';
import type { NoneMissing } from '../metrics/option-keys.js';
import { warnShiftedEnds } from './shifted-ends.js';
import { addOwnType, recordDroppedGoldTypes, recordTypes, warnUnknownTypes, type OwnTypes } from './unknown-types.js';
import { checkStdinOnce, inputKind, isStdin, STDIN, STDIN_NAME } from './source.js';
import { INVALID_TAGS, invalidTags, TAG_SCHEMES, type DroppedChunks, type ExpectedTokens, type InvalidTags, type RawSpan, type ReadOptions, type ReadPart, type ReadSummary, type Segment, type SegmentSink, type TagScheme } from './segment.js';

export interface InputSpec {
  path: string;
  name: string;
}

export interface LoadOptions {
  /** Gold file; when absent the first system's embedded gold is the reference. */
  gold?: string;
  systems: InputSpec[];
  inputFormat: 'auto' | InputFormat;
  scheme: TagScheme;
  strictScheme: boolean;
  /** Tags the scheme does not allow: repaired (default), dropped or rejected (see {@link InvalidTags}); `strictScheme` is 'reject'. */
  invalid?: InvalidTags;
  goldColumn: number;
  predColumn: number;
  ignoreEmbeddedGold: boolean;
  /** Without `gold` and an embedded gold column in the first system, load without a gold standard. */
  allowNoGold?: boolean;
  /**
   * Whether to warn of a system that repeats an earlier one (its file, a copy, the same items:
   * see same-systems.ts), which an ensemble would count twice. Default true; an ablation, which
   * combines nothing, turns it off.
   */
  warnSameSystems?: boolean;
  /**
   * Whether the corpus keeps its tokens (default true). False for a caller that never asks for a
   * token (`eval`): when the reference is the only input (one conlleval file, or a gold file
   * alone), whose tokens no other file is checked against, they are counted and not kept: neither
   * a number a token nor a vocabulary look-up (on a 1 GB file, 350 MiB). Asking such a corpus for a token
   * (`corpus.tokens`) is then an error. With other inputs the tokens are kept.
   */
  keepTokens?: boolean;
  /** Label names of integer `ner_tags` (Hugging Face class ids), in id order. */
  labels?: readonly string[];
  /** Called after each input file is read (the gold standard first), for a progress display. */
  onRead?: (progress: ReadProgress) => void;
  /**
   * Called as a file is read, after each chunk (4 MiB) of it, also from worker threads: progress
   * through a large file, between two `onRead` calls.
   */
  onBytes?: (progress: BytesProgress) => void;
}

/**
 * How far into a file {@link loadCorpus} has read: its bytes read so far of its size (absent for
 * a stream), and the files read before it of all.
 */
export interface BytesProgress {
  path: string;
  bytes: number;
  size?: number;
  done: number;
  total: number;
}

/** The size of a regular file, or undefined (a stream, a file gone). */
function fileSize(path: string): number | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How far {@link loadCorpus} has read: the file just read, files read of all, and that file's
 * items (a file whose embedded gold column is the reference: its gold items and its predictions).
 */
export interface ReadProgress {
  path: string;
  done: number;
  total: number;
  items: number;
}

/** The gold source of a corpus loaded without a gold standard (`allowNoGold`). */
export const NO_GOLD_SOURCE = '(no gold standard)';

/** Whether a corpus has a gold standard (false only for `allowNoGold` loads without one). */
export function hasGoldStandard(corpus: Corpus): boolean {
  return corpus.gold.source !== NO_GOLD_SOURCE;
}

export const DEFAULT_LOAD_OPTIONS: Omit<LoadOptions, 'systems'> = {
  inputFormat: 'auto', scheme: 'auto', strictScheme: false, goldColumn: 0, predColumn: 0, ignoreEmbeddedGold: false,
};

/**
 * Parses a system argument: `name=path` names the system; a bare path is named by its file stem,
 * and `-` (standard input) is named `stdin`. A path that exists as given is never split on `=`.
 * A file descriptor path, as the shell gives for process substitution `<(cmd)` (`/dev/fd/63`,
 * `/proc/self/fd/63`), is named `fd63`: its stem alone would be a bare number.
 */
export function parseSystemArg(arg: string): InputSpec {
  if (typeof arg !== 'string') throw UsageError.about('systems', `each system is a path or name=path, got ${showValue(arg)}`);
  const eq = arg.indexOf('=');
  // `=path`, a name left out, is not read as a file named so unless there is one.
  if (eq === 0 && arg.length > 1 && !existsSync(arg)) throw new UsageError(`"${arg}": expected name=path, the name is empty`);
  if (eq > 0 && !existsSync(arg)) {
    const name = arg.slice(0, eq);
    const path = arg.slice(eq + 1);
    if (path.length === 0) throw new UsageError(`"${arg}": expected name=path, the path is empty`);
    return { name, path };
  }
  return { name: arg === STDIN ? STDIN_NAME : inputStem(arg), path: arg };
}

/** `fd63` for `/dev/fd/63` or `/proc/self/fd/63` (process substitution); undefined for other paths. */
export function descriptorName(path: string): string | undefined {
  const m = /^\/(?:dev|proc\/self)\/fd\/(\d+)$/.exec(path);
  return m === null ? undefined : `fd${m[1]}`;
}

/** Whether `path` is a directory (false for one that cannot be read, which is reported where it is read). */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The name of a system given by its path: a file's name without its extension, a directory's
 * whole name (`runs.v2/` is `runs.v2`: a directory's name has no extension to drop), `fd63` for a
 * process substitution's `/dev/fd/63`.
 */
export function inputStem(path: string): string {
  const fd = descriptorName(path);
  if (fd !== undefined) return fd;
  const base = basename(path.replace(/[\\/]+$/, ''));
  if (isDirectory(path)) return base;
  const ext = extname(base);
  return ext.length > 0 && ext.length < base.length ? base.slice(0, -ext.length) : base;
}

/** Rejects two systems with one name, naming both paths (or the one file given twice). */
export function checkDistinctNames(specs: readonly InputSpec[]): void {
  const seen = new Map<string, string>();
  for (const s of specs) {
    const prev = seen.get(s.name);
    // The same file under two spellings (`crf.conll`, `./crf.conll`, a link) is the file given twice.
    if (prev !== undefined && (prev === s.path || sameFile(prev, s.path))) {
      const as = prev === s.path ? s.path : `${prev} and ${s.path} are one file`;
      throw new UsageError(`two systems are named "${s.name}": ${as}${prev === s.path ? ' is given twice' : ''}; give each file once, or give each its own name with name=path to score it twice`);
    }
    if (prev !== undefined) {
      throw new UsageError(`two systems are named "${s.name}" (${prev} and ${s.path}); give each its own name with name=path (a=FILE b=FILE)`);
    }
    seen.set(s.name, s.path);
  }
}

function read(path: string, format: InputFormat, opts: ReadOptions, sink: SegmentSink): ReadSummary {
  if (format !== 'brat' && inputKind(path) === 'directory') return readDirectory(path, format, opts, sink);
  switch (format) {
    case 'conll': return readConll(path, opts, sink);
    case 'jsonl': return readJsonl(path, schemeFirst(path, opts), sink);
    case 'brat': return readBrat(path, opts, sink);
  }
}

/**
 * The options to read a JSONL file with: with `ner_tags` to drop or reject by and no scheme
 * named, the scheme detected over the whole file by a first reading (as the CoNLL reader does).
 */
function schemeFirst(path: string, opts: ReadOptions): ReadOptions {
  if (invalidTags(opts) === 'repair' || opts.scheme !== 'auto') return opts;
  const first = readJsonl(path, { ...opts, strictScheme: false, invalid: 'repair', expect: undefined }, () => {});
  return first.scheme === undefined ? opts : { ...opts, scheme: first.scheme };
}

/** Aligns one system's segments to the gold skeleton and collects its spans. */
class SystemAligner {
  readonly spans: Span[] = emptyObjects();
  /** The types of the spans made here (the others are the gold's own objects): see unknown-types.ts. */
  readonly ownTypes: OwnTypes = new Map();
  readonly warnings: string[] = [];
  private ptr = 0;
  /** Whether records are matched by id: the gold has ids and so does the first record (see add). */
  private byId: boolean | undefined;
  /** The line of each record id read so far. */
  private seenIds = new Map<string, number>();
  private lastLine = 0;
  /** The file of the last segment: in a directory, one of its files. */
  private lastSource: string | undefined;
  /** Segments read (the file's sentence count so far). */
  private count = 0;
  private embeddedMismatches = 0;
  /** Tokens whose predicted tag is the reference tag, while every segment came with tags. */
  private tally: TokenTally | undefined;
  /** Spans off the gold's token boundaries: how many, and the first, described. */
  private offBoundary = 0;
  /** A sentence that ended before its gold sentence: the error, and the one to give if the file ends with it. */
  private short: { error: InputError; atEnd: InputError } | undefined;
  /**
   * A sentence that was not its gold sentence but a later one, gold sentence `later`: its error
   * is given with the next sentence, with the gold sentences it skips named (`hinted`) when that
   * one is gold sentence `later` + 1, else without (`plain`): a sentence swapped or changed to
   * equal a repeated one (a dateline) is no sign of sentences left out.
   */
  private skip: { later: number; hinted: InputError; plain: InputError } | undefined;
  private firstOffBoundary: InputError | undefined;
  /**
   * Why records are matched in order when the file has ids (its first id is none of the gold's):
   * said with an error the file then meets, as the warning that says it is not printed then.
   */
  inOrderBecause: string | undefined;

  constructor(
    private readonly gold: GoldBuilder,
    private readonly goldPath: string,
    private readonly ignoreEmbeddedGold: boolean,
    private readonly checkEmbeddedGold = true,
    /** The reference's raw tags, one per corpus token, when it was read from tags. */
    private readonly refTags?: TokenList,
  ) {
    if (refTags !== undefined) this.tally = { tokens: 0, correct: 0, markers: 0 };
    // Without gold ids, records are matched in order, whatever the first record has.
    if (gold.idIndex.size === 0) this.byId = false;
  }

  add(seg: Segment): void {
    // A sentence that ended short is an error once another follows it (see checkTokens).
    if (this.short !== undefined) throw this.short.error;
    if (this.skip !== undefined) throw this.nextAfterSkip(seg, this.skip);
    const g = this.gold;
    this.lastLine = seg.line;
    this.lastSource = seg.source;
    this.count++;
    if (this.byId === undefined) {
      this.byId = g.idIndex.size > 0 && seg.id !== undefined;
      if (this.byId && !g.idIndex.has(seg.id!)) {
        // The first record's id is none of the gold's: the ids are of another kind (a tool's row
        // numbers against file names, say). Records are matched in order instead, each still
        // checked against its gold record's text or tokens, and the user is told.
        this.byId = false;
        const some = [...g.idIndex.keys()].slice(0, 2).map((k) => showValue(k)).join(', ');
        this.warnings.push(`${seg.source}:${seg.line}: record id ${showValue(seg.id)} is none of the gold standard's (such as ${some})${idMeant(seg.id!, g.idIndex)}: records are matched in order instead, each checked against its gold record; give records the gold's ids to match by id`);
        this.inOrderBecause = `the first record's id, ${showValue(seg.id)}, is none of the gold standard's (such as ${some}), so records are matched in order`;
      }
    }
    let first: number;
    // A record of text (character offsets) against a tokenised gold: laid along the gold's tokens.
    const onTokens = g.unit === 'token' && seg.tokens === undefined && seg.text !== undefined;
    if (!this.byId && (seg.tokens?.length === 0 || seg.text === '' || (onTokens && seg.spans.length === 0 && seg.text!.trim() === ''))) {
      // An empty record (no tokens, or empty text) asserts nothing: it stands for an empty gold
      // sentence here, if there is one, and is passed over otherwise — as empty gold sentences
      // are passed over when the file has none.
      if (this.ptr < g.sentences.length && isEmpty(g.sentences, this.ptr)) this.ptr++;
      return;
    }
    if (this.byId) {
      if (seg.id === undefined) throw new InputError('record has no id, but earlier records had ids', seg.source, seg.line);
      const idx = g.idIndex.get(seg.id);
      if (idx === undefined) throw new InputError(`record id ${showValue(seg.id)} is not in the gold standard${idMeant(seg.id, g.idIndex)}`, seg.source, seg.line);
      const before = this.seenIds.get(seg.id);
      if (before !== undefined) throw new InputError(`duplicate record id ${showValue(seg.id)} (first on line ${before})`, seg.source, seg.line);
      this.seenIds.set(seg.id, seg.line);
      first = idx;
    } else {
      first = this.ptr;
      // Texts are aligned record by record: pass over empty gold records.
      if (g.unit === 'char' || onTokens) while (first < g.sentences.length && isEmpty(g.sentences, first)) first++;
      if (first >= g.sentences.length) {
        throw new InputError(
          `${unitNoun(g)} ${this.count} has no counterpart: the gold standard has ${plural(g.sentences.length, unitNoun(g))}`,
          seg.source, seg.line,
        );
      }
    }
    const base = g.sentences.start(first);
    // A verified segment is exactly gold sentence `first` (the reader checked it in order).
    const end = seg.verified
      ? g.sentences.end(first)
      : g.unit === 'token' ? (onTokens ? this.placeText(seg, first) : this.checkTokens(seg, first)) : this.checkText(seg, first);
    // A sentence cut short goes no further: its error is given with the next sentence or at the end.
    if (this.short !== undefined || this.skip !== undefined) return;
    let last = first;
    while (g.sentences.end(last) < end) last++;
    if (!this.byId) this.ptr = last + 1;
    if (seg.embeddedGold !== undefined && this.checkEmbeddedGold) this.checkEmbedded(seg, first, last);
    if (this.tally !== undefined) this.countTags(seg, base, end);
    if (seg.sameTags === true) {
      // The predictions are the gold tags of sentence `first` (the reader checked): the gold's
      // spans, shared (spans are never changed once loaded).
      for (let j = first === 0 ? 0 : g.spanEndAt(first - 1); j < g.spanEndAt(first); j++) this.spans.push(g.spans[j]);
      return;
    }
    const single = first === last ? g.sentences.doc(first) : -1;
    const spans = seg.spans;
    if (single >= 0) {
      // One gold sentence: the spans the gold has too are the gold's objects.
      placeSpans(spans, base, single, g.spans, first === 0 ? 0 : g.spanEndAt(first - 1), g.spanEndAt(first), this.spans, this.ownTypes, seg.source);
      return;
    }
    for (let j = 0; j < spans.length; j++) {
      const s = spans[j];
      if (single < 0 && g.unit === 'token' && s.end > s.start) {
        // A segment may join whole gold sentences (a record per document), but no span may
        // cross a gold sentence break: such a span could match no gold item and no CoNLL output
        // could hold it, as a segment that splits a gold sentence is refused above.
        const a = g.sentences.find(base + s.start, first, last);
        const b = g.sentences.find(base + s.end - 1, first, last);
        if (a !== b) {
          throw new InputError(
            `span ${showValue(s.label)} runs from gold sentence ${a + 1} into sentence ${b + 1}, across the gold's sentence break after ${showValue(g.tokens.at(g.sentences.end(a) - 1)!)}; `
            + 'a system may join gold sentences but not cross their breaks (as it may not split one)',
            seg.source, s.line,
          );
        }
      }
      const doc = single >= 0 ? single : g.sentences.doc(g.sentences.find(base + s.start, first, last));
      addOwnType(this.ownTypes, s.label, seg.source, s.line);
      this.spans.push(toCorpus(s, base, doc));
    }
  }

  /** Adds the segment's tokens (corpus positions base..end) to the tally, or gives it up when it has no tags. */
  private countTags(seg: Segment, base: number, end: number): void {
    const t = this.tally!;
    const n = end - base;
    if (seg.sameTags === true) {
      t.tokens += n;
      t.correct += n;
      return;
    }
    const tags = seg.tags;
    if (tags === undefined || tags.length < n) {
      this.tally = undefined;
      return;
    }
    // The sentence's reference tags at once: one call, not one a token.
    const ref = this.refTags!.slice(base, end);
    let correct = 0;
    for (let j = 0; j < n; j++) if (tags[j] === ref[j]) correct++;
    t.tokens += n;
    t.correct += correct;
  }

  /** The tally of the whole file, its `-DOCSTART-` lines included (see {@link TokenTally}); undefined without tags. */
  tokenTally(summary: ReadSummary): TokenTally | undefined {
    return withMarkers(this.tally, summary);
  }

  /** Verifies tokens from gold sentence `first` on; returns the corpus offset where they end. */
  private checkTokens(seg: Segment, first: number): number {
    const g = this.gold;
    if (seg.tokens === undefined) {
      throw new InputError(
        `this input has only text (character offsets), but the gold standard (${g.source}) has tokens: give both with tokens, or both as text`,
        seg.source, seg.line,
      );
    }
    const toks = seg.tokens;
    const base = g.sentences.start(first);
    const want = g.sentences.end(first) - base;
    const lineOf = (j: number) => (seg.tokenPerLine ? seg.line + j : seg.line);
    const sentenceNo = (pos: number) => g.sentences.find(pos, first) + 1;
    const countError = () => new InputError(
      `record ${showValue(seg.id)} has ${plural(toks.length, 'token')}, but the gold record ${showValue(seg.id)} (sentence ${first + 1}) has ${want}`,
      seg.source, seg.line,
    );
    if (this.byId && toks.length !== want) throw countError();
    // The gold's tokens from here, at once: one call, not one a token.
    const gold = g.tokens.slice(base, base + toks.length);
    for (let j = 0; j < toks.length; j++) {
      const pos = base + j;
      if (pos >= g.length) {
        const last = g.length > 0
          ? `, whose last token is ${showValue(g.tokens.at(g.length - 1)!)} (sentence ${g.sentences.find(g.length - 1) + 1})`
          : ', which has no tokens';
        throw new InputError(`token ${showValue(toks[j])} runs past the end of the gold standard${last}`, seg.source, lineOf(j));
      }
      if (toks[j] !== gold[j]) {
        const said = `token ${showValue(toks[j])} but gold has ${showValue(g.tokens.at(pos)!)} (sentence ${sentenceNo(pos)})`;
        const plain = new InputError(said, seg.source, lineOf(j));
        const later = this.byId ? -1 : laterSentence(g, first, toks);
        if (later < 0) throw plain;
        // Told with the next sentence (see skip).
        this.skip = { later, plain, hinted: new InputError(said + skippedSentences(g, first, later), seg.source, lineOf(j)) };
        return g.sentences.end(later);
      }
    }
    const end = base + toks.length;
    // An empty record (matched by id) is an empty gold sentence, checked above.
    if (toks.length === 0) return end;
    const k = g.sentences.find(end - 1, first);
    if (g.sentences.end(k) !== end) {
      // Said when the next sentence comes; if none does, the file ends here (see finish).
      const next = showValue(g.tokens.at(end)!);
      this.short = {
        error: new InputError(`sentence ends after ${plural(toks.length, 'token')}, but gold sentence ${k + 1} goes on with ${next}`, seg.source, lineOf(toks.length - 1)),
        atEnd: new InputError(
          `the file ends after ${plural(end - g.sentences.start(k), 'token')} of gold sentence ${k + 1}, which goes on with ${next}: expected the whole sentence (is the file cut short?)`,
          seg.source, lineOf(toks.length - 1),
        ),
      };
    }
    return end;
  }

  /**
   * Lays the gold's tokens from sentence `first` on along the record's text (see char-tokens.ts)
   * and moves its spans onto them; a span off the tokens' boundaries is left out and counted, and
   * {@link finish} reports it. Returns the corpus offset where the text's tokens end.
   */
  private placeText(seg: Segment, first: number): number {
    const g = this.gold;
    const text = seg.text!;
    const base = g.sentences.start(first);
    const limit = this.byId ? g.sentences.end(first) : g.length;
    const laid = layTokens(text, g.tokens, base, limit);
    const cp = (o: number) => [...text.slice(0, o)].length;
    if ('at' in laid) {
      const here = `${showValue(text.slice(laid.at, laid.at + 20))} at character ${cp(laid.at)}`;
      const detail = laid.token >= limit
        ? `text goes on with ${here} after the last token of ${this.byId ? `gold sentence ${first + 1}` : 'the gold standard'}`
        : `text has ${here} where the gold standard has the token ${showValue(g.tokens.at(laid.token)!)} (sentence ${g.sentences.find(laid.token, first) + 1})`;
      const [file, line] = textPlace(seg, laid.at);
      const said = `${detail}; a record's text must spell the gold tokens in order, with only white space between them`;
      const plain = new InputError(said, file, line);
      // A record whose text is a later gold sentence's: told with the next record, as a CoNLL
      // sentence is (see skip), so that two records swapped are not taken for sentences left out.
      const later = !this.byId && laid.token === base ? laterText(g, first, text) : undefined;
      if (later === undefined) throw plain;
      const hinted = new InputError(said + skippedSentences(g, first, later[0]).replace('this sentence is', 'this record\'s text is'), file, line);
      this.skip = { later: later[1], plain, hinted };
      return g.sentences.end(later[1]);
    }
    const count = laid.starts.length;
    const end = base + count;
    if (this.byId && end !== g.sentences.end(first)) {
      throw new InputError(
        `record ${showValue(seg.id)} has the text of ${plural(count, 'token')}, but the gold record ${showValue(seg.id)} (sentence ${first + 1}) has ${g.sentences.end(first) - base}`,
        seg.source, seg.line,
      );
    }
    if (count === 0) {
      // Blank text: an empty gold record matched by id, or spans with nothing to stand on.
      if (seg.spans.length > 0) throw new InputError('the text is blank, but the record has spans', seg.source, seg.line);
      return end;
    }
    const k = g.sentences.find(end - 1, first);
    if (g.sentences.end(k) !== end) {
      const [file, line] = textPlace(seg, laid.ends[count - 1]);
      throw new InputError(
        `text ends after ${plural(count, 'token')}, but gold sentence ${k + 1} goes on with ${showValue(g.tokens.at(end)!)}`,
        file, line,
      );
    }
    const spans: RawSpan[] = [];
    for (const sp of seg.spans) {
      const moved = spanOnTokens(laid, sp);
      if (moved !== undefined) spans.push(moved);
      else if (this.offBoundary++ === 0) this.firstOffBoundary = new InputError(offBoundary(text, laid, sp, g.tokens, base), seg.source, sp.line);
    }
    seg.spans = spans;
    return end;
  }

  private checkText(seg: Segment, first: number): number {
    const g = this.gold;
    if (seg.text === undefined) {
      throw new InputError(
        `this input has tokens, but the gold standard (${g.source}) has only text (character offsets): give both with tokens, or both as text`,
        seg.source, seg.line,
      );
    }
    const want = g.texts[first];
    if (seg.text !== want && seg.text.trimEnd() === want.trimEnd()) {
      // The texts differ only in the white space at their ends: a BRAT .txt file ends with a line
      // break that a JSONL record's text often leaves out. Offsets count from the start, so they
      // mean the same in both, unless a span covers that white space past the gold's text.
      const past = seg.spans.find((s) => s.end > want.length);
      if (past !== undefined) {
        throw new InputError(
          `span ${showValue(past.label)} [${codePointLength(seg.text.slice(0, past.start))}, ${codePointLength(seg.text.slice(0, past.end))}) runs past the end of gold record ${first + 1}'s text (${codePointLength(want)} characters): the two texts differ only in white space at their ends, which no span may cover`,
          seg.source, past.line,
        );
      }
      return g.sentences.end(first);
    }
    if (seg.text !== want) {
      // The text of a later gold record: the ones between have no record here (matched in order).
      const mine = seg.text.trimEnd();
      const ahead = g.texts.slice(first + 1, first + 6).findIndex((t) => t.trimEnd() === mine);
      if (ahead >= 0) {
        const docOf = (k: number) => showValue(g.documents[g.sentences.doc(k)].id);
        const skipped = ahead === 0 ? `gold record ${first + 1} (document ${docOf(first)}) has` : `gold records ${first + 1} to ${first + 1 + ahead} (documents ${docOf(first)} to ${docOf(first + ahead)}) have`;
        throw new InputError(
          `${skipped} no record here: this record's text is gold record ${first + ahead + 2}'s (document ${docOf(first + ahead + 1)}); records are matched in order, so give every gold record, in the gold's order, or give records the gold's ids`,
          seg.source, seg.line,
        );
      }
      let k = 0;
      while (k < want.length && k < seg.text.length && want.charCodeAt(k) === seg.text.charCodeAt(k)) k++;
      // Characters are counted as code points, as the offsets are.
      const at = codePointLength(seg.text.slice(0, k));
      const show = (s: string) => showValue(s.slice(k, k + 20));
      const crlf = (a: string, b: string) => a.startsWith('\r\n', k) && b.startsWith('\n', k);
      const detail = k === want.length
        ? `text goes on after gold record ${first + 1}'s text ends, at character ${at}, with ${show(seg.text)}`
        : k === seg.text.length
          ? `text ends at character ${at}, where gold record ${first + 1}'s text goes on with ${show(want)}`
          : `text differs from gold record ${first + 1} at character ${at}: ${show(seg.text)} but gold has ${show(want)}`
            + (crlf(seg.text, want) ? ' (a CRLF line end here, LF in the gold standard: offsets count the \\r, so give both the same line ends)'
              : crlf(want, seg.text) ? ' (an LF line end here, CRLF in the gold standard: offsets count the \\r, so give both the same line ends)' : '');
      const [file, line] = textPlace(seg, k);
      throw new InputError(detail, file, line);
    }
    return g.sentences.end(first);
  }

  private checkEmbedded(seg: Segment, first: number, last: number): void {
    const g = this.gold;
    const mine0 = seg.embeddedGold!;
    if (first === last && sameSpans(mine0, g.sentenceSpans(first))) return;
    const base = g.sentences.start(first);
    const key = (s: RawSpan) => `${s.start}:${s.end}:${s.label}`;
    const goldRel = new Map<string, RawSpan>();
    for (let k = first; k <= last; k++) {
      const shift = g.sentences.start(k) - base;
      for (const s of g.sentenceSpans(k)) {
        const r = { ...s, start: s.start + shift, end: s.end + shift };
        goldRel.set(key(r), r);
      }
    }
    const mine = new Map(seg.embeddedGold!.map((s) => [key(s), s] as const));
    let diff: string | undefined;
    let line = seg.line;
    const lineOf = (j: number) => (seg.tokenPerLine ? seg.line + j : seg.line);
    const text = (s: RawSpan) => showValue(g.unit === 'token' ? g.tokens.slice(base + s.start, base + s.end).join(' ') : '');
    for (const [k, s] of mine) {
      if (!goldRel.has(k)) {
        diff = `embedded gold has ${labelName(s.label)} ${text(s)} which the gold standard (${this.goldPath}) lacks`;
        line = lineOf(s.start);
        break;
      }
    }
    if (diff === undefined) {
      for (const [k, s] of goldRel) {
        if (!mine.has(k)) {
          diff = `embedded gold lacks ${labelName(s.label)} ${text(s)} which the gold standard (${this.goldPath}) has`;
          line = lineOf(s.start);
          break;
        }
      }
    }
    if (diff === undefined) return;
    if (!this.ignoreEmbeddedGold) {
      throw InputError.about(`${diff}; pass {ignoreEmbeddedGold} to score against the gold standard anyway`, seg.source, line);
    }
    if (this.embeddedMismatches++ === 0) this.warnings.push(`${InputError.format(diff, seg.source, line)} (ignored: --ignore-embedded-gold)`);
  }

  /**
   * The error of a sentence that was a later gold sentence (see {@link skip}), `seg` the sentence
   * after it (undefined: the file ended): named as skipping sentences when `seg` follows on.
   */
  private nextAfterSkip(seg: Segment | undefined, skip: { later: number; hinted: InputError; plain: InputError }): InputError {
    const g = this.gold;
    const k = skip.later + 1;
    if (seg === undefined) return k === g.sentences.length ? skip.hinted : skip.plain;
    const toks = seg.tokens;
    if (toks === undefined && seg.text !== undefined && k < g.sentences.length) {
      // A record of text: it must spell, from its start, the gold sentence after the skip's.
      const text = seg.text;
      const start = g.sentences.start(k);
      if (!text.startsWith(g.tokens.at(start)!, text.length - text.trimStart().length)) return skip.plain;
      return 'at' in layTokens(text, g.tokens, start, g.length) ? skip.plain : skip.hinted;
    }
    if (toks === undefined || k >= g.sentences.length) return skip.plain;
    const start = g.sentences.start(k);
    if (g.sentences.end(k) - start !== toks.length) return skip.plain;
    const theirs = g.tokens.slice(start, start + toks.length);
    return theirs.every((t, j) => t === toks[j]) ? skip.hinted : skip.plain;
  }

  /** Checks that the file covered the gold standard; `summary` is the reader's. */
  finish(source: string, summary: ReadSummary, format: InputFormat): void {
    if (this.short !== undefined) throw this.short.atEnd;
    if (this.skip !== undefined) throw this.nextAfterSkip(undefined, this.skip);
    const g = this.gold;
    const n = g.sentences.length;
    const off = this.firstOffBoundary;
    if (off !== undefined) {
      const others = this.offBoundary - 1;
      const more = others > 0 ? ` (nor ${others === 1 ? 'does 1 more span' : `do ${others} more spans`} of this file)` : '';
      throw new InputError(
        `${off.detail}: it does not fall on the gold standard's token boundaries${more}; complan does not move spans onto tokens`,
        off.file, off.line,
      );
    }
    if (this.byId) {
      const missing = g.idIndex.size - this.seenIds.size;
      if (missing > 0) {
        const absent: string[] = [];
        for (const id of g.idIndex.keys()) {
          if (this.seenIds.has(id)) continue;
          absent.push(showValue(id));
          if (absent.length === 3) break;
        }
        const which = missing === 1 ? `gold record ${absent[0]} has` : `${missing} gold records have`;
        const named = missing === 1 ? '' : ` (${missing > 3 ? 'the first: ' : ''}${absent.join(', ')})`;
        this.warnings.push(`${source}: ${which} no record here${named}; scored as predicting nothing there`);
      }
    } else {
      while (this.ptr < n && isEmpty(g.sentences, this.ptr)) this.ptr++;
      if (this.ptr < n) {
        if (this.count === 0) {
          const dir = inputKind(source) === 'directory';
          const what = summary.lines === 0
            ? (dir ? 'the files of the directory are empty' : `${theFile(source)} is empty`)
            : `${dir ? 'the files of the directory have' : `${theFile(source)} has`} no ${unitsOf(format)} (${noSentences(summary, format, source)})`;
          throw new InputError(`${what}, but the gold standard has ${plural(n, unitNoun(g))}`, source);
        }
        // A directory's files end in its last file with sentences: that file and its last sentence's line are named.
        const inDirectory = summary.lines === undefined && this.lastSource !== undefined && this.lastSource !== source;
        throw new InputError(
          `${inDirectory ? `the files of ${source} end` : 'the file ends'} after ${plural(this.ptr, unitNoun(g))}, but the gold standard has ${n}; the first missing is gold ${unitNoun(g)} ${this.ptr + 1} (${goldPlace(g, this.ptr)})`,
          inDirectory ? this.lastSource : source, summary.lines ?? (this.lastLine || undefined),
        );
      }
    }
    if (this.embeddedMismatches > 1) this.warnings.push(`${source}: embedded gold disagrees in ${this.embeddedMismatches} sentences (ignored)`);
  }
}

/**
 * Where the character at UTF-16 offset `k` of a record's text stands: a JSONL record's line, or,
 * for a BRAT document (whose segment names its `.ann` file), the `.txt` file that holds the text
 * and the line the character falls on.
 */
function textPlace(seg: Segment, k: number): [string, number] {
  const text = seg.text ?? '';
  if (!seg.source.endsWith('.ann')) return [seg.source, seg.line];
  let line = seg.line;
  for (let i = text.indexOf('\n'); i >= 0 && i < k; i = text.indexOf('\n', i + 1)) line++;
  return [`${seg.source.slice(0, -4)}.txt`, line];
}

/** A tally with the file's `-DOCSTART-` lines added as correct tokens, as conlleval counts them. */
function withMarkers(t: TokenTally | undefined, summary: ReadSummary): TokenTally | undefined {
  if (t === undefined) return undefined;
  const markers = summary.markers ?? 0;
  return { tokens: t.tokens + markers, correct: t.correct + markers, markers };
}

/**
 * The scheme of a file's embedded gold column: the one --scheme names, else the one its tags show
 * (CoNLL only; none for a format without the column's evidence).
 */
function embeddedScheme(opts: LoadOptions, summary: ReadSummary): string | undefined {
  // Tags that are all O show no scheme.
  if (summary.goldEvidence === undefined || (opts.scheme === 'auto' && !showsScheme(summary.goldEvidence))) return undefined;
  return opts.scheme !== 'auto' ? opts.scheme : detectScheme({ bits: summary.goldEvidence });
}

/**
 * The warning that `--invalid drop` dropped chunks of a file, or undefined when it dropped none:
 * otherwise the only sign would be fewer items (a lower gold count, for the gold standard).
 */
function droppedWarning(d: DroppedChunks | undefined, gold: boolean): string | undefined {
  if (d === undefined || d.count === 0) return undefined;
  const n = d.count;
  const scheme = d.scheme.toUpperCase();
  const t = d.trimmed;
  const trimmed = t === 0 ? ''
    : ` (${n === 1 ? 'only' : `${t} of them only`} in part: kept without ${t === 1 ? 'its' : 'their'} B- tag, where ${scheme} opens no chunk)`;
  return `${d.source}:${d.line}: --invalid drop dropped ${plural(n, gold ? 'gold chunk' : 'predicted chunk')} that ${scheme} does not allow, `
    + `${n === 1 ? 'on' : 'the first on'} this line${trimmed}; --invalid repair reads ${n === 1 ? 'it' : 'them'} as conlleval does`;
}

/**
 * The scheme a file's tags were read by: the one --scheme names, else the one detected; none
 * without tags, or when every tag is O (nothing shows a scheme then: IOB2 is only the reader's default).
 */
function schemeRead(opts: LoadOptions, summary: ReadSummary): string | undefined {
  if (opts.scheme === 'auto' && summary.evidence !== undefined && !showsScheme(summary.evidence)) return undefined;
  return summary.scheme !== undefined && opts.scheme !== 'auto' ? opts.scheme : summary.scheme;
}

/** Whether a sentence (or record) has no tokens or no text. */
function isEmpty(sentences: SentenceTable, k: number): boolean {
  return sentences.start(k) === sentences.end(k);
}

/** `1 sentence`, `2 sentences`. */
function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `the file`, or `standard input` when `source` is it (`-`). */
function theFile(source: string): string {
  return isStdin(source) ? 'standard input' : 'the file';
}

/** What a file of `format` holds, as an error that it holds none says it: JSONL's are records. */
function unitsOf(format: InputFormat): string {
  return format === 'jsonl' ? 'records' : 'sentences';
}

/** Why a file that gave no segments has none: "the file is empty", or what it holds instead. */
function noSentences(summary: ReadSummary, format: InputFormat, source: string): string {
  if (summary.lines === 0) return `${theFile(source)} is empty`;
  return `only ${format === 'conll' ? 'blank lines and -DOCSTART- lines' : 'blank lines'}`;
}

/**
 * Where gold sentence `k` (from 0) stands, `file:line`: in a directory gold standard, the file of
 * its document (each file is one, named by its file name), else the gold file.
 */
/** How far ahead {@link laterSentence} looks: a missing document of a few thousand sentences. */
const SKIP_SEARCH = 20_000;

/**
 * The first gold sentence after `first` (up to {@link SKIP_SEARCH} on) whose tokens are `toks`,
 * of two tokens or more (a lone "." or a heading matches too often by chance); -1 when none is.
 * Asked only when a sentence does not match its own: it tells a sentence left out of a file.
 */
function laterSentence(g: GoldBuilder, first: number, toks: readonly string[]): number {
  if (toks.length < 2) return -1;
  const last = Math.min(g.sentences.length, first + 1 + SKIP_SEARCH);
  for (let k = first + 1; k < last; k++) {
    const start = g.sentences.start(k);
    if (g.sentences.end(k) - start !== toks.length || g.tokens.at(start) !== toks[0]) continue;
    const theirs = g.tokens.slice(start, start + toks.length);
    if (theirs.every((t, j) => t === toks[j])) return k;
  }
  return -1;
}

/**
 * The first and last of the later gold sentences (from within SKIP_SEARCH) whose tokens a record's
 * text spells from its start, ending where a gold sentence ends: sentences left out before the
 * record (see laterSentence).
 */
function laterText(g: GoldBuilder, first: number, text: string): [number, number] | undefined {
  const lead = text.length - text.trimStart().length;
  const last = Math.min(g.sentences.length, first + 1 + SKIP_SEARCH);
  for (let k = first + 1; k < last; k++) {
    const start = g.sentences.start(k);
    if (!text.startsWith(g.tokens.at(start)!, lead)) continue;
    const laid = layTokens(text, g.tokens, start, g.length);
    if ('at' in laid || laid.starts.length < 2) continue;
    const end = start + laid.starts.length;
    const k2 = g.sentences.find(end - 1, k);
    if (g.sentences.end(k2) === end) return [k, k2];
  }
  return undefined;
}

/** What to add to the message for a sentence that is gold sentence `later`, not `first`: the sentences before it are missing. */
function skippedSentences(g: GoldBuilder, first: number, later: number): string {
  const gap = later - first;
  const which = gap === 1 ? `is gold sentence ${first + 1} (${goldPlace(g, first)})` : `are gold sentences ${first + 1} to ${later} (from ${goldPlace(g, first)})`;
  return `; this sentence is gold sentence ${later + 1} (${goldPlace(g, later)}): ${which} missing before it?`;
}

/**
 * What a gold unit is called in messages: a sentence of tokens, or a record of text (a JSONL line
 * or a BRAT document, which is often a whole document), as eval's title counts them.
 */
function unitNoun(g: GoldBuilder): string {
  return g.unit === 'token' ? 'sentence' : 'record';
}

function goldPlace(g: GoldBuilder, k: number): string {
  const line = g.sentences.line(k);
  if (inputKind(g.source) !== 'directory') return `${g.source}:${line}`;
  let doc: DocumentInfo | undefined;
  for (const d of g.documents) if (d.firstSentence <= k) doc = d;
  const file = doc === undefined ? undefined : join(g.source, doc.id);
  return file !== undefined && existsSync(file) ? `${file}:${line}` : `${g.source}:${line}`;
}

/** Whether two span lists hold the same spans in the same order (the common, fast case). */
function sameSpans(a: readonly RawSpan[], b: readonly RawSpan[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].start !== b[i].start || a[i].end !== b[i].end || a[i].label !== b[i].label || a[i].fragments || b[i].fragments) return false;
  }
  return true;
}

/**
 * A directory of CoNLL or JSONL files is one input, one document a file: when such an input does not line up
 * with the gold standard, the likely intent was one system per file, and the message says so.
 */
/** An id with its letters in lower case and its numbers without leading zeros (`Doc007` → `doc7`). */
function looseId(id: string): string {
  return id.toLowerCase().replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, ''));
}

/**
 * ` (did you mean "doc07"?)` when exactly one gold id is `id` but for case or zeros before a
 * number (`doc7`, `DOC07`), as ids written by another tool often are; else ''.
 */
function idMeant(id: string, ids: ReadonlyMap<string, number>): string {
  const want = looseId(id);
  let meant: string | undefined;
  for (const k of ids.keys()) {
    if (looseId(k) !== want) continue;
    if (meant !== undefined) return '';
    meant = k;
  }
  return meant === undefined ? '' : ` (did you mean ${showValue(meant)}?)`;
}

/** `err`, an input error, with `more` after its message (a template's parameters kept); anything else as it is. */
function withMore(err: unknown, more: string): unknown {
  if (!(err instanceof InputError)) return err;
  if (err.template === undefined) return new InputError(err.detail + more, err.file, err.line);
  // Words that hold `{word}` themselves cannot join a template.
  return /\{\w+\}/.test(more) ? err : InputError.about(err.template + more, err.file, err.line);
}

function withDirectoryHint(err: unknown, path: string, format?: InputFormat, goldPath?: string): unknown {
  if (!(err instanceof InputError)) return err;
  if (format !== undefined && inputKind(path) === 'directory' && listDirectory(path).brat) {
    // A BRAT directory read as another format: only --input-format makes that happen.
    const more = ` (${path} holds .ann files, BRAT standoff, but {inputFormat} ${format} read it as ${format === 'jsonl' ? 'JSONL' : 'CoNLL'}: leave {inputFormat} auto)`;
    // A detail that holds `{word}` itself cannot be a template: it keeps the parameter's name.
    if (err.template === undefined && /\{\w+\}/.test(err.detail)) return new InputError(err.detail + paramsIn(more), err.file, err.line);
    return InputError.about((err.template ?? err.detail) + more, err.file, err.line);
  }
  if (inputKind(path) === 'directory' && err.file !== undefined && err.file.endsWith('.txt')) {
    // Text files without .ann files beside them were read as CoNLL: perhaps a BRAT directory missing its annotations.
    const { brat, files } = listDirectory(path);
    if (!brat && files.length > 0 && files.every((f) => f.endsWith('.txt'))) {
      return withMore(err, ` (${path} holds .txt files and no .ann file, so it was read as CoNLL, one document a file; for BRAT, put each NAME.ann beside its NAME.txt)`);
    }
  }
  if (err.template !== undefined) return err;
  const misaligned = /counterpart|past the end of the gold|goes on with|but gold has/.test(err.detail);
  if ((misaligned || /^the file ends after/.test(err.detail)) && inputKind(path) !== 'directory' && goldPath !== undefined && isDirectory(goldPath)) {
    // A system file against a gold directory whose numbers are not zero-padded: the gold's
    // documents were read out of numeric order (doc-10 before doc-2), the file's were not.
    const files = listDirectory(goldPath).files;
    const slip = misaligned ? numberOrderSlip(files) : undefined;
    if (slip === undefined) {
      // Else, where the file has fewer or more sentences than the gold: a gold directory of
      // several files is all of them, which a user who meant one file (or gave a folder of
      // systems as the gold standard) does not expect.
      if (files.length < 2 || !/^the file ends after|past the end of the gold|has no counterpart/.test(err.detail)) return err;
      return withMore(err, ` (the gold standard ${goldPath} is a directory, one input, one document a file: its ${files.length} files, read in code-point order of their names, are all the gold standard)`);
    }
    const hint = `the gold standard ${goldPath} is one input, one document a file, read in code-point order of the names: ${slip[0]} before ${slip[1]}; `
      + `pad the numbers with zeros (${zeroPadded(slip[1], files)}) to read them in numeric order`;
    return new InputError(`${err.detail.replace(/; this sentence is gold sentence \d+ .*\?$/, '')} (${hint})`, err.file, err.line);
  }
  if (inputKind(path) !== 'directory' || !misaligned) return err;
  const glob = `${path.replace(/[\\/]+$/, '')}/*`;
  // Numbers in the names that are not zero-padded put doc-10 before doc-2: the likely cause when
  // the first file read out of numeric order is where the gold no longer lines up (a gold
  // directory is read in the same order, so there it is not).
  const slip = goldPath !== undefined && isDirectory(goldPath) ? undefined : numberOrderSlip(listDirectory(path).files);
  const order = slip !== undefined && err.file === join(path, slip[0]) ? slip : undefined;
  const hint = order === undefined
    ? `${path} is one input, one document a file; for one system a file, give ${glob}`
    : `${path} is one input, one document a file, read in code-point order of the names: ${order[0]} before ${order[1]}; `
      + `pad the numbers with zeros (${zeroPadded(order[1], listDirectory(path).files)}) to read them in numeric order, or for one system a file, give ${glob}`;
  // Files read out of numeric order, not missing sentences, are then the likely cause: the
  // guess that a sentence is a later gold sentence's (see skippedSentences) is left out.
  // In a directory, sentences that seem left out may be in a file read later: said so.
  const detail = order === undefined
    ? err.detail.replace(/ missing before it\?$/, ' missing before it, or in a file read later?')
    : err.detail.replace(/; this sentence is gold sentence \d+ .*\?$/, '');
  return new InputError(`${detail} (${hint})`, err.file, err.line);
}

function readOptions(opts: LoadOptions, role: 'gold' | 'system', expect?: ExpectedTokens, tokenStore?: TokenStore, tagStore?: TokenStore): ReadOptions {
  const ro: ReadOptions = { role, scheme: opts.scheme, strictScheme: opts.strictScheme, invalid: opts.invalid, goldColumn: opts.goldColumn, predColumn: opts.predColumn, expect };
  if (tokenStore !== undefined) ro.tokenStore = tokenStore;
  if (tagStore !== undefined) ro.tagStore = tagStore;
  if (opts.labels !== undefined) ro.labels = opts.labels;
  return ro;
}

/**
 * Switches for tests: `verifyInPlace` lets readers check tokens against the gold in place;
 * `deferredTokenChars` is how much of a gold file's text its token store keeps to number its
 * tokens later (see TokenStore.defer).
 */
export const loadInternals = { verifyInPlace: true, deferredTokenChars: 64 << 20 };

/** A label in a message: as the tables name it when it is empty (an untyped item), else as {@link showName} shows it. */
function labelName(label: string): string {
  return label === '' ? UNTYPED : showName(label);
}

/**
 * What {@link loadCorpus} takes: {@link LoadOptions}, every option but `systems` optional (the
 * defaults of {@link DEFAULT_LOAD_OPTIONS}), and systems as specs or as paths (named as the
 * command names them, by {@link parseSystemArg}).
 */
export type LoadInput = Partial<Omit<LoadOptions, 'systems'>> & { systems?: ReadonlyArray<InputSpec | string> };

/** Every option {@link loadCorpus} takes (any other key is refused). */
export const LOAD_OPTION_KEYS = [
  'gold', 'systems', 'inputFormat', 'scheme', 'strictScheme', 'invalid', 'goldColumn', 'predColumn', 'ignoreEmbeddedGold',
  'allowNoGold', 'warnSameSystems', 'keepTokens', 'labels', 'onRead', 'onBytes',
] as const satisfies readonly (keyof LoadInput)[];
type _LoadKeysListed = NoneMissing<Exclude<keyof LoadInput, (typeof LOAD_OPTION_KEYS)[number]>>;

/** The load options of `given`: defaults for what it leaves out, every system a spec. */
export function loadOptionsOf(given: LoadInput): LoadOptions {
  // (withDefaults refuses options that are not an object, and keeps a default an undefined option leaves.)
  const { systems: _, ...rest } = withDefaults<Omit<LoadOptions, 'systems'> & { systems?: unknown }>(DEFAULT_LOAD_OPTIONS, given, LOAD_OPTION_KEYS);
  checkLoadOptions(rest);
  const listed: unknown = given?.systems ?? [];
  if (!Array.isArray(listed)) throw UsageError.about('systems', `expects a list of paths or {name, path}, got ${showValue(listed)}`);
  const systems = (listed as ReadonlyArray<InputSpec | string>).map((s) => {
    if (typeof s === 'string') return parseSystemArg(s);
    if (s === null || typeof s !== 'object' || typeof s.path !== 'string' || typeof s.name !== 'string') {
      throw UsageError.about('systems', `each system is a path or {name, path}, got ${showValue(s)}`);
    }
    if (s.name === '' || s.path === '') throw UsageError.about('systems', `a system's name and path cannot be empty, got ${showValue(s)}`);
    return s;
  });
  return { ...rest, systems };
}

/**
 * Throws a UsageError about the load option at fault, as the command refuses its option: a
 * format or scheme no reader knows, a column that is no column number (0 keeps the default),
 * a flag that is not true or false, a gold path that is no string, labels that are not strings,
 * a progress callback that is no function.
 */
function checkLoadOptions(o: Omit<LoadOptions, 'systems'>): void {
  checkChoice('inputFormat', o.inputFormat, ['auto', 'conll', 'jsonl', 'brat']);
  checkChoice('scheme', o.scheme, TAG_SCHEMES);
  if (o.invalid !== undefined) checkChoice('invalid', o.invalid, INVALID_TAGS);
  checkInteger('goldColumn', o.goldColumn, 0);
  checkInteger('predColumn', o.predColumn, 0);
  checkBoolean('strictScheme', o.strictScheme);
  checkBoolean('ignoreEmbeddedGold', o.ignoreEmbeddedGold);
  if (o.allowNoGold !== undefined) checkBoolean('allowNoGold', o.allowNoGold);
  if (o.warnSameSystems !== undefined) checkBoolean('warnSameSystems', o.warnSameSystems);
  if (o.keepTokens !== undefined) checkBoolean('keepTokens', o.keepTokens);
  if (o.gold !== undefined && (typeof o.gold !== 'string' || o.gold === '')) throw UsageError.about('gold', `expects a path, got ${showValue(o.gold)}`);
  if (o.labels !== undefined && (!Array.isArray(o.labels) || o.labels.some((l) => typeof l !== 'string'))) {
    throw UsageError.about('labels', `expects a list of label names (strings), got ${showValue(o.labels)}`);
  }
  // Called only once a file is read: a callback that is none is said before any reading.
  for (const key of ['onRead', 'onBytes'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'function') throw UsageError.about(key, `expects a function, got ${showValue(o[key])}`);
  }
}

/** Reads and aligns everything; throws InputError/UsageError with file and line on bad input. */
export function loadCorpus(given: LoadInput): Corpus {
  const opts = loadOptionsOf(given);
  const { corpus, systems, goldOutput } = readInputs(opts, true);
  if (opts.labels !== undefined && ![goldOutput, ...systems].some((s) => s.dialect?.split('+').includes('huggingface-ids'))) {
    goldOutput.warnings.push('--labels was given, but no input has integer ner_tags: the labels were not used');
  }
  // The same for the options of CoNLL columns and of tags, when no input has them: a user who
  // reaches for --pred-column on JSONL, or --scheme on character spans, is told they did nothing.
  const inputs = [goldOutput, ...systems];
  if (opts.goldColumn > 0 && !inputs.some((s) => s.format === 'conll')) {
    goldOutput.warnings.push('--gold-column was given, but no input is CoNLL: the column was not used');
  }
  // The prediction's column is a system file's: a CoNLL gold standard's tag is --gold-column's.
  if (opts.predColumn > 0 && !systems.some((s) => s.format === 'conll')) {
    goldOutput.warnings.push('--pred-column was given, but no system file is CoNLL: the column was not used (a CoNLL gold standard\'s tag column is --gold-column)');
  }
  if (!inputs.some((s) => s.scheme !== undefined)) {
    const tags = [opts.scheme !== 'auto' ? '--scheme' : '', invalidTags(opts) !== 'repair' ? (opts.strictScheme ? '--strict-scheme' : '--invalid') : ''].filter((o) => o !== '');
    if (tags.length > 0) goldOutput.warnings.push(`${tags.join(' and ')} ${tags.length === 1 ? 'was' : 'were'} given, but no input has tags (CoNLL, or JSONL ner_tags): spans given as offsets have no scheme, so ${tags.length === 1 ? 'it was' : 'they were'} not used`);
  }
  const goldCopies = new Set<SystemOutput>();
  if (hasGoldStandard(corpus) && goldOutput.spans.length > 0) {
    // A system that is the gold standard scores as perfect: almost always a mistake.
    for (const system of systems) {
      const how = (opts.gold !== undefined ? sameInput(system.source, opts.gold) : undefined) ?? (sameItems(goldOutput.spans, system.spans) ? 'items' : undefined);
      if (how === undefined) continue;
      system.warnings.push(goldCopyWarning(how, system.name, system.source, goldOutput.source, goldOutput.spans.length));
      goldCopies.add(system);
    }
  }
  // (A copy of the gold standard is warned of as such, not again as a copy of another system.)
  if (opts.warnSameSystems !== false) warnSameSystems(systems, goldCopies);
  warnShiftedEnds(corpus, systems);
  warnUnknownTypes(corpus, systems);
  // By name (UTF-16 code-unit order, not the locale's), not in the order given: a shell's glob
  // order depends on its locale, and every result, tie-breaks included, must not.
  corpus.systems = systems.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return corpus;
}

/**
 * The systems of `opts` read and aligned as {@link loadCorpus} reads them, in input order, the
 * first `skip` left out, without the checks made across systems, and the gold's spans: what a
 * worker thread of a parallel load does (load-worker.ts), always on its own thread; with
 * `handed`, against the gold the main thread read (gold-handoff.ts) rather than the gold file.
 */
export function loadSystems(opts: LoadOptions, skip: number, handed?: HandedGold): { systems: SystemOutput[]; goldSpans: readonly Span[] } {
  const read = readInputs(opts, false, handed);
  return { systems: read.systems.slice(skip), goldSpans: read.goldOutput.spans };
}

/**
 * Reads the gold standard and every system (a tail of them on worker threads when `parallel`
 * and worth it: see load-parallel.ts); the systems in input order.
 */
function readInputs(opts: LoadOptions, parallel: boolean, handed?: HandedGold): { corpus: Corpus; systems: SystemOutput[]; goldOutput: SystemOutput } {
  if (opts.systems.length === 0 && opts.gold === undefined) throw UsageError.about(undefined, 'no input: give {gold} and system files');
  checkDistinctNames(opts.systems);
  checkStdinOnce([
    ...(opts.gold === undefined ? [] : [{ path: opts.gold, what: 'the gold standard' }]),
    ...opts.systems.map((s) => ({ path: s.path, what: `system "${s.name}"` })),
  ]);
  // An input that is missing or cannot be read is named before any is read: with large inputs a
  // typo in the last name would otherwise cost the reading of all before it.
  if (opts.gold !== undefined) inputKind(opts.gold);
  for (const s of opts.systems) inputKind(s.path);
  // Each input's format is detected once (the gold is read knowing the systems', then each file).
  const formats = new Map<string, InputFormat>();
  const formatOf = (path: string): InputFormat => {
    if (opts.inputFormat !== 'auto') return opts.inputFormat;
    let format = formats.get(path);
    if (format === undefined) formats.set(path, (format = detectFormat(path)));
    return format;
  };
  const filesDone = { count: 0 };
  const sizes = new Map<string, number | undefined>();
  const onBytes = opts.onBytes === undefined ? undefined : (path: string, bytes: number) => {
    if (!sizes.has(path)) sizes.set(path, fileSize(path));
    const size = sizes.get(path);
    opts.onBytes!({ path, bytes, ...(size === undefined ? {} : { size }), done: filesDone.count, total: fileCount(opts) });
  };
  const workers = parallel ? startParallel(opts, opts.gold === undefined ? 1 : 0, formatOf, loadInternals.verifyInPlace, onBytes) : undefined;
  const listening = readListener.onChunk;
  if (onBytes !== undefined) readListener.onChunk = onBytes;
  try {
    return readWith(opts, formatOf, workers, filesDone, parallel, handed);
  } catch (err) {
    workers?.stop();
    throw err;
  } finally {
    readListener.onChunk = listening;
  }
}

/**
 * The warning for a conlleval-style system file (three columns or more) checked against a gold
 * standard whose `goldColumn` is past its columns: it is then read with no embedded gold, and its
 * column before the prediction, which conlleval reads as the gold, is not checked.
 */
function goldColumnPast(opts: LoadOptions, path: string, format: InputFormat, summary: ReadSummary): string | undefined {
  const columns = summary.columns ?? -1;
  // The column a file read without goldColumn would take as its embedded gold (not the token's).
  const before = (opts.predColumn > 0 ? opts.predColumn : columns) - 1;
  if (format !== 'conll' || opts.goldColumn <= columns || before < 2 || before > columns) return undefined;
  return `${path}: --gold-column ${opts.goldColumn} is past its ${columns} columns, so its embedded gold (column ${before}, before the prediction, as conlleval reads it) is not checked against the gold standard: --gold-column names one column for every file`;
}

/** The usage error for a first system read as the reference that has no embedded gold column. */
function noEmbeddedGold(opts: LoadOptions, format: InputFormat): UsageError {
  const first = opts.systems[0];
  // A gold column asked for by number that is the token's, the prediction's, or past the line: said so, not "none".
  const asked = opts.goldColumn > 0 && format === 'conll'
    ? `{goldColumn} ${opts.goldColumn} is no gold column of ${first.path}: one is neither column 1 (the token) nor the prediction's ({predColumn}, or the last), and within the line; pass {gold} FILE, or the gold tag's column`
    : format === 'conll'
      ? `${first.path} has no embedded gold column (expected "token gold prediction" lines); pass {gold} FILE`
      : `${first.path} is ${format === 'jsonl' ? 'JSONL' : 'BRAT standoff'}, which holds a system's items and no gold standard; pass {gold} FILE`;
  return UsageError.about(undefined, `no {gold} given, and ${asked}`);
}

/**
 * Reads the reference (the gold file, or the first system's file without one), or the part of
 * it `part` names, as if the part were the file.
 */
function readReference(opts: LoadOptions, format: InputFormat, part: ReadPart | undefined, onWorker = false, systemFormats: ReadonlyArray<InputFormat | undefined> = []): ReferenceRead {
  const withPart = (ro: ReadOptions) => (part === undefined ? ro : { ...ro, part });
  const path = opts.gold ?? opts.systems[0].path;
  // A part read on a worker thread is kept as columns, to send back.
  const gold = onWorker ? new GoldPartBuilder(path) : new GoldBuilder(path);
  // The reference alone, its tokens never asked for: counted, not kept.
  if (opts.keepTokens === false && opts.systems.length === (opts.gold === undefined ? 1 : 0)) gold.tokens.countOnly();
  if (opts.gold !== undefined) {
    gold.tagsStored = true;
    const ro = readOptions(opts, 'gold', undefined, gold.tokens, gold.tags);
    if (!onWorker && systemFormats.includes('conll')) {
      // Where each sentence stands in the file's text serves CoNLL system files, of worker threads
      // too (handed it with the gold). Scoring never asks for the gold's tokens as strings either:
      // with CoNLL system files only, which check tokens where they stand, they wait in that text
      // until something does (JSONL files ask for every one).
      if (systemFormats.every((f) => f === 'conll')) gold.tokens.defer(loadInternals.deferredTokenChars);
      ro.sentenceLines = gold.lines = new SentenceTexts(loadInternals.deferredTokenChars);
    }
    const summary = read(opts.gold, format, withPart(ro), (raw) => {
      const seg = tokenisedSegment(raw);
      gold.add(seg, seg.spans, seg.tags);
    });
    return { gold, embedded: undefined, summary };
  }
  // The reference tags are kept for the other files' tallies: none when there is no other file.
  const embedded = new EmbeddedReference(gold, opts.allowNoGold === true, opts.systems.length > 1);
  const summary = read(path, format, withPart(readOptions(opts, 'system', undefined, gold.tokens)), (raw) => embedded.add(raw));
  return { gold, embedded, summary };
}

/** Reads part of the reference file, as a worker thread of a load in parts does (see load-split.ts). */
export function readReferencePart(opts: LoadOptions, part: FilePart): ReferencePart {
  return toReferencePart(readReference(opts, 'conll', part, true));
}

/** The files a load reads: the gold file, if any, and the systems. */
function fileCount(opts: LoadOptions): number {
  return (opts.gold === undefined ? 0 : 1) + opts.systems.length;
}

function readWith(
  opts: LoadOptions, formatOf: (path: string) => InputFormat, workers: ParallelRead | undefined, filesDone: { count: number }, parallel: boolean,
  handed: HandedGold | undefined,
): { corpus: Corpus; systems: SystemOutput[]; goldOutput: SystemOutput } {
  const systems: SystemOutput[] = [];
  let goldOutput: SystemOutput;
  let rest = opts.systems;
  let noGold = false;
  /** The reference's raw tags (for conlleval's token accuracy), while every sentence had them. */
  let refTags: TokenList | undefined;
  const files = fileCount(opts);
  const onRead = (path: string, items: number) => {
    const done = ++filesDone.count;
    opts.onRead?.({ path, done, total: files, items });
  };
  const path = opts.gold ?? opts.systems[0].path;
  const format = formatOf(path);
  // A large reference is read in parts on several threads (load-split.ts).
  const split = parallel ? startSplit(opts, path, format) : undefined;
  let reference: ReferenceRead;
  // A worker may be handed the gold the main thread read (gold-handoff.ts).
  if (handed !== undefined) reference = referenceOf(path, handed);
  else {
    try {
      // The systems' formats, where known before the gold is read (a stream's is not peeked at
      // yet; a file that cannot be read is reported when its turn comes, after the gold's errors).
      const formats = opts.systems.map((spec) => {
        try {
          return inputKind(spec.path) === 'stream' ? undefined : formatOf(spec.path);
        } catch {
          return undefined;
        }
      });
      reference = readReference(opts, format, split?.main, false, formats);
    } catch (err) {
      if (err instanceof NoEmbeddedGold) throw noEmbeddedGold(opts, format);
      // A BRAT directory read as another format by --input-format says so (see withDirectoryHint).
      throw opts.inputFormat !== 'auto' && format !== 'brat' && inputKind(path) === 'directory' && listDirectory(path).brat ? withDirectoryHint(err, path, format) : err;
    } finally {
      split?.stop();
    }
  }
  const parts = split?.results ?? [];
  if (parts.length > 0) {
    // Their objects are made here, after every part was read within the memory check of the
    // line reader: too many for the heap is the same clear error, not V8 aborting half way.
    checkHeapRoom(path, partsHeapBytes(parts as ReferencePart[]), parts.length === 1 ? 'the items read on another thread' : `the items read on ${parts.length} other threads`);
    // Room for every part at once: the lists grow once, not once a part.
    reserveParts(reference, parts as ReferencePart[]);
  }
  for (let k = 0; k < parts.length; k++) {
    appendPart(reference, parts[k]!);
    // Its columns are garbage once added (its token pages are the reference's now).
    parts[k] = undefined;
  }
  const { gold, summary } = reference;
  if (opts.gold !== undefined) {
    if (summary.segments === 0) throw new InputError(`the gold standard has no ${unitsOf(format)} (${noSentences(summary, format, path)})`, path);
    gold.finish();
    // Workers waiting for the gold start on their files now.
    workers?.handOff(gold, summary);
    refTags = gold.tags;
    onRead(path, gold.spans.length);
    const goldWarnings = [...summary.warnings];
    const dropped = droppedWarning(summary.dropped, true);
    if (dropped !== undefined) goldWarnings.push(dropped);
    if (gold.spans.length === 0 && invalidTags(opts) === 'drop' && gold.length > 0) {
      // Every score would read 100 (nothing to find, nothing found counts as perfect): say why.
      goldWarnings.push(`--invalid drop left the gold standard without a single item: are its tags written in ${(opts.scheme !== 'auto' ? opts.scheme : summary.scheme ?? 'the scheme read').toUpperCase()}? Give --scheme as the file is written, or drop nothing with --invalid repair`);
    }
    goldOutput = { name: 'gold', source: path, format, scheme: schemeRead(opts, summary), spans: gold.spans, warnings: goldWarnings };
    if (summary.dialect !== undefined) goldOutput.dialect = summary.dialect;
    if (summary.dropped !== undefined) recordDroppedGoldTypes(goldOutput, summary.dropped.types);
  } else {
    const first = opts.systems[0];
    const own = reference.embedded!;
    refTags = own.ref;
    noGold = opts.allowNoGold === true && !own.embedded;
    // An empty file is said to be one, before it is said to have no gold column.
    if (summary.segments === 0) throw new InputError(`${theFile(first.path)} has no ${unitsOf(format)} (${noSentences(summary, format, first.path)})`, first.path);
    if (!noGold && (own.missing || !summary.hasEmbeddedGold)) throw noEmbeddedGold(opts, format);
    gold.finish();
    // The file holds the gold's items and the system's: both are counted, as with a gold file.
    onRead(first.path, gold.spans.length + own.own.length);
    const source = noGold ? NO_GOLD_SOURCE : `${first.path} (embedded gold)`;
    // The file's gold column is the gold standard here: its dropped chunks are the gold's.
    const goldDropped = noGold ? undefined : droppedWarning(summary.goldDropped, true);
    goldOutput = { name: 'gold', source, format, scheme: noGold ? undefined : embeddedScheme(opts, summary), spans: gold.spans, warnings: goldDropped === undefined ? [] : [goldDropped] };
    if (!noGold && summary.goldDropped !== undefined) recordDroppedGoldTypes(goldOutput, summary.goldDropped.types);
    const tally = withMarkers(own.tally, summary);
    const dropped = droppedWarning(summary.dropped, false);
    const system: SystemOutput = {
      name: first.name, source: first.path, format, scheme: schemeRead(opts, summary), spans: own.own,
      warnings: dropped === undefined ? summary.warnings : [...summary.warnings, dropped],
      ...(summary.dialect === undefined ? {} : { dialect: summary.dialect }),
      ...(tally === undefined ? {} : { tokenTally: tally }),
    };
    // Its spans that are not the reference's objects have these types: no pass over them all.
    recordTypes(system, [...own.ownTypes.keys()], own.ownTypes);
    systems.push(system);
    rest = opts.systems.slice(1);
  }
  const expect: ExpectedTokens | undefined = loadInternals.verifyInPlace && gold.unit === 'token'
    ? {
      tokens: gold.tokens, sentenceEnds: gold.sentenceEnds, tags: gold.tags, evidence: gold.evidence, lineSafe: gold.lineSafe,
      ...(gold.idIndex.size === 0 ? {} : { ids: gold.sentences.idList() }),
      ...(gold.lines === undefined ? {} : { lines: gold.lines }),
    }
    : undefined;
  // The first files on this thread, the rest (when workers read them) collected below.
  if (workers !== undefined) rest = rest.slice(0, workers.mainCount - (opts.systems.length - rest.length));
  for (const spec of rest) {
    const format = formatOf(spec.path);
    const aligner = new SystemAligner(gold, goldOutput.source, opts.ignoreEmbeddedGold, !noGold, gold.unit === 'token' ? refTags : undefined);
    let summary: ReadSummary;
    try {
      summary = read(spec.path, format, readOptions(opts, 'system', expect), (seg) => aligner.add(seg));
      aligner.finish(spec.path, summary, format);
    } catch (err) {
      const said = aligner.inOrderBecause === undefined ? err : withMore(err, `; ${aligner.inOrderBecause}`);
      throw format === 'brat' ? said : withDirectoryHint(said, spec.path, opts.inputFormat === 'auto' ? undefined : format, opts.gold);
    }
    onRead(spec.path, aligner.spans.length);
    workers?.poll(onRead);
    const unchecked = noGold || opts.ignoreEmbeddedGold ? undefined : goldColumnPast(opts, spec.path, format, summary);
    // Chunks dropped from an embedded gold column are the gold file's too, which says so itself.
    const dropped = droppedWarning(summary.dropped, false);
    const system: SystemOutput = {
      name: spec.name, source: spec.path, format, scheme: schemeRead(opts, summary), spans: aligner.spans,
      warnings: [...summary.warnings, ...(dropped === undefined ? [] : [dropped]), ...aligner.warnings, ...(unchecked === undefined ? [] : [unchecked])],
      ...(summary.dialect === undefined ? {} : { dialect: summary.dialect }),
      ...(aligner.tokenTally(summary) === undefined ? {} : { tokenTally: aligner.tokenTally(summary) }),
    };
    recordTypes(system, [...aligner.ownTypes.keys()], aligner.ownTypes);
    systems.push(system);
  }
  if (workers !== undefined) systems.push(...workers.collect(onRead));
  const corpus: Corpus = {
    unit: gold.unit ?? 'token',
    documents: gold.documents,
    // Made from the table when first read (see sentence-table.ts).
    sentences: [],
    tokens: undefined,
    texts: gold.unit === 'char' ? gold.texts : undefined,
    length: gold.length,
    gold: goldOutput,
    systems: [],
  };
  attachSentenceTable(corpus, gold.sentences);
  if (gold.unit !== 'char') attachTokenStore(corpus, gold.tokens);
  return { corpus, systems, goldOutput };
}
