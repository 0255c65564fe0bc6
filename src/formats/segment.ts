/**
 * The contract between readers and the corpus builder.
 *
 * A reader turns one input (a file or a BRAT directory) into a stream of **segments**: a sentence
 * of a CoNLL file, a record of a JSONL file, a document of a BRAT directory. Span offsets are
 * relative to the segment: token indices when the segment has tokens, character offsets into its
 * text otherwise; `end` is exclusive. The corpus builder aligns segments to the gold standard and
 * moves the offsets into corpus coordinates.
 */
import type { TokenLayout } from './char-tokens.js';
import type { TokenList, TokenStore } from '../model/token-store.js';
import type { FilePart } from './lines.js';
import type { SentenceTexts } from './sentence-texts.js';

/** A span as read, relative to its segment. */
export interface RawSpan {
  start: number;
  end: number;
  label: string;
  /** Discontinuous spans (BRAT): every fragment, sorted; `start`/`end` are their hull. */
  fragments?: Array<[number, number]>;
  /** Source line the span was read from (for messages). */
  line: number;
}

export interface Segment {
  /** Tokens, when the input is tokenised (and not written to {@link ReadOptions.tokenStore}). */
  tokens?: string[];
  /**
   * How many tokens the segment has, when the reader wrote them to {@link ReadOptions.tokenStore}
   * instead of giving `tokens`: they are the store's last that many.
   */
  storedTokens?: number;
  /** Text, when offsets are characters (JSONL with only `text`, BRAT). */
  text?: string;
  /**
   * With `text`: where the record's own tokens lie in it (spaCy's and Prodigy's `tokens` objects,
   * as UTF-16 offsets). A gold standard is tokenised by them; a system's text is laid along the
   * gold's tokens instead (see char-tokens.ts).
   */
  charTokens?: TokenLayout;
  /** The spans this input asserts: predictions for a system file, the reference for a gold file. */
  spans: RawSpan[];
  /** Gold spans embedded in a system file (conlleval-style `token gold pred`), if any. */
  embeddedGold?: RawSpan[];
  /** Record id (`id` in JSONL, file stem in BRAT). */
  id?: string;
  /** Document id (`doc_id` in JSONL). */
  docId?: string;
  /** True when a document marker (-DOCSTART-) came before this segment. */
  docBreak?: boolean;
  /** 1-based line of the segment's first line in its source. */
  line: number;
  /** True when token j stands on line `line + j` (CoNLL); otherwise all tokens are on `line`. */
  tokenPerLine?: boolean;
  /** The source (file or directory) the segment came from. */
  source: string;
  /**
   * The raw tags the spans were decoded from, one per token (CoNLL; the gold column of a gold
   * file, the prediction column of a system file), so a loader can check another file's embedded
   * gold column tag by tag, and count the tokens whose predicted tag is the gold tag (conlleval's
   * accuracy). A system segment with `sameTags` has none: its tags are the expected ones.
   */
  tags?: string[];
  /** The embedded gold column's raw tags (a conlleval-style system file), when the segment was not verified. */
  goldTags?: string[];
  /** The scheme evidence of `tags` (`SchemeEvidence.bits` of chunking.ts), when the segment has tags. */
  tagEvidence?: number;
  /**
   * Set by a reader given {@link ReadOptions.expect} with `tags` and `evidence`, on a verified
   * segment whose predicted tags are the expected sentence's tags: its spans are the expected
   * sentence's spans, and `spans` is left empty for the loader to fill in.
   */
  sameTags?: true;
  /**
   * Set by a reader given {@link ReadOptions.expect}: the segment is exactly the next expected
   * sentence (same tokens, same end) and its embedded gold tags, if any, equal the expected tags.
   * `tokens` is then omitted, and so is `embeddedGold` when the tags were checked.
   */
  verified?: true;
}

/**
 * A segment of `source` starting on `line`, with no tokens, text or spans yet, and every other
 * field present (undefined) in the order of the CoNLL reader's segments: segments have one
 * shape whatever file they come from.
 */
export function newSegment(line: number, source: string): Segment {
  return {
    tokens: undefined, storedTokens: undefined, spans: [], embeddedGold: undefined, docBreak: undefined, line, tokenPerLine: undefined, source,
    tags: undefined, goldTags: undefined, tagEvidence: undefined, sameTags: undefined, verified: undefined,
    text: undefined, id: undefined, docId: undefined,
  };
}

/** Receives segments in input order. */
export type SegmentSink = (segment: Segment) => void;

