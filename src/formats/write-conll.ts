/**
 * CoNLL writer: a span set over a tokenised corpus as a column file that `complan eval` (and
 * conlleval, for IOB2) reads back to exactly the same spans.
 */
import { InputError, paramsIn, showValue, UsageError } from '../errors.js';
import { checkChoice, checkCorpus, checkOptionsObject, checkSpans } from '../metrics/options-check.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';
import { sentenceAt, type Corpus, type Span } from '../model/corpus.js';
import { compareSpans, compareStrings, describeSpan, placeSpans, reiterable, type PlacedSpan } from './write-spans.js';
import { hasGoldStandard } from './load.js';

/** Tag schemes the CoNLL writer can write. */
export type ConllWriteScheme = 'iob2' | 'iobes';

/**
 * What to do with overlapping (or nested) spans, which one tag per token cannot express:
 * - `error` (default): throw an {@link OverlapError} naming the first conflicting pair;
 * - `longest`: keep the longest span (ties: earliest start, then label in code-unit order),
 *   drop every span that overlaps it, and repeat with what is left;
 * - `first`: keep the earliest-starting span (ties: longest, then label), drop every span that
 *   overlaps it, and repeat.
 */
export type OverlapResolution = 'error' | 'longest' | 'first';

export const OVERLAP_RESOLUTIONS: readonly OverlapResolution[] = ['error', 'longest', 'first'];
const CONLL_WRITE_SCHEMES: readonly ConllWriteScheme[] = ['iob2', 'iobes'];

export interface ConllWriteOptions {
  /**
   * Gold spans to write as a gold column before the prediction (`token gold pred`, conlleval
   * style); usually `corpus.gold.spans`. Without it the file has two columns, `token pred`.
   */
  gold?: readonly Span[];
  /** Tag scheme of both tag columns (default `iob2`). */
  scheme?: ConllWriteScheme;
  /** Overlapping spans: see {@link OverlapResolution} (default `error`). Applies to the gold column too. */
  resolveOverlaps?: OverlapResolution;
  /** Column separator (default one space; CoNLL-2003 uses a space, many taggers a tab). */
  separator?: ' ' | '\t';
}

/** Every option {@link formatConll} takes (any other key is refused). */
export const CONLL_WRITE_OPTION_KEYS = ['gold', 'scheme', 'resolveOverlaps', 'separator'] as const satisfies readonly (keyof ConllWriteOptions)[];
type _ConllWriteKeysListed = NoneMissing<Exclude<keyof ConllWriteOptions, (typeof CONLL_WRITE_OPTION_KEYS)[number]>>;

export interface ConllOutput {
  /**
   * The file's text in chunks of one sentence each (the document marker is part of the first
   * sentence's chunk). Lazy, and iterable more than once; pass it to `writeFileAtomic`.
   */
  chunks: Iterable<string>;
  /** Predicted spans dropped by overlap resolution, in corpus order (empty under `error`). */
  dropped: Span[];
  /** Gold spans dropped by overlap resolution (only with `gold`; empty under `error`). */
  droppedGold: Span[];
}

/**
 * Two spans overlap and the output format (one tag per token) cannot hold both. The message is
 * one line naming both spans with their text, label, sentence (from 1) and token positions (from
 * 1, inclusive), and suggests JSONL (`--out-format jsonl`), which keeps both, or
 * `--resolve-overlaps longest|first`. It has no file, and, being an InputError, maps to exit
 * code 2.
 */
export class OverlapError extends InputError {
  constructor(
    detail: string,
    /** The two spans, the earlier-starting first. */
    readonly spans: readonly [Span, Span],
    /** Index (from 0) of the gold sentence that holds them. */
    readonly sentence: number,
    /** Whether the spans are predictions or gold-column spans. */
    readonly which: 'prediction' | 'gold',
  ) {
    super(paramsIn(detail), undefined, undefined, { template: detail });
    this.name = 'OverlapError';
  }
}

const FORBIDDEN_IN_FIELD = /[ \t\r\n]/;

