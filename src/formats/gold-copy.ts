/**
 * A system that is the gold standard: its own file (the same path, through links and relative
 * paths), a copy of it (a regular file with the same bytes), or any output that predicts
 * exactly the gold standard's items. Such a system scores as perfect, which is almost always a
 * mistake (a glob such as `dir/*.conll` catches `dir/gold.conll`), so the loader warns.
 */
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Span } from '../model/corpus.js';
import { compareSpans } from '../metrics/slots.js';
import { isStdin } from './source.js';

/** How a system is the gold standard: its file, a copy of its file, or the same items. */
export type GoldCopy = 'file' | 'content' | 'items';

/** Whether two paths name the same file, through links and relative paths (never standard input). */
export function sameFile(a: string, b: string): boolean {
  if (isStdin(a) || isStdin(b)) return false;
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return resolve(p);
    }
  };
  return real(a) === real(b);
}

/**
 * Whether `a` and `b` are the same file, or regular files with the same bytes (compared only
 * when their sizes agree; streams and directories are never read for this).
 */
export function sameInput(a: string, b: string): 'file' | 'content' | undefined {
  if (sameFile(a, b)) return 'file';
  if (isStdin(a) || isStdin(b)) return undefined;
  try {
    const sa = statSync(a);
    const sb = statSync(b);
    if (!sa.isFile() || !sb.isFile() || sa.size !== sb.size) return undefined;
    return sameBytes(a, b) ? 'content' : undefined;
  } catch {
    return undefined;
  }
}

function sameBytes(a: string, b: string): boolean {
  const fa = openSync(a, 'r');
  try {
    const fb = openSync(b, 'r');
    try {
      const ba = Buffer.allocUnsafe(1 << 16);
      const bb = Buffer.allocUnsafe(1 << 16);
      for (;;) {
        const na = readFully(fa, ba);
        const nb = readFully(fb, bb);
        if (na !== nb || ba.compare(bb, 0, nb, 0, na) !== 0) return false;
        if (na === 0) return true;
      }
    } finally {
      closeSync(fb);
    }
  } finally {
    closeSync(fa);
  }
}

/** Fills `buf` from `fd` (less only at the end of the file). */
function readFully(fd: number, buf: Buffer): number {
  let n = 0;
  for (let got = -1; got !== 0 && n < buf.length; n += got) got = readSync(fd, buf, n, buf.length - n, null);
  return n;
}

/**
 * Whether two lists hold the same spans (document, offsets, label and fragments), in any order.
 * Lists read in corpus order are compared span by span, with nothing made; only from the first
 * place where they differ are the rests sorted, as indices (4 bytes a span), and compared. (Keys
 * as strings, sorted, took more memory than the spans themselves: two outputs of 9 M items with
 * the same predictions nearly doubled a load's peak.)
 */
export function sameItems(a: readonly Span[], b: readonly Span[]): boolean {
  if (a.length !== b.length) return false;
  let from = 0;
  while (from < a.length && sameSpan(a[from], b[from])) from++;
  if (from === a.length) return true;
  const ia = sortedFrom(a, from);
  const ib = sortedFrom(b, from);
  for (let k = 0; k < ia.length; k++) if (!sameSpan(a[ia[k]], b[ib[k]])) return false;
  return true;
}

function sameSpan(x: Span, y: Span): boolean {
  return x === y || compareItems(x, y) === 0;
}

/** An order of spans as items: document, then the order scoring sorts them in (slots.ts). */
function compareItems(x: Span, y: Span): number {
  return x.doc - y.doc || compareSpans(x, y);
}

/** The indices of spans[from..] in the order of {@link compareItems}. */
function sortedFrom(spans: readonly Span[], from: number): Int32Array {
  const out = new Int32Array(spans.length - from);
  for (let k = 0; k < out.length; k++) out[k] = from + k;
  return out.sort((p, q) => compareItems(spans[p], spans[q]));
}

/**
 * The warning for a system that is the gold standard (`how`), naming the system, its source
 * and the gold standard's.
 */
export function goldCopyWarning(how: GoldCopy, name: string, source: string, goldSource: string, items: number): string {
  const hint = 'leave it out of the systems (a glob such as dir/*.conll catches dir/gold.conll)';
  switch (how) {
    case 'file': return `the system "${name}" is the gold standard's own file (${source}) and scores as perfect; ${hint}`;
    case 'content': return `the system "${name}" (${source}) is a copy of the gold standard (${goldSource}: the same bytes) and scores as perfect; ${hint}`;
    case 'items': return `the system "${name}" (${source}) predicts exactly the gold standard's ${items} item${items === 1 ? '' : 's'} and scores as perfect: is it the gold standard under another name?`;
  }
}
