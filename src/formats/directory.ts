/**
 * A directory as one input. A directory holding an `.ann` file is BRAT standoff (brat.ts).
 * Any other directory is a set of CoNLL or JSONL files, one document per file, read in the
 * code-point order of their names (the byte order of their UTF-8 names: what `LC_ALL=C ls` and
 * Python's `sorted` give, whatever the locale). Hidden files (names starting with `.`),
 * documentation (see {@link isDocumentation}) and subdirectories are passed over; symbolic
 * links are followed, and a broken one, or a FIFO, socket or device among the files, is an error
 * naming it (read as nothing, it would lose a document without a word). Every file must be of one kind:
 * a directory mixing CoNLL and JSONL files is an error naming one file of each.
 *
 * Each file is one document named by its file name: it starts a document, and `-DOCSTART-`
 * lines inside it (CoNLL) or `doc_id` fields (JSONL) do not start another. A file with no
 * sentences adds no document. Records are aligned to the gold standard as the files' sentences
 * and records would be in one file, so a directory and the concatenation of its files score
 * alike (apart from the document boundaries).
 */
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import type { InputFormat } from '../model/corpus.js';
import { detectScheme } from './chunking.js';
import { readConll } from './conll.js';
import { readJsonl } from './jsonl.js';
import { describeFsError } from './lines.js';
import { addDropped, invalidTags, type ReadOptions, type ReadSummary, type SegmentSink } from './segment.js';

/** Orders strings by code point (UTF-16 code-unit order differs only past U+D7FF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** A name cut into runs of digits and the text between them: `doc-10.conll` is `doc-`, `10`, `.conll`. */
function numberRuns(name: string): string[] {
  return name.split(/(\d+)/).filter((r) => r !== '');
}

const isDigits = (run: string) => /^\d/.test(run);

/** A name's runs with every number the same: names alike but for their numbers share it. */
const shapeOf = (runs: readonly string[]) => runs.map((r) => (isDigits(r) ? '#' : r)).join('\u0000');

/** Orders names as a person reads them: runs of digits by their numbers (doc-2 before doc-10), the rest by code point. */
export function compareNumbered(a: string, b: string): number {
  const x = numberRuns(a);
  const y = numberRuns(b);
  for (let k = 0; k < Math.min(x.length, y.length); k++) {
    if (isDigits(x[k]) && isDigits(y[k])) {
      const p = x[k].replace(/^0+(?=\d)/, '');
      const q = y[k].replace(/^0+(?=\d)/, '');
      if (p.length !== q.length) return p.length - q.length;
      if (p !== q) return p < q ? -1 : 1;
    } else if (x[k] !== y[k]) return compareCodePoints(x[k], y[k]);
  }
  return x.length - y.length;
}

/**
 * Where a directory's files, in the order they are read (code-point order), leave numeric
 * order: the first file that a later one precedes numerically, and the first of those later
 * ones (`doc-10.conll` and `doc-2.conll`); undefined when the two orders agree (the numbers are
 * zero-padded, or there are none).
 */
export function numberOrderSlip(files: readonly string[]): [string, string] | undefined {
  // Only names alike but for their numbers (doc-2 and doc-10, not doc2 and doc-10) are compared:
  // zeros in front put those in order, and nothing else would.
  const shapes = new Map<string, string[]>();
  for (const f of files) {
    const shape = shapeOf(numberRuns(f));
    let group = shapes.get(shape);
    if (group === undefined) shapes.set(shape, (group = []));
    group.push(f);
  }
  let found: [string, string] | undefined;
  const at = new Map(files.map((f, k) => [f, k]));
  for (const group of shapes.values()) {
    // The numerically first of group[k..], from the end.
    const first = new Array<string>(group.length);
    for (let k = group.length - 1; k >= 0; k--) {
      first[k] = k + 1 < group.length && compareNumbered(first[k + 1], group[k]) < 0 ? first[k + 1] : group[k];
    }
    for (let k = 0; k + 1 < group.length; k++) {
      if (compareNumbered(group[k], first[k + 1]) > 0) {
        if (found === undefined || at.get(group[k])! < at.get(found[0])!) found = [group[k], first[k + 1]];
        break;
      }
    }
  }
  return found;
}