/**
 * The CoNLL text of `spans` over a token-mode corpus, aligned to the gold's documents and
 * sentences, so that `complan eval --gold GOLD written.conll` reads back exactly `spans`.
 *
 * Format:
 * - one token per line: `token pred`, or `token gold pred` with `options.gold` (which
 *   `complan eval` without `--gold` takes as the reference, as conlleval does); columns are
 *   separated by `options.separator`;
 * - each sentence is followed by a blank line;
 * - a document the gold opened with a marker (`DocumentInfo.marked`: a `-DOCSTART-` line in
 *   CoNLL, a `doc_id` in JSONL) is preceded by a `-DOCSTART-` line and a blank line, as in
 *   CoNLL-2003. The marker line has as many columns as token lines (`-DOCSTART- O` or
 *   `-DOCSTART- O O`), because conlleval rejects a line with another number of columns; complan
 *   reads any `-DOCSTART-` line. Without markers in the gold (one implicit document) none is
 *   written;
 * - tags are IOB2 (`B-X` opens every span, `I-X` continues it) or, with `scheme: 'iobes'`,
 *   IOBES (`S-X` for a one-token span, `B-X I-X … E-X` otherwise); untagged tokens are `O`.
 *   Adjacent spans of one label stay distinct in both schemes (`B-X B-X`, `E-X B-X`/`S-X S-X`).
 *
 * Edge cases:
 * - identical spans are written once (evaluation treats spans as a set);
 * - gold sentences without tokens (JSONL records with `"tokens": []`) cannot be written as a
 *   blank line and are skipped; the file reads back correctly unless such a sentence is the
 *   gold's last;
 * - the spans' `doc` field is not used: each span's sentence is found from its start.
 *
 * Validation happens here, before any chunk is produced, so nothing is written when the spans
 * cannot be: every error about the spans is an {@link InputError} without a file (exit code 2).
 *
 * @throws UsageError for an option that is none: a scheme, overlap resolution or separator not
 *   listed above, or `gold` that is not a list of spans, or is the spans of a corpus loaded
 *   without a gold standard (`allowNoGold`), which has none.
 * @throws InputError when the corpus has character offsets (use the JSONL writer); when a
 *   token is empty, contains a space, tab or line break, or is `-DOCSTART-` (it would not read
 *   back as one token), or a label contains a space, tab or line break; when a span is
 *   discontinuous (it has `fragments`: CoNLL cannot express a gap, whatever
 *   `resolveOverlaps` says — dropping it silently would change the scores, so write JSONL); when
 *   a span does not fit in one gold sentence or lies outside the corpus.
 * @throws OverlapError when two spans (predicted, or in `gold`) overlap and `resolveOverlaps`
 *   is `error` (the default). Identical spans do not count as overlapping; the same tokens with
 *   two labels do.
 */
