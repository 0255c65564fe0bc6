/**
 * BRAT standoff reader: a directory of `NAME.txt` + `NAME.ann` pairs, one segment per document.
 *
 * BRAT offsets count characters as Python does, i.e. Unicode code points, of the text file as
 * written (CRLF counts two; a byte-order mark counts one, since BRAT reads files with the plain
 * `utf-8` codec). Segments carry the text without its BOM and offsets in UTF-16 code units, so
 * that `text.slice(start, end)` is the annotated text even when it has astral characters.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, showName, showValue } from '../errors.js';
import { dropDuplicates } from './jsonl.js';
import { codePointLength, codePointsToUnits } from './codepoints.js';
import { describeFsError, LineReader, looksUtf16, notUtf8Error, utf16Error } from './lines.js';
import { compareCodePoints, isDocumentation } from './directory.js';
import { EMPTY_SPAN_HINT, type RawSpan, type ReadOptions, type ReadSummary, type SegmentSink } from './segment.js';

const T_LINE = /^T[^\t]*\t(\S+) +(\d+ +\d+(?: *; *\d+ +\d+)*)(?:\t(.*))?$/;
const T_EXPECTED = 'expected "T<id><TAB><label> <start> <end>[;<start> <end>]…<TAB><text>"';
/** First characters of the other BRAT annotation kinds, which are skipped. */
const IGNORED = new Set(['R', 'E', 'A', 'M', 'N', '#', '*']);
const BOM = '\uFEFF';

/**
 * Reads the BRAT documents in `dir` (not its subdirectories), in code-unit order of their names,
 * handing each to `sink` as a segment with `text`, `id` = `docId` = NAME, `line` 1 and `source`
 * = the `.ann` path (the `.txt` path for a `.txt` without `.ann`, which is a document with no
 * spans).
 *
 * Each `T` line of an `.ann` file becomes a span (with the `.ann` line); a discontinuous one
 * (`0 5;8 12`) gets its sorted `fragments` and their hull as start/end. Other annotation kinds
 * (R, E, A, M, N, #, *) and blank lines are ignored. Warnings (in the summary) for attribute
 * lines (A, M: one for the directory, counting them and naming the first), for a `T` line
 * whose text column differs from the document text at its offsets (fragments joined by a space,
 * line ends in the document read as spaces; one warning for the directory, counting them and
 * naming the first) and for identical spans repeated in one document (kept once). `opts` changes nothing: BRAT has no tags and no embedded gold.
 *
 * @throws InputError for a missing or unreadable directory, a directory with no `.ann` file, an
 *   `.ann` without its `.txt`, a text that is not UTF-8, and, naming the `.ann` file and line, a
 *   malformed `T` line, an offset pair with end ≤ start or beyond the text, an unknown
 *   annotation kind.
 */
export function readBrat(dir: string, _opts: ReadOptions, sink: SegmentSink): ReadSummary {
  const { names, others } = listDocuments(dir);
  const warnings: string[] = [];
  // A document without its .ann reads as one without items: likely, but perhaps a file left behind.
  const bare = names.filter(([, hasAnn]) => !hasAnn).map(([name]) => name);
  if (bare.length > 0) {
    warnings.push(`${dir}: ${bare.length === 1 ? `${bare[0]}.txt has` : `${bare.length} documents have`} no .ann file${bare.length === 1 ? '' : ` (first ${bare[0]}.txt)`}: `
      + `read as ${bare.length === 1 ? 'a document' : 'documents'} without items; write an empty .ann to say so and silence this`);
  }
  // Files that are neither .txt nor .ann are not read: say so, as a stray output would be missed.
  if (others.length > 0) {
    warnings.push(`${dir}: ${others.length === 1 ? `${others[0]} is` : `${others.length} files are`} neither .txt nor .ann${others.length === 1 ? '' : ` (first ${others[0]})`}: not read (a BRAT directory holds NAME.txt and NAME.ann pairs)`);
  }
  // T lines whose text column differs from the document: one warning for all, with the first.
  const mismatches: TextMismatches = { count: 0, first: '' };
  // Attribute lines (A, and M of older brat), not read: one warning for all, with the first.
  const attributes: TextMismatches = { count: 0, first: '' };
  for (const [name, hasAnn] of names) {
    const annPath = join(dir, `${name}.ann`);
    const { text, toUnits, length } = readText(join(dir, `${name}.txt`));
    const spans: RawSpan[] = [];
    if (hasAnn) readAnn(annPath, { annPath, text, toUnits, length, warnings, mismatches, attributes }, spans);
    sink({
      text, spans: dropDuplicates(spans, annPath, warnings), id: name, docId: name, line: 1,
      source: hasAnn ? annPath : join(dir, `${name}.txt`),
    });
  }
  if (mismatches.count === 1) warnings.push(mismatches.first);
  else if (mismatches.count > 1) {
    warnings.push(`${dir}: ${mismatches.count} T lines give a text that differs from the document text at their offsets, which are what is read (first ${mismatches.first})`);
  }
  if (attributes.count > 0) {
    // A type given as an attribute (`A1<TAB>Type T1 DATE`, as TIMEX3 annotations often are) is not
    // the item's type here: items that differ only there would match.
    warnings.push(`${dir}: ${attributes.count === 1 ? 'an attribute line is' : `${attributes.count} attribute lines are`} not read (${attributes.first}): items are typed by their T line's label only, so types or values given as attributes are not scored; write the type as the label to score it`);
  }
  return { segments: names.length, hasEmbeddedGold: false, warnings };
}

