/**
 * Input format detection: a directory is BRAT standoff when it holds an `.ann` file, else the
 * one kind of all its files (see directory.ts); a .jsonl/.ndjson/.json file is JSONL;
 * any other file is JSONL when its content is (its first non-blank line is a JSON object), else
 * CoNLL. The content wins over a CoNLL extension (.conll, .txt, …), so JSONL written under such
 * a name (as `complan combine` does when the ensemble's spans overlap) reads back as JSONL; a
 * CoNLL line never parses as a JSON object (`{ O` is not JSON), so that costs no CoNLL file.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { InputError } from '../errors.js';
import type { InputFormat } from '../model/corpus.js';
import { describeFsError } from './lines.js';
import { directoryFormat, listDirectory } from './directory.js';
import { inputKind, peekStream } from './source.js';

const JSONL_EXT = new Set(['.jsonl', '.ndjson', '.json']);
const CONLL_EXT = new Set(['.conll', '.conllx', '.conll03', '.tsv', '.txt', '.bio', '.iob', '.iob2', '.bioes', '.iobes', '.ner', '.col']);

/** At most this many bytes are read to decide. */
const HEAD_BYTES = 65536;

export function detectFormat(path: string): InputFormat {
  const kind = inputKind(path);
  if (kind === 'directory') {
    // BRAT when it has an .ann file, else the one kind of all its files (directory.ts).
    const { brat, files } = listDirectory(path);
    return brat ? 'brat' : directoryFormat(path, files, detectFormat);
  }
  const ext = extname(path).toLowerCase();
  if (JSONL_EXT.has(ext)) return 'jsonl';
  // One BRAT annotation file, which read as CoNLL would fail on its first span's columns.
  if (ext === '.ann' && kind === 'file') {
    throw InputError.about(`is a BRAT annotation file: BRAT is read by directory, NAME.txt and NAME.ann pairs, so give the directory (${dirname(path)}), or {inputFormat} conll if it is CoNLL`, path);
  }
  // A stream's first bytes are peeked at and kept for its reader.
  return formatOfContent(kind === 'stream' ? peekStream(path, HEAD_BYTES) : readHead(path), CONLL_EXT.has(ext));
}

const OPEN_BRACE = 0x7b;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/**
 * The format of a file from its first `HEAD_BYTES` bytes (`head.complete`: the whole file).
 *
 * The first non-blank line (after a BOM) decides: a JSON object makes the file JSONL. A first
 * line longer than what was read cannot be parsed; it is JSONL when it starts with `{"` (a long
 * record: no CoNLL token line is that long). Without a CoNLL extension, a line starting with
 * `{"` (or `{'`, a Python dict) is JSONL even when it does not parse, so that the JSONL reader reports what is wrong with
 * the record, rather than the CoNLL reader with its columns. Only a line starting with `{` is
 * decoded, so a CoNLL file costs one read.
 */
function formatOfContent(head: { bytes: Buffer; complete: boolean }, conllExtension: boolean): InputFormat {
  const { bytes } = head;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (bytes[i] !== OPEN_BRACE) return 'conll';
  // `{'` too: a Python dict written with str() rather than json.dumps, which the JSONL reader names.
  const quoted = bytes[i + 1] === QUOTE || bytes[i + 1] === APOSTROPHE;
  const nl = bytes.indexOf(0x0a, i);
  if (nl < 0 && !head.complete) return quoted ? 'jsonl' : 'conll';
  if (isJsonObject(bytes.toString('utf8', i, nl < 0 ? bytes.length : nl))) return 'jsonl';
  return !conllExtension && quoted ? 'jsonl' : 'conll';
}

function isJsonObject(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The first `HEAD_BYTES` bytes of a file (reading until they are in or the file ends), and whether that was all of it. */
function readHead(path: string): { bytes: Buffer; complete: boolean } {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new InputError(describeFsError(err), path);
  }
  try {
    const buf = Buffer.allocUnsafe(HEAD_BYTES);
    let n = 0;
    try {
      for (let got = -1; got !== 0 && n < buf.length; n += got) got = readSync(fd, buf, n, buf.length - n, n);
    } catch (err) {
      throw new InputError(describeFsError(err), path);
    }
    // A file of exactly HEAD_BYTES counts as longer: only a line that did not fit is affected.
    return { bytes: buf.subarray(0, n), complete: n < HEAD_BYTES };
  } finally {
    closeSync(fd);
  }
}