export function formatConll(corpus: Corpus, spans: readonly Span[], options: ConllWriteOptions = {}): ConllOutput {
  checkCorpus(corpus);
  checkSpans('spans', spans);
  checkOptionsObject(options);
  checkOptionKeys('options', options, CONLL_WRITE_OPTION_KEYS);
  const scheme = options.scheme ?? 'iob2';
  const resolution = options.resolveOverlaps ?? 'error';
  const sep = options.separator ?? ' ';
  // Options, as the command's choices check them: an unknown resolution is not read as another,
  // a separator is one the readers split on, and the gold column's spans are spans.
  checkChoice('scheme', scheme, CONLL_WRITE_SCHEMES);
  checkChoice('resolveOverlaps', resolution, OVERLAP_RESOLUTIONS);
  if (sep !== ' ' && sep !== '\t') throw UsageError.about('separator', `must be " " (a space) or "\\t" (a tab), got ${showValue(sep)}`);
  if (options.gold !== undefined) checkSpans('gold', options.gold);
  // A corpus loaded without a gold standard has an empty one: its "gold column" would be all O.
  if (options.gold !== undefined && options.gold === corpus.gold.spans && !hasGoldStandard(corpus)) {
    throw UsageError.about('gold', 'the corpus was loaded without a gold standard (allowNoGold), so its gold spans are none and the gold column would be all O: leave gold out for `token pred` lines');
  }
  if (corpus.unit !== 'token' || corpus.tokens === undefined) {
    throw InputError.about('cannot write CoNLL: the gold standard has character offsets (text without tokens); write JSONL instead ({outFormat} jsonl)');
  }
  const tokens = corpus.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '' || t === '-DOCSTART-' || FORBIDDEN_IN_FIELD.test(t)) {
      const si = corpus.sentences[sentenceAt(corpus, i)];
      const shown = showValue(t);
      // The token is shown as it is: a message that holds `{word}` itself is no template.
      const detail = `cannot write CoNLL: token ${i - si.start + 1} of sentence ${si.index + 1} is ${shown}, which would not read back as one token; write JSONL instead`;
      throw /\{\w+\}/.test(shown) ? new InputError(`${detail} (outFormat jsonl)`) : InputError.about(`${detail} ({outFormat} jsonl)`);
    }
  }
  // The file's first token, when no document marker comes before it, starts the file: a byte-order
  // mark there is taken for the file's own and dropped, and `{"` makes a reader take the file for JSONL.
  const first = corpus.documents[0];
  if (tokens.length > 0 && first !== undefined && first.marked !== true && (tokens[0].startsWith('\ufeff') || tokens[0].startsWith('{"'))) {
    throw InputError.about(`cannot write CoNLL: the first token, ${showValue(tokens[0])}, would start the file, which would read back ${tokens[0].startsWith('{') ? 'as JSONL' : 'without its byte-order mark'}; write JSONL instead ({outFormat} jsonl)`);
  }
  const pred = prepare(corpus, spans, resolution, 'prediction');
  const gold = options.gold === undefined ? undefined : prepare(corpus, options.gold, resolution, 'gold');
  const columns = gold === undefined ? 2 : 3;
  const docstart = `-DOCSTART-${`${sep}O`.repeat(columns - 1)}\n\n`;

  function* generate(): Generator<string> {
    for (const doc of corpus.documents) {
      let marker = doc.marked === true;
      for (let si = doc.firstSentence; si < doc.endSentence; si++) {
        const s = corpus.sentences[si];
        const n = s.end - s.start;
        let chunk = '';
        if (marker) {
          chunk += docstart;
          marker = false;
        }
        if (n > 0) {
          const p = tagSentence(pred.kept[si], n, scheme);
          const g = gold === undefined ? undefined : tagSentence(gold.kept[si], n, scheme);
          for (let j = 0; j < n; j++) {
            chunk += g === undefined ? `${tokens[s.start + j]}${sep}${p[j]}\n` : `${tokens[s.start + j]}${sep}${g[j]}${sep}${p[j]}\n`;
          }
          chunk += '\n';
        }
        if (chunk !== '') yield chunk;
      }
      if (marker) yield docstart;
    }
  }

  return { chunks: reiterable(generate), dropped: pred.dropped, droppedGold: gold?.dropped ?? [] };
}

interface Prepared {
  kept: PlacedSpan[][];
  dropped: Span[];
}

/** Places, validates and (when asked) resolves overlaps, sentence by sentence. */
function prepare(corpus: Corpus, spans: readonly Span[], resolution: OverlapResolution, which: 'prediction' | 'gold'): Prepared {
  const what = which === 'gold' ? 'gold span' : 'span';
  const placed = placeSpans(corpus, spans, what, 'CoNLL');
  for (const list of placed) {
    for (const p of list) {
      if (FORBIDDEN_IN_FIELD.test(p.span.label)) {
        throw new InputError(`cannot write CoNLL: the label of ${what} ${describeSpan(corpus, p)} contains a space, tab or line break`);
      }
      if (p.fragments !== undefined) {
        const shown = describeSpan(corpus, p);
        const detail = `cannot write CoNLL: ${what} ${shown} is discontinuous, which one tag per token cannot express; write JSONL instead`;
        throw /\{\w+\}/.test(shown) ? new InputError(`${detail} (outFormat jsonl)`) : InputError.about(`${detail} ({outFormat} jsonl)`);
      }
    }
  }
  const dropped: Span[] = [];
  const kept = placed.map((list) => {
    if (resolution === 'error') {
      checkNoOverlap(corpus, list, which);
      return list;
    }
    const s = corpus.sentences[list[0]?.sentence ?? 0];
    return resolve(list, s === undefined ? 0 : s.end - s.start, resolution, dropped);
  });
  dropped.sort((a, b) => a.start - b.start || a.end - b.end || compareStrings(a.label, b.label));
  return { kept, dropped };
}

