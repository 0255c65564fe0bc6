/**
 * CoNLL column files: one token per line, columns separated by spaces or tabs, a blank line
 * between sentences, a `-DOCSTART-` line between documents.
 *
 * - A gold file gives the tag in column `goldColumn` (1-based; 0, the default, means column 2).
 * - A system file gives its prediction in the last column (or `predColumn`). When it has three or
 *   more columns it is conlleval style (`token gold pred`) and also carries an embedded gold in
 *   `goldColumn` — by default the column just before the prediction, as conlleval reads its last
 *   two columns as gold and guess — returned as `embeddedGold`.
 * - Every token line must have as many columns as the first one (as conlleval requires).
 * Tags are chunked exactly as conlleval does (see chunking.ts).
 */
import { InputError } from '../errors.js';
import { decodeTags, detectScheme, newEvidence, type DecodeOptions, type SchemeEvidence } from './chunking.js';
import { ExpectedLines, expectedLines } from './expected.js';
import { LineReader } from './lines.js';
import { keepWhole, releaseWhole } from './source.js';
import { SharedStrings, startsAt } from '../model/shared-strings.js';
import { TokenStore, type TokenList } from '../model/token-store.js';
import type { ExpectedTokens, RawSpan, ReadOptions, ReadSummary, Segment, SegmentSink, TagScheme } from './segment.js';
import type { SentenceTexts } from './sentence-texts.js';
import { invalidTags, noneDropped } from './segment.js';

/**
 * Finds the space- or tab-separated fields of text[start, end) without making strings:
 * writes field k's bounds to bounds[2k], bounds[2k+1] and returns the number of fields.
 * This runs once per token of every input, so it avoids regular expressions and slices.
 */
export function fieldBounds(text: string, start: number, end: number, bounds: number[]): number {
  let k = 0;
  let i = start;
  while (i < end) {
    let c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      i++;
      continue;
    }
    bounds[2 * k] = i;
    while (i < end) {
      c = text.charCodeAt(i);
      if (c === 32 || c === 9) break;
      i++;
    }
    bounds[2 * k + 1] = i;
    k++;
  }
  return k;
}

/** The fields of a line as strings (for tests and tools). */
export function splitFields(line: string): string[] {
  const b: number[] = [];
  const n = fieldBounds(line, 0, line.length, b);
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(line.slice(b[2 * k], b[2 * k + 1]));
  return out;
}

const DOCSTART = '-DOCSTART-';

export { SharedStrings };

/** The tokens of a file not written to a token store are shared from this many on (see {@link SharedStrings}): 4M tokens take 128 MiB unshared. */
const SHARE_TOKENS_AFTER = 1 << 22;

function isDocstart(text: string, a: number, b: number): boolean {
  return b - a === DOCSTART.length && text.startsWith(DOCSTART, a);
}

/** Reads a CoNLL file, handing each sentence to `sink`. */
export function readConll(path: string, opts: ReadOptions, sink: SegmentSink): ReadSummary {
  if (invalidTags(opts) !== 'repair' && opts.scheme === 'auto') {
    // Validation (or dropping) needs the scheme before decoding: a first pass detects it (a
    // stream is kept in memory for the second).
    keepWhole(path);
    try {
      const first = scan(path, { ...opts, strictScheme: false, invalid: 'repair', expect: undefined, tokenStore: undefined, tagStore: undefined }, () => {});
      return scan(path, { ...opts, scheme: first.scheme ?? 'iob2' }, sink, first.goldScheme);
    } finally {
      releaseWhole(path);
    }
  }
  return scan(path, opts, sink, opts.embeddedScheme);
}

interface ScanResult extends ReadSummary {
  goldScheme?: Exclude<TagScheme, 'auto'>;
}

/** Whether text[a, b) is `want`, without making a string. */
function sameText(text: string, a: number, b: number, want: string): boolean {
  if (b - a !== want.length) return false;
  for (let i = 0; a < b; i++, a++) if (text.charCodeAt(a) !== want.charCodeAt(i)) return false;
  return true;
}

function scan(
  path: string,
  opts: ReadOptions,
  sink: SegmentSink,
  embeddedScheme?: Exclude<TagScheme, 'auto'>,
): ScanResult {
  const scanner = new ConllScanner(path, opts, sink, embeddedScheme);
  const r = new LineReader(path, opts.part);
  const resume = opts.part?.resume;
  let checked = -1;
  try {
    for (;;) {
      while (r.next()) {
        if (r.chunks !== checked) {
          // Once per chunk: the reader starts a chunk at the start of the current line.
          checked = r.chunks;
          checkLoneCR(r.text, r.start, r.lineNo, path);
        }
        scanner.line(r.text, r.start, r.end, r.lineNo, r.chunks);
        if (scanner.runnable) {
          const lines = scanner.run(r.text, r.following, r.lineNo);
          if (lines > 0) r.skip(scanner.stoppedAt, lines);
        }
      }
      // The end of a part: read on when the caller says so.
      if (resume === undefined || !r.extend(resume({ columns: scanner.columnCount, lines: r.lineNo }))) break;
    }
  } catch (err) {
    // A last line without a line end that is wrong is often a file cut inside it: say so (not
    // of a file whose lines end with CR alone, read as one line without a line end).
    if (err instanceof InputError && r.unended && err.line === r.lineNo && err.file === path && !r.text.includes('\r', r.start)) {
      const more = '; the file ends inside this line, without a line end (is it cut short?)';
      throw err.template !== undefined ? InputError.about(err.template + more, err.file, err.line) : new InputError(err.detail + more, err.file, err.line);
    }
    throw err;
  } finally {
    r.close();
  }
  return { ...scanner.finish(), lines: r.lineNo };
}