/**
 * `name` with each run of digits padded with zeros to the longest the same run has in `like`, one
 * name or several (`doc-2.conll` like `doc-10.conll`: `doc-02.conll`; like every file of a
 * directory up to `doc-231.conll`: `doc-002.conll`).
 */
export function zeroPadded(name: string, like: string | readonly string[]): string {
  const runs = numberRuns(name);
  const shape = shapeOf(runs);
  // Of a list, only names alike but for their numbers count.
  const others = (typeof like === 'string' ? [like] : like).map(numberRuns).filter((o) => typeof like === 'string' || shapeOf(o) === shape);
  return runs.map((run, k) => {
    if (!isDigits(run)) return run;
    let width = run.length;
    for (const o of others) if (o[k] !== undefined && isDigits(o[k])) width = Math.max(width, o[k].length);
    return run.padStart(width, '0');
  }).join('');
}

/** What a directory holds, for detection: its BRAT annotation files, or its other files in order. */
export interface DirectoryListing {
  /** Whether it has an `.ann` file (it is BRAT). */
  brat: boolean;
  /** Its files (not hidden, not directories), in code-point order of their names. */
  files: string[];
}

/**
 * Whether a file of a directory is its documentation rather than data: a README, LICENSE (or
 * LICENCE), NOTICE, COPYING or CHANGELOG file, bare or `.txt` (`notice.jsonl` is data), or a Markdown,
 * reStructuredText, HTML or PDF file. A data folder often has one beside its outputs, and read
 * as CoNLL it would be a document of nonsense tokens.
 */
export function isDocumentation(name: string): boolean {
  return /^(readme|licen[cs]e|notice|copying|changelog)(\.txt)?$/i.test(name) || /\.(md|markdown|rst|html?|pdf)$/i.test(name);
}

/** Lists `dir` as {@link DirectoryListing} says: documentation files are passed over as hidden files are. */
export function listDirectory(dir: string): DirectoryListing {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    throw new InputError(describeFsError(err), dir);
  }
  const files: string[] = [];
  let brat = false;
  for (const name of names) {
    if (name.startsWith('.') || isDocumentation(name)) continue;
    if (name.endsWith('.ann')) brat = true;
    const path = join(dir, name);
    let st: Stats;
    try {
      st = statSync(path);
    } catch {
      // A file gone since the listing is not an input; a broken link is a document lost.
      if (isLink(path)) throw new InputError('is a broken symbolic link: every file of a directory is one of its documents (restore its target, or remove the link)', path);
      continue;
    }
    if (st.isFile()) files.push(name);
    else if (!st.isDirectory()) throw new InputError(`is ${special(st)}, not a file: every file of a directory is one of its documents (move it out of ${dir})`, path);
  }
  return { brat, files: files.sort(compareCodePoints) };
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** What a directory entry that is neither a file nor a directory is, for a message. */
function special(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'a special file';
}

/**
 * The format of the files of a directory that is not BRAT: `formatOf` gives each file's (by
 * its extension and content). An InputError for an empty directory and for one mixing kinds.
 */
export function directoryFormat(dir: string, files: readonly string[], formatOf: (path: string) => InputFormat): InputFormat {
  if (files.length === 0) {
    throw new InputError('the directory has no input files (expected CoNLL or JSONL files, one document per file, or BRAT NAME.txt and NAME.ann pairs)', dir);
  }
  const first = join(dir, files[0]);
  const format = formatOf(first);
  for (let k = 1; k < files.length; k++) {
    const path = join(dir, files[k]);
    const other = formatOf(path);
    if (other !== format) {
      throw new InputError(
        `the directory mixes kinds of files: ${files[0]} is ${NAMES[format]} but ${files[k]} is ${NAMES[other]} (a directory is one input, one output split into documents: all CoNLL or all JSONL files, one document per file; to give several systems, list their files)`,
        dir,
      );
    }
  }
  return format;
}

