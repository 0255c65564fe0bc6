/**
 * Lists of system names given as one string (`--systems a,b`, `--weights a=2,b=1`, `--cost
 * a=1`): the names are separated by commas, and a name may hold a comma itself, as the system of
 * a file `crf,v2.conll` is named "crf,v2" after it. A comma is read as a separator unless the
 * pieces on either side of it belong to one name. A list that reads two ways with the systems
 * given (`a,b` with systems "a", "b" and "a,b") is refused: picking one reading in silence would
 * combine or weigh other systems than the user meant.
 */
import { showValue, UsageError } from '../errors.js';

/**
 * The names of a comma-separated `list`, each trimmed, empty ones left out: its one reading in
 * which every name is one of `known`; with none, at each piece, the longest run of pieces that,
 * joined with their commas, is one of `known`, else the piece alone (a name the caller reports
 * as unknown). `a,b` is two names unless "a,b" is one of `known`.
 * @throws UsageError (naming `option`) when the list reads two ways as names of `known`.
 */
export function splitNames(list: string, known: readonly string[], option = 'the list'): string[] {
  const pieces = list.split(',');
  const names = new Set(known);
  const name = (i: number, j: number) => pieces.slice(i, j).join(',').trim();
  const found = readings(pieces, longestName(known), (i, j) => isEmpty(pieces, i, j) || names.has(name(i, j)));
  const named = (ends: number[]) => runs(ends).filter(([i, j]) => !isEmpty(pieces, i, j)).map(([i, j]) => name(i, j));
  if (found.length > 1) throw ambiguous(option, list, found.map(named), (n) => showValue(n));
  if (found.length === 1) return named(found[0]);
  const out: string[] = [];
  for (let i = 0; i < pieces.length;) {
    let take = 1;
    for (let j = pieces.length; j > i + 1; j--) {
      if (names.has(name(i, j))) {
        take = j - i;
        break;
      }
    }
    const one = name(i, i + take);
    if (one.length > 0) out.push(one);
    i += take;
  }
  return out;
}

/**
 * The `NAME=VALUE` pairs of a comma-separated `list`, untrimmed: a piece with no `=` that is not
 * empty is the start of a name holding a comma, and is joined, comma and all, to the piece after
 * it (`crf,v2=3,sloppy=1` is `crf,v2=3` and `sloppy=1`). A last piece with no `=` stays alone, for
 * the caller to refuse. Empty pieces are kept, for the caller to skip or refuse. Read before the
 * systems are, the list is checked against their names by {@link refuseAmbiguousPairs}.
 */
export function splitPairs(list: string): string[] {
  const out: string[] = [];
  let head = '';
  for (const piece of list.split(',')) {
    const part = head === '' ? piece : `${head},${piece}`;
    if (piece.includes('=') || piece.trim() === '') {
      out.push(part);
      head = '';
    } else head = part;
  }
  if (head !== '') out.push(head);
  return out;
}

/**
 * Refuses a `NAME=VALUE` list (`--weights`, `--cost`) that reads two ways as pairs naming `known`
 * systems: only a name that holds both `=` and a comma (a file `x=1,y.conll`) lets it, as
 * `x=1,y=2` with systems "x", "y" and "x=1,y". {@link splitPairs} reads such a list one way.
 * @throws UsageError (naming `option`) naming both readings.
 */
export function refuseAmbiguousPairs(list: string, known: readonly string[], option: string): void {
  const pieces = list.split(',');
  const names = new Set(known);
  // The value holds no comma: the pair's last `=` is in its last piece, and its name is before it.
  const pair = (i: number, j: number) => {
    const text = pieces.slice(i, j).join(',');
    const eq = text.lastIndexOf('=');
    return pieces[j - 1].includes('=') ? { name: text.slice(0, eq).trim(), value: text.slice(eq + 1).trim() } : undefined;
  };
  const found = readings(pieces, longestName(known), (i, j) => isEmpty(pieces, i, j) || names.has(pair(i, j)?.name ?? ''));
  if (found.length < 2) return;
  const named = (ends: number[]) => runs(ends).filter(([i, j]) => !isEmpty(pieces, i, j)).map(([i, j]) => pair(i, j)!);
  throw ambiguous(option, list, found.map(named), (p) => `${showValue(p.name)}=${p.value}`, (p) => p.name);
}

/** Whether pieces i..j-1 are one empty piece: a comma too many, left out. */
function isEmpty(pieces: readonly string[], i: number, j: number): boolean {
  return j === i + 1 && pieces[i].trim() === '';
}