const O = 'O';

/** No expected sentences: for files whose sentences cannot be compared whole. */
const NO_LINES = new ExpectedLines({ tokens: [], sentenceEnds: [] }, false);

/**
 * Rejects a carriage return inside a line (one not ending it): the sign of a file whose lines
 * end with CR alone, which would otherwise be read as one line of odd tokens and tags. `text`
 * from `start` on is the rest of a chunk whose first line there is line `lineNo`.
 */
function checkLoneCR(text: string, start: number, lineNo: number, path: string): void {
  // Most files have no CR at all: one native search says so (the expression below is slower).
  if (text.indexOf('\r', start) < 0) return;
  const re = /\r(?!\n|$)/g;
  re.lastIndex = start;
  const m = re.exec(text);
  if (m === null) return;
  let line = lineNo;
  let lineStart = start;
  for (let k = text.indexOf('\n', start); k >= 0 && k < m.index; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  throw new InputError(
    `carriage return inside the line at column ${m.index - lineStart + 1}: CoNLL lines end with LF or CRLF (convert CR-only line ends to LF)`,
    path, line,
  );
}

/**
 * The state of one scan (one class for all the files of a run).
 *
 * Verification in place (a system file read against `opts.expect`, the gold standard): while
 * every sentence is the next expected one, tokens (and embedded gold tags) are compared with the
 * expected ones where they stand in the line, and no strings are made for them. The first
 * sentence that differs in any way is handed over whole, as without `expect`, for the loader to
 * judge; from there on the file is read as without `expect`. Strict schemes validate the embedded
 * gold under its own scheme, so they read everything.
 *
 * A verified sentence whose predicted tags are the expected (gold) tags, one for one, decodes to
 * the gold sentence's spans: it is handed over as `sameTags`, without decoding, and its scheme
 * evidence is the gold sentence's (`expect.evidence`). Most sentences of a good system are such.
 */
/**
 * The most tokens one sentence may hold (16 Mi): far beyond any real sentence or document, and
 * an endless stream without blank lines (`yes 'tok O'`) ends here in a clear error, before one
 * array grows past what V8 can allocate.
 */
export const MAX_SENTENCE_TOKENS = 1 << 24;

/**
 * Where expected token `i` of `tokens` ends in `text` when it stands there from `pos`, else -1:
 * compared where both stand when `tokens` is a store (see TokenStore.endAt).
 */
function tokenEndAt(tokens: TokenList, i: number, text: string, pos: number): number {
  if (tokens instanceof TokenStore) return tokens.endAt(i, text, pos);
  const token = tokens.at(i)!;
  return pos + token.length <= text.length && startsAt(text, pos, token) ? pos + token.length : -1;
}

/** Switches for tests: the limit above, small to reach it quickly. */
export const conllInternals = { maxSentenceTokens: MAX_SENTENCE_TOKENS };

/**
 * Spaces that separate no columns, which make a line look as if they did: the no-break spaces,
 * the typographic spaces, the ideographic space.
 */
const OTHER_SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/;

/** For a line of the wrong column count: `; the line holds a no-break space (\u00a0), which separates no columns`, or ''. */
function otherSpace(text: string, start: number, end: number): string {
  const m = OTHER_SPACE.exec(text.slice(start, end));
  if (m === null) return '';
  const code = `\\u${m[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
  const what = m[0] === '\u00a0' || m[0] === '\u202f' ? 'a no-break space' : 'a Unicode space';
  return `; the line holds ${what} (${code}), which separates no columns`;
}

/** Words a header line names a tag column with (`token label`, `word ner_tag`): told as a header, not a tag. */
const HEADER_WORDS = new Set(['label', 'labels', 'tag', 'tags', 'ner', 'ner_tag', 'ner_tags', 'ner-tag', 'nertag', 'prediction', 'predictions', 'predicted', 'pred', 'gold', 'entity', 'entities', 'bio', 'iob', 'class']);

/** Scanners made so far, and how many chunk numbers each has (see ConllScanner.chunkBase): 2^24 chunks of 4 MiB. */
let scannersMade = 0;
const CHUNKS_A_SCANNER = 2 ** 24;

class ConllScanner {
  private readonly isGold: boolean;
  private columns = -1;
  private columnsLine = 0;
  /** Whether the line that set the column count starts with "#" (a comment line?). */
  private columnsHash = false;
  private tokens: string[] = [];
  private tags: string[] = [];
  private goldTags: string[] = [];
  /** Tokens in the current sentence. */
  private size = 0;
  private startLine = 0;
  private docBreak = false;
  /** `-DOCSTART-` lines read (conlleval counts each as a token). */
  private markers = 0;
  private segments = 0;
  private anyEmbedded = false;
  private readonly evidence: SchemeEvidence = newEvidence();
  /** The evidence of the sentence being decoded, ORed into `evidence` (a gold segment carries it). */
  private readonly sentenceEvidence: SchemeEvidence = newEvidence();
  private readonly goldEvidence: SchemeEvidence = newEvidence();
  /** Chunks `--invalid drop` dropped from the prediction (or gold) column, and from the embedded gold column. */
  private readonly dropped = noneDropped();
  private readonly goldDropped = noneDropped();
  private readonly bounds: number[] = [];
  /** Decoding options, one object per scan: the prediction (or gold) column, the embedded gold column. */
  private readonly decodePred: DecodeOptions;
  private readonly decodeGold: DecodeOptions;
  /** Every token of the file is made by this table, and every tag by the next (see {@link SharedStrings}). */
  private readonly tokenStrings = new SharedStrings(SHARE_TOKENS_AFTER);
  /** Where the tokens go instead, when the caller gave a store (see {@link ReadOptions.tokenStore}). */
  private readonly store: TokenStore | undefined;
  /** Where a gold file's tags go, with `store` (see {@link ReadOptions.tagStore}). */
  private readonly tagStore: TokenStore | undefined;
  /** Where a gold file's sentences stand in its text, recorded with `tagStore` (see {@link ReadOptions.sentenceLines}). */
  private readonly sentenceLines: SentenceTexts | undefined;
  private readonly strings = new SharedStrings();
  private predIndex = -1;
  private goldIndex = -1;
  private tagColumns = '';
  // Verification in place.
  private fast: boolean;
  private matching: boolean;
  private readonly expTokens: TokenList;
  private readonly expEnds: ArrayLike<number>;
  private readonly expTags: TokenList | undefined;
  /** The scheme evidence of each expected sentence, when the reader may skip decoding (`sameTags`). */
  private readonly expEvidence: ArrayLike<number> | undefined;
  /** The expected sentences as lines predicting the gold tags (see {@link ExpectedLines}), once the layout is known. */
  private expLines: ExpectedLines | undefined;
  private readonly expect: ExpectedTokens | undefined;
  /** Whether every predicted tag of the current sentence so far is the expected tag. */
  private sameTags = true;
  /** Whether the sentence last flushed was verified with the expected tags (a sameTags segment). */
  private flushedSame = false;
  /** Whether the expected tags are line-safe (see {@link ExpectedTokens.lineSafe}): none holds a space or a line end. */
  private readonly safeTags: boolean;
  /** The expected sentence, and where it starts. */
  private sentence = 0;
  private base = 0;
  /** Whether lines may take a quick path (see quickGold, quickSystem). */
  private quick = false;
  /** Whether {@link runPlain} may read lines: a system file, once it is not (or no longer) verified in place. */
  private plain = false;
  /** The chunk text last seen, and whether it has a tab (the quick paths split on spaces only). */
  private chunk = '';
  private chunkHasTab = false;
  /** The reader's number of that chunk: a new chunk is told by it, not by comparing the strings. */
  private chunkNo = -1;
  /**
   * Added to the reader's chunk numbers, which start again with each file, to number chunks for
   * the stores and texts that keep them across the files of one input (a directory): unique to
   * this scanner.
   */
  private readonly chunkBase = ++scannersMade * CHUNKS_A_SCANNER;

  constructor(
    private readonly path: string,
    private readonly opts: ReadOptions,
    private readonly sink: SegmentSink,
    private readonly embeddedScheme: Exclude<TagScheme, 'auto'> | undefined,
  ) {
    this.isGold = opts.role === 'gold';
    // A file whose tokens go to a store is a reference itself, never verified against another.
    const expect = !this.isGold && invalidTags(opts) === 'repair' && opts.tokenStore === undefined ? opts.expect : undefined;
    this.fast = expect !== undefined;
    this.matching = this.fast;
    this.expTokens = expect?.tokens ?? [];
    this.store = opts.tokenStore;
    this.tagStore = this.isGold && opts.tokenStore !== undefined ? opts.tagStore : undefined;
    this.sentenceLines = this.tagStore !== undefined ? opts.sentenceLines : undefined;
    this.expEnds = expect?.sentenceEnds ?? [];
    this.expTags = expect?.tags;
    this.expEvidence = expect?.tags !== undefined ? expect.evidence : undefined;
    this.expect = expect;
    this.safeTags = expect?.lineSafe === true && expect.tags !== undefined;
    // Tag i of the sentence being flushed stands on line startLine + i (set before decoding).
    this.decodePred = { scheme: opts.scheme, strict: opts.strictScheme, invalid: opts.invalid, source: path, line: 0, tagPerLine: true, evidence: this.sentenceEvidence, dropped: this.dropped };
    this.decodeGold = { scheme: embeddedScheme ?? opts.scheme, strict: opts.strictScheme, invalid: opts.invalid, source: path, line: 0, tagPerLine: true, evidence: this.goldEvidence, dropped: this.goldDropped };
  }

  /** Reads one line: `text`[start, end), line `lineNo`, of the reader's chunk number `chunkNo` (see LineReader.chunks). */
  line(text: string, start: number, end: number, lineNo: number, chunkNo: number): void {
    if ((this.quick || this.plain) && start < end) {
      if (chunkNo !== this.chunkNo) {
        this.chunkNo = chunkNo;
        this.chunk = text;
        this.chunkHasTab = text.includes('\t');
      }
      if (this.quick && !this.chunkHasTab && (this.isGold ? this.quickGold(text, start, end, lineNo) : this.quickSystem(text, start, end, lineNo))) return;
    }
    const bounds = this.bounds;
    const count = fieldBounds(text, start, end, bounds);
    if (count === 0) {
      this.flush();
      return;
    }
    if (isDocstart(text, bounds[0], bounds[1])) {
      this.markers++;
      this.flush();
      this.docBreak = true;
      return;
    }
    if (this.columns < 0) this.firstLine(count, lineNo, text, start, end);
    else if (count !== this.columns) {
      // Right after the line that set the count, either line may be the odd one.
      const odd = lineNo === this.columnsLine + 1 ? `or line ${this.columnsLine}, the first token line, is the odd one; ` : '';
      // A comment line (`# id …`, `# text = …`, as CoNLL-U and some NER corpora have) reads as a
      // token line of its own column count: name it, as no CoNLL reader of NER takes comments.
      const hash = text.charCodeAt(bounds[0]) === 35 ? lineNo : this.columnsHash && odd !== '' ? this.columnsLine : 0;
      const comment = hash > 0 ? `; line ${hash} starts with "#", as a comment line does (CoNLL-U's # text = …): CoNLL files here have none, so remove such lines (grep -v '^#')` : '';
      throw new InputError(
        `expected ${this.columns} columns as on line ${this.columnsLine}, found ${count} (${odd}columns are separated by spaces or tabs, so a token cannot hold one${otherSpace(text, start, end)}${comment})`,
        this.path, lineNo,
      );
    }
    if (this.size === 0) this.startLine = lineNo;
    const goldIndex = this.goldIndex;
    if (this.matching) {
      const pos = this.base + this.size;
      const expTags = this.expTags;
      if (
        pos < this.expTokens.length && tokenEndAt(this.expTokens, pos, text, bounds[0]) === bounds[1]
        && (goldIndex < 0 || expTags === undefined || sameText(text, bounds[2 * goldIndex], bounds[2 * goldIndex + 1], expTags.at(pos)!))
      ) {
        if (goldIndex >= 0 && expTags === undefined) this.goldTags.push(this.field(text, bounds, goldIndex));
        const tag = this.field(text, bounds, this.predIndex);
        if (expTags !== undefined && tag !== expTags.at(pos)) this.sameTags = false;
        this.tags[this.size++] = tag;
        return;
      }
      this.materialize();
    }
    if (this.size >= conllInternals.maxSentenceTokens) this.tooLong();
    if (this.store !== undefined) this.store.place(text, this.chunkBase + chunkNo, bounds[0], bounds[1]);
    else this.tokens.push(this.tokenStrings.get(text, bounds[0], bounds[1]));
    this.tags[this.size++] = this.isGold ? this.goldTag(text, bounds[2 * this.predIndex], bounds[2 * this.predIndex + 1]) : this.field(text, bounds, this.predIndex);
    if (goldIndex >= 0) this.goldTags.push(this.field(text, bounds, goldIndex));
  }

  /**
   * The usual line of a gold file, `token tag` with one space, read with string built-ins rather
   * than a loop over its characters.
   * Returns false, having done nothing, for any other line.
   */
  private quickGold(text: string, start: number, end: number, lineNo: number): boolean {
    const p = text.indexOf(' ', start);
    if (p <= start || p >= end - 1) return false;
    for (let i = p + 1; i < end; i++) if (text.charCodeAt(i) === 32) return false;
    if (p - start === DOCSTART.length && text.startsWith(DOCSTART, start)) return false;
    if (this.size === 0) this.startLine = lineNo;
    else if (this.size >= conllInternals.maxSentenceTokens) this.tooLong();
    if (this.store !== undefined) this.store.place(text, this.chunkBase + this.chunkNo, start, p);
    else this.tokens.push(this.tokenStrings.get(text, start, p));
    this.tags[this.size++] = this.goldTag(text, p + 1, end);
    return true;
  }

  /**
   * The usual line of a system file verified in place, `token pred` or `token gold pred` with one
   * space, where token and gold are the expected ones. Returns false, having done nothing, for
   * any other line.
   */
  private quickSystem(text: string, start: number, end: number, lineNo: number): boolean {
    if (!this.matching) return false;
    const pos = this.base + this.size;
    if (pos >= this.expTokens.length) return false;
    let p = tokenEndAt(this.expTokens, pos, text, start);
    if (p < 0 || p >= end || text.charCodeAt(p) !== 32 || (p - start === DOCSTART.length && text.startsWith(DOCSTART, start))) return false;
    p++;
    if (this.columns === 3) {
      const gold = this.expTags!.at(pos)!;
      const q = p + gold.length;
      if (q >= end || text.charCodeAt(q) !== 32 || !startsAt(text, p, gold)) return false;
      p = q + 1;
    }
    if (p >= end) return false;
    for (let i = p; i < end; i++) if (text.charCodeAt(i) === 32) return false;
    if (this.size === 0) this.startLine = lineNo;
    const tag = end - p === 1 && text.charCodeAt(p) === 79 ? O : this.strings.get(text, p, end);
    if (this.expTags !== undefined && tag !== this.expTags.at(pos)) this.sameTags = false;
    this.tags[this.size++] = tag;
    return true;
  }

  /** Whether {@link run} may read lines (a gold file of two columns, a system file verified in place of two or three). */
  get runnable(): boolean {
    if (this.chunkHasTab || this.chunk === '') return false;
    if (this.isGold) return this.quick && this.columns === 2;
    return this.matching ? this.quick : this.plain;
  }

  /** Where {@link run} stopped: the start of the first line it did not read. */
  stoppedAt = 0;

  /**
   * Reads, in one loop, the lines of `text` from `pos` on that are blank or plain verified
   * `token pred` or `token gold pred` lines (one space, LF line ends), as {@link line} would
   * read them; stops
   * before any other line, or where the text ends without a line end. `lineNo` is the number of
   * the line before `pos`. Returns the number of lines read; {@link stoppedAt} is where it stopped.
   * One loop with local state reads much faster than a call per line.
   */
  run(text: string, pos: number, lineNo: number): number {
    if (text !== this.chunk) return 0;
    if (this.isGold) return this.runGold(text, pos, lineNo);
    if (!this.matching) return this.runPlain(text, pos, lineNo);
    const lines = this.expLines ?? this.linesOfLayout();
    const first = lineNo;
    const n = text.length;
    // Where the sentence read line by line here started, when its expected text is not known yet
    // (see ExpectedLines.match): read as expected, that text is the sentence's from then on.
    let from = -1;
    for (;;) {
      if (pos >= n) break;
      if (text.charCodeAt(pos) === 10) {
        // A blank line ends the sentence (flush starts the next one).
        const s = this.sentence;
        lineNo++;
        pos++;
        this.flush();
        if (from >= 0 && this.flushedSame) lines.learn(s, text.slice(from, pos - 1));
        from = -1;
        if (!this.matching) break;
        continue;
      }
      if (this.size === 0 && this.sentence < lines.count) {
        // The whole sentence as the expected lines predicting the gold tags, then a blank line:
        // compared whole, it reads as the lines below would, to a sameTags segment.
        const after = lines.match(this.sentence, text, pos);
        if (after >= 0) {
          this.startLine = lineNo + 1;
          this.size = this.expEnds[this.sentence] - this.base;
          lineNo += this.size;
          pos = after;
          this.flush();
          continue;
        }
        if (after === -2) from = pos;
      }
      const next = this.runLine(text, pos, lineNo + 1);
      if (next < 0) break;
      lineNo++;
      pos = next;
    }
    this.stoppedAt = pos;
    return lineNo - first;
  }

  /**
   * Reads the plain verified line at `pos` in `text`, line `lineNo`, for {@link run}: returns
   * where the next line starts, or -1, having done nothing, when the line is not one (a file's
   * lines that are not in sentences read whole come through here).
   */
  private runLine(text: string, pos: number, lineNo: number): number {
    const n = text.length;
    const at = this.base + this.size;
    if (at >= this.expTokens.length) return -1;
    let p = tokenEndAt(this.expTokens, at, text, pos);
    if (p < 0 || p >= n || text.charCodeAt(p) !== 32 || (p - pos === DOCSTART.length && text.startsWith(DOCSTART, pos))) return -1;
    p++;
    // The expected tags: checked in place in the quick path's three columns (see firstLine), and
    // telling whether the predictions are the gold's (see sameTags).
    const want = this.expTags?.at(at);
    if (this.columns === 3) {
      const gold = want!;
      const q = p + gold.length;
      if (q >= n || text.charCodeAt(q) !== 32 || !startsAt(text, p, gold)) return -1;
      p = q + 1;
    }
    // Most predictions are the expected tag, one field to the line end: compared where it
    // stands, it needs no scan and no lookup (a line-safe tag holds no space or line end).
    if (want !== undefined && this.safeTags) {
      const e = p + want.length;
      if (e < n && text.charCodeAt(e) === 10 && startsAt(text, p, want)) {
        if (this.size === 0) this.startLine = lineNo;
        this.tags[this.size++] = want;
        return e + 1;
      }
    }
    // Any other prediction runs to the line end; it must be a single field.
    let e = p;
    let c = 0;
    for (; e < n; e++) {
      c = text.charCodeAt(e);
      if (c === 10 || c === 32 || c === 13) break;
    }
    if (e === p || e >= n || c !== 10) return -1;
    if (this.size === 0) this.startLine = lineNo;
    let tag: string;
    if (want !== undefined && e - p === want.length && startsAt(text, p, want)) tag = want;
    else {
      tag = e - p === 1 && text.charCodeAt(p) === 79 ? O : this.strings.get(text, p, e);
      if (want !== undefined) this.sameTags = false;
    }
    this.tags[this.size++] = tag;
    return e + 1;
  }

  /**
   * {@link run} for a system file read without verifying (the reference itself, when it has the
   * gold column, or a file that differs from the reference): blank lines, and token lines of the
   * file's columns separated by single spaces, read as {@link line} reads them. Stops before any
   * other line (a document marker, tabs, CR, more spaces), which {@link line} then reads.
   */
  private runPlain(text: string, pos: number, lineNo: number): number {
    const first = lineNo;
    const n = text.length;
    const columns = this.columns;
    const predIndex = this.predIndex;
    const goldIndex = this.goldIndex;
    const store = this.store;
    const strings = this.strings;
    const max = conllInternals.maxSentenceTokens;
    for (;;) {
      if (pos >= n) break;
      if (text.charCodeAt(pos) === 10) {
        lineNo++;
        pos++;
        this.flush();
        continue;
      }
      // The fields: where the token ends, where the prediction and the embedded gold tag are.
      let fields = 0;
      let from = pos;
      let tokenEnd = -1;
      let predStart = 0;
      let predEnd = 0;
      let goldStart = 0;
      let goldEnd = 0;
      let i = pos;
      let c = 0;
      for (; i < n; i++) {
        c = text.charCodeAt(i);
        if (c === 32 || c === 10) {
          if (i === from) break;
          if (fields === 0) tokenEnd = i;
          if (fields === predIndex) {
            predStart = from;
            predEnd = i;
          } else if (fields === goldIndex) {
            goldStart = from;
            goldEnd = i;
          }
          fields++;
          if (c === 10) break;
          from = i + 1;
        } else if (c === 13 || c === 9) break;
      }
      if (c !== 10 || i >= n || fields !== columns || (tokenEnd - pos === DOCSTART.length && text.startsWith(DOCSTART, pos))) break;
      lineNo++;
      if (this.size === 0) this.startLine = lineNo;
      else if (this.size >= max) this.tooLong();
      if (store !== undefined) store.place(text, this.chunkBase + this.chunkNo, pos, tokenEnd);
      else this.tokens.push(this.tokenStrings.get(text, pos, tokenEnd));
      this.tags[this.size++] = predEnd - predStart === 1 && text.charCodeAt(predStart) === 79 ? O : strings.get(text, predStart, predEnd);
      if (goldIndex >= 0) this.goldTags.push(goldEnd - goldStart === 1 && text.charCodeAt(goldStart) === 79 ? O : strings.get(text, goldStart, goldEnd));
      pos = i + 1;
    }
    this.stoppedAt = pos;
    return lineNo - first;
  }

  /** The expected sentences as lines of this file's layout (none when they cannot be compared whole). */
  private linesOfLayout(): ExpectedLines {
    const expect = this.expect;
    const can = expect !== undefined && expect.lineSafe === true && this.expTags !== undefined && this.expEvidence !== undefined;
    this.expLines = can ? expectedLines(expect, this.columns === 3) : NO_LINES;
    return this.expLines;
  }

  /**
   * {@link run} for a gold file: blank lines and plain `token tag` lines. Where a sentence read
   * here whole, from its first line to the blank line after it, stands in the chunk is recorded
   * with {@link sentenceLines}.
   */
  private runGold(text: string, pos: number, lineNo: number): number {
    const strings = this.strings;
    const tokenStrings = this.tokenStrings;
    const store = this.store;
    const tagStore = this.tagStore;
    const lines = this.sentenceLines;
    const first = lineNo;
    const n = text.length;
    // Where the current sentence's first line is in `text`, when it started in this loop.
    let from = -1;
    for (;;) {
      if (pos >= n) break;
      if (text.charCodeAt(pos) === 10) {
        const s = this.segments;
        this.flush();
        if (from >= 0 && lines !== undefined && this.segments === s + 1) lines.add(s, text, this.chunkBase + this.chunkNo, from, pos);
        from = -1;
        lineNo++;
        pos++;
        continue;
      }
      const nl = text.indexOf('\n', pos);
      const p = text.indexOf(' ', pos);
      if (nl < 0 || p <= pos || p >= nl - 1) break;
      let c = 0;
      for (let i = p + 1; i < nl; i++) {
        c = text.charCodeAt(i);
        if (c === 32 || c === 13) break;
      }
      if (c === 32 || c === 13 || (p - pos === DOCSTART.length && text.startsWith(DOCSTART, pos))) break;
      lineNo++;
      if (this.size === 0) {
        this.startLine = lineNo;
        from = pos;
      } else if (this.size >= conllInternals.maxSentenceTokens) this.tooLong();
      if (store !== undefined) store.place(text, this.chunkBase + this.chunkNo, pos, p);
      else this.tokens.push(tokenStrings.get(text, pos, p));
      this.tags[this.size++] = tagStore !== undefined ? this.goldTag(text, p + 1, nl) : nl - p === 2 && text.charCodeAt(p + 1) === 79 ? O : strings.get(text, p + 1, nl);
      pos = nl + 1;
    }
    this.stoppedAt = pos;
    return lineNo - first;
  }

  /** The current sentence has reached the limit of tokens: one line names where it starts. */
  private tooLong(): never {
    const max = conllInternals.maxSentenceTokens;
    const shown = max % (1 << 20) === 0 ? `${max / (1 << 20)} Mi (${max.toLocaleString('en-US')})` : max.toLocaleString('en-US');
    throw new InputError(`the sentence that starts here has more than ${shown} tokens without a blank line: expected sentences separated by blank lines (is the input endless?)`, this.path, this.startLine);
  }

  /** A gold file's tag text[a, b): a shared string, written to the tag store when there is one. */
  private goldTag(text: string, a: number, b: number): string {
    const o = b - a === 1 && text.charCodeAt(a) === 79;
    const store = this.tagStore;
    if (store === undefined) return o ? O : this.strings.get(text, a, b);
    if (!o) return store.add(text, a, b);
    store.push(O);
    return O;
  }

  /** Field k of a line (bounds from fieldBounds) as a tag; O is one shared string. */
  private field(text: string, bounds: readonly number[], k: number): string {
    const a = bounds[2 * k];
    const b = bounds[2 * k + 1];
    return b - a === 1 && text.charCodeAt(a) === 79 ? O : this.strings.get(text, a, b);
  }

  /** The first token line, text[start, end), fixes the number of columns and where the tags are. */
  private firstLine(count: number, lineNo: number, text: string, start: number, end: number): void {
    const { opts, isGold } = this;
    this.columns = count;
    this.columnsLine = lineNo;
    this.columnsHash = text.charCodeAt(start) === 35;
    const goldColumn = opts.goldColumn > 0 ? opts.goldColumn : 2;
    const need = isGold ? goldColumn : Math.max(2, opts.predColumn);
    if (count < need) {
      const what = isGold
        ? `at least ${need} columns (the token, and the gold tag in column ${goldColumn})`
        : `at least ${need} columns (the token and the predicted tag)`;
      // A line pasted from the web often separates its columns with no-break spaces: say so.
      const space = otherSpace(text, start, end);
      throw new InputError(`expected ${what}, found ${count}${space === '' ? '' : ` (${space.slice(2)})`}`, this.path, lineNo);
    }
    const predIndex = isGold ? goldColumn - 1 : opts.predColumn > 0 ? opts.predColumn - 1 : count - 1;
    const g = opts.goldColumn > 0 ? opts.goldColumn - 1 : predIndex - 1;
    const goldIndex = !isGold && count >= 3 && g > 0 && g < count && g !== predIndex ? g : -1;
    this.predIndex = predIndex;
    this.goldIndex = goldIndex;
    this.tagColumns = isGold ? `${goldColumn}` : goldIndex >= 0 ? `${goldIndex + 1} (gold) and ${predIndex + 1} (prediction)` : `${predIndex + 1}`;
    this.anyEmbedded = goldIndex >= 0;
    this.plain = !isGold;
    // The usual layouts have quick paths: `token tag` (gold), and `token pred` or `token gold
    // pred` verified in place (system).
    this.quick = isGold
      ? count === 2 && predIndex === 1
      : this.fast && ((count === 2 && predIndex === 1 && goldIndex < 0) || (count === 3 && predIndex === 2 && goldIndex === 1 && this.expTags !== undefined));
  }

  /** Stops verifying: the expected tokens (and tags) matched so far become the sentence's own. */
  private materialize(): void {
    this.matching = false;
    this.fast = false;
    const tokens: string[] = [];
    for (let i = this.base; i < this.base + this.size; i++) tokens.push(this.expTokens.at(i)!);
    this.tokens = tokens;
    if (this.anyEmbedded && this.expTags !== undefined) {
      const goldTags: string[] = [];
      for (let i = this.base; i < this.base + this.size; i++) goldTags.push(this.expTags.at(i)!);
      this.goldTags = goldTags;
    }
  }

  /** Token `i` of the sentence being read, when the scanner still has it (for an error's hint only). */
  private sentenceToken(i: number): string | undefined {
    if (!(i >= 0 && i < this.size)) return undefined;
    const store = this.store;
    if (store !== undefined) return store.countsOnly ? undefined : store.view(store.length - this.size + i);
    if (this.tokens.length === this.size) return this.tokens[i];
    return this.matching ? this.expTokens.at(this.base + i) : undefined;
  }

  private flush(): void {
    if (this.size === 0) return;
    const first = this.startLine;
    let verified = false;
    if (this.matching) {
      if (this.sentence < this.expEnds.length && this.base + this.size === this.expEnds[this.sentence]) verified = true;
      else this.materialize();
    }
    const path = this.path;
    const sameTags = verified && this.sameTags && this.expEvidence !== undefined;
    this.flushedSame = sameTags;
    let spans: RawSpan[];
    let embeddedGold;
    let inGold = false;
    try {
      if (sameTags) {
        // The gold sentence's tags, so its spans and its evidence (the loader takes the spans).
        spans = [];
        this.evidence.bits |= this.expEvidence![this.sentence];
      } else {
        this.sentenceEvidence.bits = 0;
        this.decodePred.line = first;
        spans = decodeTags(this.tags, this.decodePred, this.size);
        this.evidence.bits |= this.sentenceEvidence.bits;
      }
      // Embedded gold tags checked equal to the reference's decode to the reference's spans.
      this.decodeGold.line = first;
      inGold = true;
      embeddedGold = this.anyEmbedded && !(verified && this.expTags !== undefined)
        ? decodeTags(this.goldTags, this.decodeGold)
        : undefined;
    } catch (err) {
      // Name the columns tags were read from: a wrong column is the usual cause of a bad tag.
      if (err instanceof InputError && err.detail.startsWith('tag "')) {
        // A system file's column before the prediction is its own gold (conlleval's `token gold
        // prediction`): one of POS tags there (`token POS prediction`) must go, as no option skips it.
        const own = inGold && !this.isGold && this.columns === 3 && this.opts.goldColumn === 0
          ? '; column 2 of three is read as the file\'s own gold tags, as conlleval reads token gold prediction: if it holds something else (POS tags?), keep only columns 1 and 3 (the token and the prediction)'
          : '';
        // A first line of column names (`token label`, as a TSV export writes) is no token line.
        const named = /^tag "([^"]*)" is not a chunk tag/.exec(err.detail);
        const header = err.line === this.columnsLine && named !== null && HEADER_WORDS.has(named[1].toLowerCase())
          ? `; line ${err.line}, the first token line, looks like a header of column names, which CoNLL files do not have: remove it`
          : '';
        // A comment line (`# tweet`, `# id 5`) of the file's column count reads as the token "#".
        const comment = named !== null && header === '' && this.sentenceToken((err.line ?? 0) - first) === '#'
          ? `; line ${err.line} reads as the token "#" tagged "${named[1]}": if it is a comment line, remove such lines (grep -v '^#'), as CoNLL files here have none`
          : '';
        throw InputError.about(`${err.detail}; tags were read from column ${this.tagColumns} (choose with {goldColumn}, {predColumn})${own}${header}${comment}`, err.file, err.line);
      }
      throw err;
    }
    // Every field in one literal, in the order of newSegment's: every segment of every CoNLL or
    // JSONL file has the same shape, so the code that takes them is compiled for one shape.
    const seg: Segment = {
      tokens: verified || this.store !== undefined ? undefined : this.tokens, storedTokens: this.store !== undefined ? this.size : undefined, spans, embeddedGold, docBreak: this.docBreak || undefined, line: first, tokenPerLine: true, source: path,
      // A system's tags array is reused from sentence to sentence: the segment gets a copy.
      // A gold file's tags written to a store are read from there.
      tags: this.isGold ? (this.tagStore !== undefined ? undefined : this.tags) : sameTags ? undefined : this.tags.slice(0, this.size),
      goldTags: this.anyEmbedded && !verified ? this.goldTags : undefined,
      tagEvidence: this.isGold ? this.sentenceEvidence.bits : undefined,
      sameTags: sameTags ? true : undefined,
      verified: verified ? true : undefined,
      text: undefined, id: undefined, docId: undefined,
    };
    if (verified) this.base = this.expEnds[this.sentence++];
    this.sink(seg);
    this.segments++;
    this.docBreak = false;
    this.size = 0;
    // The segment keeps its tokens when it has any (they are new after a verified one).
    if (this.tokens.length > 0) this.tokens = [];
    // A gold segment keeps its tags. A system's are decoded and done with, so the array is
    // overwritten from the start by the next sentence (never shortened, which would free its store).
    if (this.isGold && this.tagStore === undefined) this.tags = [];
    if (this.goldTags.length > 0) this.goldTags = [];
    this.matching = this.fast;
    this.sameTags = true;
  }

  /** The columns of the token lines (-1 before the first). */
  get columnCount(): number {
    return this.columns;
  }

  finish(): ScanResult {
    this.flush();
    return {
      columns: this.columns,
      columnsLine: this.columnsLine,
      goldEvidence: this.goldEvidence.bits,
      segments: this.segments,
      scheme: detectScheme(this.evidence),
      evidence: this.evidence.bits,
      goldScheme: this.anyEmbedded ? detectScheme(this.goldEvidence) : undefined,
      hasEmbeddedGold: this.anyEmbedded,
      warnings: [],
      markers: this.markers,
      dropped: this.dropped.count > 0 ? this.dropped : undefined,
      goldDropped: this.goldDropped.count > 0 ? this.goldDropped : undefined,
    };
  }
}