/** Tag schemes understood by the CoNLL and `ner_tags` decoders. */
export type TagScheme = 'auto' | 'iob1' | 'iob2' | 'ioe1' | 'ioe2' | 'iobes' | 'bilou' | 'io';

export const TAG_SCHEMES: readonly TagScheme[] = ['auto', 'iob1', 'iob2', 'ioe1', 'ioe2', 'iobes', 'bilou', 'io'];

/**
 * What to do with tags the scheme does not allow (`I-X` after `O` under IOB2, `B-X I-X` not
 * closed by `E-X` under IOBES):
 * - `repair`: read them as conlleval does (the default);
 * - `drop`: drop the chunks they form, as seqeval's strict mode does (gold and systems alike);
 * - `reject`: an error naming the line.
 */
export type InvalidTags = 'repair' | 'drop' | 'reject';

export const INVALID_TAGS: readonly InvalidTags[] = ['repair', 'drop', 'reject'];

/** The effective {@link InvalidTags} of options that may also say `strictScheme` (which is `reject`). */
export function invalidTags(o: { strictScheme?: boolean; invalid?: InvalidTags }): InvalidTags {
  return o.strictScheme === true ? 'reject' : o.invalid ?? 'repair';
}

/** Chunks `--invalid drop` did not keep whole, counted as conlleval reads them (see DecodeOptions.dropped). */
export interface DroppedChunks {
  count: number;
  /** Of those, how many are kept without their first tag (IOB1: a `B-X I-X` where B- may not open a chunk, kept from I-X). */
  trimmed: number;
  /** Where the first stands (source is '' while count is 0), and the scheme it was dropped under. */
  source: string;
  line: number;
  scheme: TagScheme;
  /** The types of the chunks dropped (whole or in part). */
  types: Set<string>;
}

export function noneDropped(): DroppedChunks {
  return { count: 0, trimmed: 0, source: '', line: 0, scheme: 'auto', types: new Set() };
}

/** `a` and `b` (read in that order) as one count: b's first is the first only when a has none. */
export function addDropped(a: DroppedChunks | undefined, b: DroppedChunks | undefined): DroppedChunks | undefined {
  if (a === undefined || a.count === 0) return b;
  if (b === undefined || b.count === 0) return a;
  return { ...a, count: a.count + b.count, trimmed: a.trimmed + b.trimmed, types: new Set([...a.types, ...b.types]) };
}

/** Options shared by readers. */
export interface ReadOptions {
  /** 'gold': read the reference; 'system': read predictions (and embedded gold, if any). */
  role: 'gold' | 'system';
  /** Tag scheme of BIO-style tags; 'auto' detects it. */
  scheme: TagScheme;
  /** Reject invalid transitions under the scheme instead of chunking them as conlleval does (`invalid: 'reject'`). */
  strictScheme: boolean;
  /** Tags the scheme does not allow (default 'repair'; `strictScheme` makes it 'reject'). */
  invalid?: InvalidTags;
  /**
   * The scheme of an embedded gold column (CoNLL `token gold prediction`), when it was detected
   * apart from the predictions' (over every file of a directory); else the column is read by
   * `scheme`, or by its own detected scheme when `scheme` is 'auto'.
   */
  embeddedScheme?: Exclude<TagScheme, 'auto'>;
  /**
   * 1-based column of the gold tag in CoNLL files. 0 (the default) means column 2 in a gold
   * file and, in a system file, the column just before the prediction (conlleval's convention).
   */
  goldColumn: number;
  /** 1-based column of the predicted tag in CoNLL system files; 0 = last column (default). */
  predColumn: number;
  /**
   * What a system file is expected to hold (the gold standard), so a reader may check tokens in
   * place instead of handing them over; readers are free to ignore it. See {@link Segment.verified}.
   */
  expect?: ExpectedTokens;
  /**
   * The label names of integer `ner_tags` (Hugging Face class ids), in id order: id k is
   * `labels[k]`. Unused by other inputs.
   */
  labels?: readonly string[];
  /**
   * Where the file's tokens go, for the reference a corpus is built on: a reader that can (CoNLL)
   * appends each token here from the text it stands in, without a string per token, and gives
   * its segments `storedTokens` instead of `tokens`; other readers ignore it.
   */
  tokenStore?: TokenStore;
  /**
   * With `tokenStore`, for a gold file: where the tag of each stored token goes (a reader that
   * writes it here gives its segments no `tags`).
   */
  tagStore?: TokenStore;
  /**
   * With `tagStore`: where a reader that can (CoNLL) records where each gold sentence stands in
   * its text, when it is plain `token tag` lines read whole from one chunk (see {@link ExpectedTokens.lines}).
   */
  sentenceLines?: SentenceTexts;
  /** Read only this part of a regular file (CoNLL; other readers ignore it): see {@link ReadPart}. */
  part?: ReadPart;
}