/** How many T lines of a directory give a text other than the document's at their offsets, and the first as a warning. */
interface TextMismatches {
  count: number;
  first: string;
}

/**
 * Document names in sorted order, each with whether it has an `.ann` file, and the other files
 * (neither `.txt` nor `.ann`; hidden files, documentation and brat's `.conf` files left out), sorted.
 */
function listDocuments(dir: string): { names: Array<[string, boolean]>; others: string[] } {
  let entries: string[];
  try {
    entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !e.isDirectory()).map((e) => e.name);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new InputError(code === 'ENOTDIR' ? 'is a file, expected a BRAT directory of .txt and .ann files' : describeFsError(err), dir);
  }
  // Documentation (README.txt, LICENSE) and brat's own configuration (annotation.conf,
  // visual.conf, tools.conf, kb_shortcuts.conf) belong in a collection: passed over in silence.
  entries = entries.filter((f) => !f.startsWith('.') && !isDocumentation(f) && !f.endsWith('.conf'));
  const stems = (ext: string) => new Set(entries.filter((f) => f.endsWith(ext)).map((f) => f.slice(0, -ext.length)));
  const anns = stems('.ann');
  const txts = stems('.txt');
  if (anns.size === 0) throw new InputError('no .ann files in directory (a directory is read as BRAT standoff: NAME.txt and NAME.ann pairs)', dir);
  // In code-point order, as a directory of CoNLL or JSONL files is read (UTF-16 order differs above U+FFFF).
  for (const name of [...anns].sort(compareCodePoints)) {
    if (!txts.has(name)) throw new InputError(`missing ${name}.txt beside ${name}.ann`, join(dir, `${name}.ann`));
  }
  const others = entries.filter((f) => !f.endsWith('.ann') && !f.endsWith('.txt')).sort(compareCodePoints);
  return { names: [...new Set([...anns, ...txts])].sort(compareCodePoints).map((name) => [name, anns.has(name)]), others };
}

interface DocText {
  /** The text without its BOM. */
  text: string;
  /** Maps a code-point offset of the file as written to a UTF-16 offset into `text`. */
  toUnits: (offset: number) => number;
  /** Length of the file as written, in code points. */
  length: number;
}

function readText(path: string): DocText {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new InputError(describeFsError(err), path);
  }
  if (looksUtf16(bytes)) throw utf16Error(path);
  let written: string;
  try {
    written = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw notUtf8Error(bytes, 1, path);
  }
  const bom = written.startsWith(BOM) ? 1 : 0;
  const text = written.slice(bom);
  // Offsets count the code points of the file as written, BOM included.
  const units = codePointsToUnits(written);
  return { text, toUnits: (o) => Math.max(0, units(o) - bom), length: codePointLength(written) };
}

/**
 * Reads the `T` lines of `annPath` into `spans`. An id given twice is a warning (brat ids are
 * unique in a file; both spans are read). A last line without a line end that lacks the text
 * field brat always writes, or that is wrong, is likely a file cut inside it: a warning, or the
 * error, says so.
 */
