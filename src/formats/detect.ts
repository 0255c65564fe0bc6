/**
 * Input format detection: a directory is BRAT standoff; otherwise the extension decides
 * (.jsonl/.ndjson/.json → JSONL; .conll/.tsv/.txt/.bio/.iob… → CoNLL), and failing that the
 * content does (a first non-blank line starting with `{` is JSONL).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { InputError } from '../errors.js';
import type { InputFormat } from '../model/corpus.js';
import { describeFsError } from './lines.js';

const JSONL_EXT = new Set(['.jsonl', '.ndjson', '.json']);
const CONLL_EXT = new Set(['.conll', '.conllx', '.conll03', '.tsv', '.txt', '.bio', '.iob', '.iob2', '.bioes', '.iobes', '.ner', '.col']);

export function detectFormat(path: string): InputFormat {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch (err) {
    throw new InputError(describeFsError(err), path);
  }
  if (isDir) return 'brat';
  const ext = extname(path).toLowerCase();
  if (JSONL_EXT.has(ext)) return 'jsonl';
  if (CONLL_EXT.has(ext)) return 'conll';
  return sniff(path);
}

function sniff(path: string): InputFormat {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new InputError(describeFsError(err), path);
  }
  try {
    const buf = Buffer.alloc(65536);
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, 0);
    } catch (err) {
      throw new InputError(describeFsError(err), path);
    }
    const head = buf.subarray(0, n).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    return head.startsWith('{') ? 'jsonl' : 'conll';
  } finally {
    closeSync(fd);
  }
}
