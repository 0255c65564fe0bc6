/**
 * Telling a system's spans that are the gold standard's own objects. A loaded system's span that
 * the gold has too is the gold's object, not a copy (see placeSpans in formats/load.ts), and most
 * of a good system's spans are such: code that would look a span up, or read its tokens, can take
 * what it knows of the gold's span instead.
 */
import type { Span } from './corpus.js';

/**
 * Walks the gold's spans alongside a system's, both in corpus order (by start): {@link find}
 * gives the index among the gold's spans of the very object asked for, or -1, moving forward
 * only, so a whole system costs one pass over the gold. A span asked for out of order (or a
 * gold not in order) is not found, which is always safe: -1 means only "look it up".
 */
export class GoldWalk {
  private at = 0;

  constructor(private readonly gold: readonly Span[]) {}

  /** The index of `s` among the gold's spans when it is one of them (found in order), else -1. */
  find(s: Span): number {
    const gold = this.gold;
    let r = this.at;
    while (r < gold.length && gold[r].start < s.start) r++;
    this.at = r;
    // Spans of one start (a few at most) are passed over to the object itself.
    while (r < gold.length && gold[r] !== s && gold[r].start === s.start) r++;
    return r < gold.length && gold[r] === s ? r : -1;
  }
}
