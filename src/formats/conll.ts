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
import { decodeTags, detectScheme, newEvidence, type SchemeEvidence } from './chunking.js';
import { forEachLineRange } from './lines.js';
import type { ReadOptions, ReadSummary, SegmentSink, TagScheme } from './segment.js';

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

function isDocstart(text: string, a: number, b: number): boolean {
  return b - a === DOCSTART.length && text.startsWith(DOCSTART, a);
}

/** Reads a CoNLL file, handing each sentence to `sink`. */
export function readConll(path: string, opts: ReadOptions, sink: SegmentSink): ReadSummary {
  if (opts.strictScheme && opts.scheme === 'auto') {
    // Validation needs the scheme before decoding: a first pass detects it.
    const first = scan(path, { ...opts, strictScheme: false }, () => {});
    return scan(path, { ...opts, scheme: first.scheme ?? 'iob2' }, sink, first.goldScheme);
  }
  return scan(path, opts, sink);
}

interface ScanResult extends ReadSummary {
  goldScheme?: Exclude<TagScheme, 'auto'>;
}

function scan(
  path: string,
  opts: ReadOptions,
  sink: SegmentSink,
  embeddedScheme?: Exclude<TagScheme, 'auto'>,
): ScanResult {
  const isGold = opts.role === 'gold';
  let columns = -1;
  let columnsLine = 0;
  let tokens: string[] = [];
  let tags: string[] = [];
  let goldTags: string[] = [];
  let startLine = 0;
  let docBreak = false;
  let segments = 0;
  let anyEmbedded = false;
  const evidence: SchemeEvidence = newEvidence();
  const goldEvidence: SchemeEvidence = newEvidence();

  const flush = () => {
    if (tokens.length === 0) return;
    const first = startLine;
    const lineOf = (i: number) => first + i;
    let spans;
    let embeddedGold;
    try {
      spans = decodeTags(tags, {
        scheme: opts.scheme, strict: opts.strictScheme, source: path, lineOf, evidence,
      });
      embeddedGold = goldTags.length > 0
        ? decodeTags(goldTags, {
          scheme: embeddedScheme ?? opts.scheme, strict: opts.strictScheme, source: path, lineOf, evidence: goldEvidence,
        })
        : undefined;
    } catch (err) {
      // Name the columns tags were read from: a wrong column is the usual cause of a bad tag.
      if (err instanceof InputError && err.detail.startsWith('tag "')) {
        throw new InputError(`${err.detail}; tags were read from column ${tagColumns} (choose with --gold-column, --pred-column)`, err.file, err.line);
      }
      throw err;
    }
    sink({
      tokens, spans, embeddedGold, docBreak: docBreak || undefined, line: first, tokenPerLine: true, source: path,
    });
    segments++;
    docBreak = false;
    tokens = [];
    tags = [];
    goldTags = [];
  };

  const bounds: number[] = [];
  const field = (text: string, k: number) => text.slice(bounds[2 * k], bounds[2 * k + 1]);
  // Most tags are O: share one string instead of slicing a new one per token.
  const tag = (text: string, k: number) => {
    const a = bounds[2 * k];
    return bounds[2 * k + 1] - a === 1 && text.charCodeAt(a) === 79 ? 'O' : text.slice(a, bounds[2 * k + 1]);
  };
  let predIndex = -1;
  let goldIndex = -1;
  let tagColumns = '';
  forEachLineRange(path, (text, start, end, lineNo) => {
    const count = fieldBounds(text, start, end, bounds);
    if (count === 0) {
      flush();
      return;
    }
    if (isDocstart(text, bounds[0], bounds[1])) {
      flush();
      docBreak = true;
      return;
    }
    if (columns < 0) {
      columns = count;
      columnsLine = lineNo;
      const goldColumn = opts.goldColumn > 0 ? opts.goldColumn : 2;
      const need = isGold ? goldColumn : Math.max(2, opts.predColumn);
      if (columns < need) {
        const what = isGold
          ? `at least ${need} columns (the token, and the gold tag in column ${goldColumn})`
          : `at least ${need} columns (the token and the predicted tag)`;
        throw new InputError(`expected ${what}, found ${columns}`, path, lineNo);
      }
      predIndex = isGold ? goldColumn - 1 : opts.predColumn > 0 ? opts.predColumn - 1 : columns - 1;
      const g = opts.goldColumn > 0 ? opts.goldColumn - 1 : predIndex - 1;
      goldIndex = !isGold && columns >= 3 && g > 0 && g < columns && g !== predIndex ? g : -1;
      tagColumns = isGold ? `${goldColumn}` : goldIndex >= 0 ? `${goldIndex + 1} (gold) and ${predIndex + 1} (prediction)` : `${predIndex + 1}`;
      anyEmbedded = goldIndex >= 0;
    } else if (count !== columns) {
      throw new InputError(`expected ${columns} columns as on line ${columnsLine}, found ${count}`, path, lineNo);
    }
    if (tokens.length === 0) startLine = lineNo;
    tokens.push(field(text, 0));
    tags.push(tag(text, predIndex));
    if (goldIndex >= 0) goldTags.push(tag(text, goldIndex));
  });
  flush();
  return {
    segments,
    scheme: detectScheme(evidence),
    goldScheme: anyEmbedded ? detectScheme(goldEvidence) : undefined,
    hasEmbeddedGold: anyEmbedded,
    warnings: [],
  };
}