/**
 * A part of a file to read, its lines numbered from 1 (a file read by several threads, one part
 * each: see load-split.ts). At the part's end the reader calls `resume`, when given, with what
 * it has read, and reads on to the byte it returns (the part's end: stop there).
 */
export interface ReadPart extends FilePart {
  resume?: (state: PartState) => number;
}

/** What a reader has read at the end of a part: the columns of its token lines (-1: none yet) and its lines. */
export interface PartState {
  columns: number;
  lines: number;
}

/** The reference a reader may verify a system file against, sentence by sentence in order. */
export interface ExpectedTokens {
  /** The reference's tokens: an array, or the corpus's {@link TokenStore}. */
  tokens: TokenList;
  /** One past the last token of each sentence, in order (sentence k starts where k-1 ends). */
  sentenceEnds: ArrayLike<number>;
  /** The reference's raw tags, one per token, when it was read from tags: an array, or a {@link TokenStore}. */
  tags?: TokenList;
  /** The scheme evidence of each reference sentence's tags (see {@link Segment.tagEvidence}), with `tags`. */
  evidence?: ArrayLike<number>;
  /**
   * True when every token and tag is a non-empty string without spaces, tabs or line ends and no
   * token is `-DOCSTART-`, as for any reference read from CoNLL lines: such a sentence can be
   * written as CoNLL lines that read back as the same tokens and tags.
   */
  lineSafe?: boolean;
  /**
   * The reference's record ids by sentence, when it has any (JSONL): a record with an id is then
   * taken as the next sentence only when the id is that sentence's, as records with ids are
   * matched to the reference by id, not by order.
   */
  ids?: ArrayLike<string | undefined>;
  /**
   * Where the reference's sentences stand in its file's text, where they are plain `token tag`
   * lines: what a system file predicting the gold tags holds there, as it is or with each tag
   * twice, so a system's sentence is compared with it whole from the first file on (expected.ts).
   */
  lines?: SentenceTexts;
}

export const DEFAULT_READ_OPTIONS: ReadOptions = {
  role: 'system',
  scheme: 'auto',
  strictScheme: false,
  goldColumn: 0,
  predColumn: 0,
};

/** What a reader reports when it has read its input. */
export interface ReadSummary {
  /** Segments handed to the sink. */
  segments: number;
  /** The tag scheme detected (BIO-style inputs only). */
  scheme?: Exclude<TagScheme, 'auto'>;
  /** The evidence `scheme` was detected from (`SchemeEvidence.bits` of chunking.ts), to detect one over several files. */
  evidence?: number;
  /** Whether segments carried embedded gold spans. */
  hasEmbeddedGold: boolean;
  /** Non-fatal observations, each naming file:line (e.g. a duplicate span dropped). */
  warnings: string[];
  /** Lines in the file (line-based formats), so messages can name where it ends. */
  lines?: number;
  /** Document marker lines (`-DOCSTART-`) in the file (CoNLL). */
  markers?: number;
  /** The columns of the file's token lines, and the line that fixed them (CoNLL; -1 and 0 when there are none). */
  columns?: number;
  columnsLine?: number;
  /** The evidence of the embedded gold column's tags (CoNLL; see {@link evidence}). */
  goldEvidence?: number;
  /** Under `invalid: 'drop'`, the chunks dropped from the file's tags (its predictions in a system file), when any was. */
  dropped?: DroppedChunks;
  /** The same for an embedded gold column (CoNLL). */
  goldDropped?: DroppedChunks;
  /**
   * The JSONL dialect the records were read as (`huggingface`, `spacy`, … see jsonl-dialect.ts),
   * or several joined by `+` in the order they first appear; JSONL only.
   */
  dialect?: string;
}

/**
 * What an error about a span whose end equals its start adds: a tool that writes inclusive ends
 * gives every one-token (or one-character) span so, and "end ≤ start" alone would not say why.
 */
export const EMPTY_SPAN_HINT = ' (an empty span: are the ends inclusive? complan reads [start, end), the end exclusive)';