const NAMES: Record<InputFormat, string> = { conll: 'CoNLL', jsonl: 'JSONL', brat: 'BRAT' };

/**
 * Reads the CoNLL or JSONL files of `dir` (as {@link listDirectory} lists them) as one input,
 * one document per file (see the module comment). The summary's scheme is detected over all
 * the files; with `strictScheme` and no scheme given, a first pass over every file detects it,
 * and every file is then validated under it.
 */
export function readDirectory(dir: string, format: 'conll' | 'jsonl', opts: ReadOptions, sink: SegmentSink): ReadSummary {
  const files = listDirectory(dir).files;
  if (files.length === 0) directoryFormat(dir, files, () => format);
  const read = format === 'conll' ? readConll : readJsonl;
  // Verification in place follows the expected sentences from the first: one file's worth only.
  let fileOpts: ReadOptions = { ...opts, expect: undefined };
  if (format === 'conll' && invalidTags(opts) !== 'repair' && opts.scheme === 'auto') {
    // Checking (or dropping by) a scheme needs it before decoding: one first pass over every
    // file detects the predictions' scheme, and an embedded gold column's apart, as a lone file's.
    let bits = 0;
    let goldBits = 0;
    let embedded = false;
    for (const name of files) {
      const s = read(join(dir, name), { ...fileOpts, strictScheme: false, invalid: 'repair', tokenStore: undefined, tagStore: undefined }, () => {});
      bits |= s.evidence ?? 0;
      if (s.hasEmbeddedGold) {
        embedded = true;
        goldBits |= s.goldEvidence ?? 0;
      }
    }
    fileOpts = { ...fileOpts, scheme: detectScheme({ bits }), ...(embedded ? { embeddedScheme: detectScheme({ bits: goldBits }) } : {}) };
  }
  const summary: ReadSummary = { segments: 0, hasEmbeddedGold: false, warnings: [], lines: 0 };
  let bits = 0;
  let tagged = false;
  let embedded = 0;
  let withSentences = 0;
  for (const name of files) {
    let first = true;
    const s = read(join(dir, name), fileOpts, (seg) => {
      // One document per file: the file starts it, and nothing inside it starts another.
      seg.docId = name;
      seg.docBreak = first ? true : undefined;
      first = false;
      sink(seg);
    });
    summary.segments += s.segments;
    // conlleval counts a -DOCSTART- line as a token (see accuracy.ts), in a file of a directory too.
    if (s.markers !== undefined) summary.markers = (summary.markers ?? 0) + s.markers;
    summary.warnings.push(...s.warnings);
    summary.lines! += s.lines ?? 0;
    if (s.evidence !== undefined) {
      bits |= s.evidence;
      tagged = true;
    }
    if (s.goldEvidence !== undefined) summary.goldEvidence = (summary.goldEvidence ?? 0) | s.goldEvidence;
    // One count for the directory, its first dropped chunk naming its file.
    summary.dropped = addDropped(summary.dropped, s.dropped);
    summary.goldDropped = addDropped(summary.goldDropped, s.goldDropped);
    if (s.segments > 0) {
      withSentences++;
      if (s.hasEmbeddedGold) embedded++;
    }
  }
  // Only a directory whose every file (with sentences) has the embedded gold column has one.
  summary.hasEmbeddedGold = embedded > 0 && embedded === withSentences;
  if (tagged) summary.scheme = detectScheme({ bits });
  // A line number would be in no one file: only an empty directory's (0) is kept, for messages.
  if (summary.lines !== 0) summary.lines = undefined;
  return summary;
}