/** `list` is sorted by start, end, label: a span that starts before the furthest end so far overlaps. */
function checkNoOverlap(corpus: Corpus, list: readonly PlacedSpan[], which: 'prediction' | 'gold'): void {
  let reach: PlacedSpan | undefined;
  for (const p of list) {
    if (reach !== undefined && p.start < reach.end) {
      const spans = which === 'gold' ? 'gold spans' : 'spans';
      throw new OverlapError(
        `cannot write overlapping ${spans} as CoNLL: ${describeSpan(corpus, reach)} overlaps ${describeSpan(corpus, p)}; `
        + (which === 'gold'
          ? 'JSONL keeps them ({outFormat} jsonl), a file without the gold column ({noWriteGold}) needs none of them, or {resolveOverlaps} longest|first keeps one span of each overlapping group'
          : 'JSONL keeps them ({outFormat} jsonl), or pass {resolveOverlaps} longest|first to keep one span of each overlapping group'),
        [reach.span, p.span], p.sentence, which,
      );
    }
    if (reach === undefined || p.end > reach.end) reach = p;
  }
}

/**
 * How many of `spans` (corpus coordinates; identical spans count once) overlap another: the
 * spans that one tag per token cannot hold, so that {@link formatConll} throws an
 * {@link OverlapError} for them unless it resolves overlaps. The same tokens with two labels
 * overlap. Spans are compared by their extent, `[start, end)`.
 */
export function countOverlapping(spans: readonly Span[]): number {
  const sorted = spans.slice().sort(compareSpans).filter((x, i, all) => i === 0 || compareSpans(all[i - 1], x) !== 0);
  let count = 0;
  let reach = -1;
  for (let i = 0; i < sorted.length; i++) {
    const x = sorted[i];
    // Sorted by start, a span overlaps a later one exactly when it overlaps the next one.
    if (x.start < reach || (i + 1 < sorted.length && sorted[i + 1].start < x.end)) count++;
    reach = Math.max(reach, x.end);
  }
  return count;
}

/**
 * Greedy selection in priority order: a span is kept unless it overlaps one kept before it.
 * Runs in O(k log k + covered tokens) for k spans in a sentence of `n` tokens.
 */
function resolve(list: readonly PlacedSpan[], n: number, resolution: 'longest' | 'first', dropped: Span[]): PlacedSpan[] {
  if (list.length < 2) return list.slice();
  const order = list.slice().sort(resolution === 'longest'
    ? (a, b) => (b.end - b.start) - (a.end - a.start) || a.start - b.start || compareStrings(a.span.label, b.span.label)
    : (a, b) => a.start - b.start || (b.end - b.start) - (a.end - a.start) || compareStrings(a.span.label, b.span.label));
  const taken = new Uint8Array(n);
  const kept: PlacedSpan[] = [];
  for (const p of order) {
    let free = true;
    for (let j = p.start; j < p.end && free; j++) free = taken[j] === 0;
    if (!free) {
      dropped.push(p.span);
      continue;
    }
    taken.fill(1, p.start, p.end);
    kept.push(p);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Tags of one sentence of `n` tokens, given non-overlapping spans relative to it. */
function tagSentence(spans: readonly PlacedSpan[], n: number, scheme: ConllWriteScheme): string[] {
  const tags = new Array<string>(n).fill('O');
  for (const p of spans) {
    // An untyped span (empty label) is written with bare prefixes, as it was read.
    const label = p.span.label === '' ? '' : `-${p.span.label}`;
    if (scheme === 'iobes' && p.end - p.start === 1) {
      tags[p.start] = `S${label}`;
      continue;
    }
    tags[p.start] = `B${label}`;
    for (let j = p.start + 1; j < p.end; j++) tags[j] = `I${label}`;
    if (scheme === 'iobes') tags[p.end - 1] = `E${label}`;
  }
  return tags;
}
