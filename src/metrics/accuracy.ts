/**
 * conlleval's token accuracy: the share of tokens whose predicted tag is the gold tag.
 *
 * accuracy = correct / tokens, over every token line of the system's file. conlleval skips only
 * blank lines (and lines whose first field is its boundary `-X-`, which complan reads as a token,
 * for its scores too); a `-DOCSTART-` line is an
 * ordinary token line to it, tagged O in both columns, so it counts as a correct token. The tally
 * ({@link TokenTally}) therefore includes the `-DOCSTART-` lines of the system's own file — a
 * file that keeps them scores a little higher than the same predictions without them, exactly
 * as conlleval prints. Tags are compared as whole strings (`B-PER` ≠ `I-PER`, even where both
 * decode to the same entity), before any repair of invalid transitions; conlleval compares the
 * prefix and the type split at the first hyphen, which is the same except for a tag ending in a
 * lone hyphen. The figure ignores `--match` and `--types`.
 *
 * Edge cases: no token gives null (undefined), never a made-up value. Source: conlleval.pl
 * (CoNLL-2000 shared task, version 2004-01-26), its `accuracy:` line.
 */
import type { TokenTally } from '../model/corpus.js';

/** correct / tokens of a tally; null without a tally or without tokens. */
export function tokenAccuracy(t: TokenTally | undefined | null): number | null {
  if (t === undefined || t === null || t.tokens === 0) return null;
  return t.correct / t.tokens;
}

/** The accuracy without the `-DOCSTART-` lines: (correct − markers) / (tokens − markers); null without tokens. */
export function tokenAccuracyWithoutMarkers(t: TokenTally | undefined | null): number | null {
  if (t === undefined || t === null || t.tokens - t.markers === 0) return null;
  return (t.correct - t.markers) / (t.tokens - t.markers);
}