function readAnn(annPath: string, ctx: AnnContext, spans: RawSpan[]): void {
  const r = new LineReader(annPath);
  const ids = new Map<string, number>();
  try {
    while (r.next()) {
      const raw = r.text.slice(r.start, r.end);
      const span = parseAnnLine(raw, r.lineNo, ctx);
      if (span === undefined) continue;
      spans.push(span);
      const id = raw.slice(0, raw.indexOf('\t'));
      const first = ids.get(id);
      if (first !== undefined) ctx.warnings.push(`${annPath}:${r.lineNo}: ${showName(id, 20)} is given again (first on line ${first}): ids are unique in a .ann file; both spans are read`);
      else ids.set(id, r.lineNo);
      if (r.unended && raw.split('\t').length < 3) {
        ctx.warnings.push(`${annPath}:${r.lineNo}: the file ends inside this line, without a line end or the text field brat writes (is it cut short?): `
          + `read as ${showName(id, 20)} [${span.start}, ${span.end}) ${showValue(span.label)}`);
      }
    }
  } catch (err) {
    if (err instanceof InputError && r.unended && err.line === r.lineNo && err.file === annPath) {
      throw new InputError(`${err.detail}; the file ends inside this line, without a line end (is it cut short?)`, err.file, err.line);
    }
    throw err;
  } finally {
    r.close();
  }
}

interface AnnContext {
  annPath: string;
  text: string;
  toUnits: (offset: number) => number;
  length: number;
  warnings: string[];
  mismatches: TextMismatches;
  attributes: TextMismatches;
}

/** One `.ann` line: a span for a `T` line, undefined for anything that is skipped. */
function parseAnnLine(raw: string, line: number, ctx: AnnContext): RawSpan | undefined {
  const fail = (detail: string): never => {
    throw new InputError(detail, ctx.annPath, line);
  };
  if (raw.trim() === '') return undefined;
  if (IGNORED.has(raw[0])) {
    if ((raw[0] === 'A' || raw[0] === 'M') && ctx.attributes.count++ === 0) ctx.attributes.first = `first ${ctx.annPath}:${line}`;
    return undefined;
  }
  if (raw[0] !== 'T') {
    return fail(`unknown annotation ${showValue(raw, 20)} (expected a line starting with T, R, E, A, M, N, # or *)`);
  }
  const m = T_LINE.exec(raw);
  if (m === null) return fail(`${T_EXPECTED}, found ${showValue(raw, 40)}`);
  const [, label, offsets, given] = m;
  const id = showName(raw.slice(0, raw.indexOf('\t')), 20);
  const written = offsets.split(/ *; */).map((pair) => pair.split(/ +/).map(Number) as [number, number]);
  for (const [s, e] of written) {
    const show = `${id} [${s}, ${e}) ${showValue(label)}`;
    if (e <= s) fail(`${show} has end ≤ start${e === s ? EMPTY_SPAN_HINT : ''}`);
    if (e > ctx.length) fail(`${show} is outside the document (${ctx.length} characters)`);
  }
  const units = written.map(([s, e]): [number, number] => [ctx.toUnits(s), ctx.toUnits(e)]);
  if (units.some(([s, e]) => e <= s)) fail(`${id} covers nothing but the byte-order mark`);
  if (given !== undefined) {
    const actual = units.map(([s, e]) => ctx.text.slice(s, e)).join(' ').replace(/[\r\n]/g, ' ');
    if (actual !== given && ctx.mismatches.count++ === 0) {
      ctx.mismatches.first = `${ctx.annPath}:${line}: ${id} text ${showValue(given)} differs from the document text ${showValue(actual)} at ${offsets}`;
    }
  }
  const fragments = units.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // A discontinuous span's fragments are apart (touching at most): overlapping ones say one text twice.
  const sorted = [...written].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k][0] < sorted[k - 1][1]) {
      fail(`${id} ${showValue(label)}: its fragments [${sorted[k - 1][0]}, ${sorted[k - 1][1]}) and [${sorted[k][0]}, ${sorted[k][1]}) overlap (expected the fragments of a discontinuous span apart, as "0 4;8 12")`);
    }
  }
  const span: RawSpan = {
    start: fragments[0][0],
    end: fragments.reduce((m, f) => Math.max(m, f[1]), 0),
    label,
    line,
  };
  if (fragments.length > 1) span.fragments = fragments;
  return span;
}