/** The most pieces a name of `known` is cut into at its commas. */
function longestName(known: readonly string[]): number {
  let most = 1;
  for (const n of known) most = Math.max(most, n.split(',').length);
  return most;
}

/** The runs [i, j) of pieces a reading's ends make. */
function runs(ends: readonly number[]): Array<[number, number]> {
  return ends.map((j, k) => [k === 0 ? 0 : ends[k - 1], j]);
}

/**
 * Up to two readings of `pieces`: ways to cut them into runs (at most `longest` pieces) each of
 * which `fits` (pieces i..j-1), each given by the ends of its runs, the longest run first.
 */
function readings(pieces: readonly string[], longest: number, fits: (i: number, j: number) => boolean): number[][] {
  const n = pieces.length;
  // How many readings the pieces from i on have, counted up to 2: only runs that lead to a whole
  // reading are followed below.
  const ways = new Array<number>(n + 1).fill(0);
  ways[n] = 1;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = Math.min(n, i + longest); j > i && ways[i] < 2; j--) if (ways[j] > 0 && fits(i, j)) ways[i] = Math.min(2, ways[i] + ways[j]);
  }
  const out: number[][] = [];
  const walk = (i: number, ends: number[]): void => {
    if (i === n) {
      out.push(ends);
      return;
    }
    for (let j = Math.min(n, i + longest); j > i && out.length < 2; j--) if (ways[j] > 0 && fits(i, j)) walk(j, [...ends, j]);
  };
  if (ways[0] > 0) walk(0, []);
  return out;
}

/**
 * The usage error for `list` given to `option`, which reads as each of `found` (two readings of
 * items, shown by `show`): the names that hold a comma (`nameOf`) are what to rename.
 */
function ambiguous<T>(option: string, list: string, found: T[][], show: (item: T) => string, nameOf: (item: T) => string = String): UsageError {
  const [a, b] = found.map((reading) => reading.map(show).join(', '));
  const joined = [...new Set(found.flat().map(nameOf).filter((n) => n.includes(',')))].map((n) => showValue(n));
  const which = joined.length === 1 ? `the system ${joined[0]} a name` : `the systems ${joined.join(', ')} names`;
  return new UsageError(`${option} ${showValue(list)} reads two ways, as ${a} and as ${b}: give ${which} without a comma (NAME=PATH) to choose`);
}

/**
 * Whether lists of members joined with `+`, as every report writes an ensemble
 * (`vote(a+b+c)`), can read two ways with the system names `names`: whether two different
 * sequences of names join to one string. False unless some name holds a `+`. Returns the names
 * that hold one when lists can, else an empty list.
 *
 * The test is Sardinas and Patterson's (1953) for a code, over the pieces of the names between
 * their `+`s: starting from the pieces left over where one name begins another, it follows
 * every way the leftovers can go on; the lists read two ways exactly when a leftover is a whole
 * name. It ends, as leftovers are ends of names, finitely many.
 */
export function plusAmbiguousNames(names: readonly string[]): string[] {
  const withPlus = names.filter((n) => n.includes('+'));
  if (withPlus.length === 0 || names.length < 2) return [];
  const words = [...new Set(names)].map((n) => n.split('+'));
  const key = (w: readonly string[]) => w.join('\u0000');
  const isName = new Set(words.map(key));
  // The leftover of `u` after its prefix `v`, when `v` is a proper prefix of `u`, piece by piece.
  const leftover = (u: readonly string[], v: readonly string[]): string[] | undefined => {
    if (v.length >= u.length) return undefined;
    for (let i = 0; i < v.length; i++) if (u[i] !== v[i]) return undefined;
    return u.slice(v.length);
  };
  const seen = new Set<string>();
  let frontier: string[][] = [];
  const add = (w: string[] | undefined) => {
    if (w === undefined || w.length === 0 || seen.has(key(w))) return;
    seen.add(key(w));
    frontier.push(w);
  };
  for (const u of words) for (const v of words) if (u !== v) add(leftover(u, v));
  while (frontier.length > 0) {
    if (frontier.some((w) => isName.has(key(w)))) return withPlus;
    const next = frontier;
    frontier = [];
    for (const w of next) {
      for (const c of words) {
        // A name that starts with the leftover, or a leftover that starts with a name: what remains goes on.
        add(leftover(c, w));
        add(leftover(w, c));
      }
    }
  }
  return [];
}
