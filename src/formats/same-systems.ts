/**
 * Two systems that are one output: the same file under two names (`a=crf.conll b=crf.conll`), a
 * copy of it, or two outputs that predict exactly the same items. Scores are unaffected, but an
 * ensemble counts such an output twice: a vote or majority of all systems gives it two voices,
 * and a plan built on them is skewed. The loader warns on the later of the two.
 */
import type { Span, SystemOutput } from '../model/corpus.js';
import { sameInput, sameItems } from './gold-copy.js';

/** An order-independent fingerprint of a set of items: equal sets have equal ones. */
export function itemsFingerprint(spans: readonly Span[]): number {
  const labels = new Map<string, number>();
  let sum = 0;
  let mix = 0;
  for (const s of spans) {
    let l = labels.get(s.label);
    if (l === undefined) {
      let code = 0;
      for (let i = 0; i < s.label.length; i++) code = (Math.imul(code, 31) + s.label.charCodeAt(i)) | 0;
      labels.set(s.label, (l = code));
    }
    let h = Math.imul(s.doc, 0x9e3779b1) ^ Math.imul(s.start, 0x85ebca6b) ^ Math.imul(s.end, 0xc2b2ae35) ^ l;
    if (s.fragments !== undefined) for (const [a, b] of s.fragments) h = Math.imul(h ^ Math.imul(a, 0x27d4eb2d) ^ b, 0x165667b1);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h ^= h >>> 12;
    // Two sums, so that no item cancels another's contribution to both.
    sum = (sum + h) | 0;
    mix = (mix + Math.imul(h, h | 1)) | 0;
  }
  return (sum ^ Math.imul(mix, 0x165667b1)) >>> 0;
}

/** The warning for `later`, which is `earlier`'s file, a copy of it, or predicts its very items. */
/** What a repeated system does to an ensemble, which {@link sameSystemWarning} says by default. */
export const ENSEMBLE_COUNTS_TWICE = 'an ensemble of these systems (plan, combine, the TUI) would count that output twice (a vote or majority of all gives it two voices); give each output once';
/** What a repeated run does to a group of runs of an ablation. */
export const RUN_COUNTS_TWICE = 'a group of runs counts it as a second run that agrees, which understates the run-to-run spread; give each run once';

export function sameSystemWarning(how: 'file' | 'content' | 'items', later: SystemOutput, earlier: SystemOutput, consequence = ENSEMBLE_COUNTS_TWICE): string {
  const what = how === 'file'
    ? `is the same file as "${earlier.name}" (${earlier.source})`
    : how === 'content'
      ? `is a copy of "${earlier.name}" (${earlier.source}: the same bytes)`
      : `predicts exactly the same ${later.spans.length} item${later.spans.length === 1 ? '' : 's'} as "${earlier.name}" (${earlier.source})`;
  return `the system "${later.name}" (${later.source}) ${what}: ${consequence}`;
}

/**
 * Adds a warning to each system that repeats an earlier one (in the order given), leaving out the
 * systems of `skip` (those warned of already as the gold standard itself). Only systems
 * with as many items are compared, and only those whose fingerprints agree are compared item by item.
 */
export function warnSameSystems(systems: readonly SystemOutput[], skip: ReadonlySet<SystemOutput> = new Set(), consequence = ENSEMBLE_COUNTS_TWICE): void {
  const prints = new Map<SystemOutput, number>();
  const print = (s: SystemOutput) => {
    let p = prints.get(s);
    if (p === undefined) prints.set(s, (p = itemsFingerprint(s.spans)));
    return p;
  };
  for (let j = 1; j < systems.length; j++) {
    const later = systems[j];
    if (skip.has(later)) continue;
    for (let i = 0; i < j; i++) {
      const earlier = systems[i];
      if (skip.has(earlier)) continue;
      if (earlier.spans.length !== later.spans.length) continue;
      const file = sameInput(later.source, earlier.source);
      // Two files that both predict no item add no vote to anything.
      if (file === undefined && (later.spans.length === 0 || print(earlier) !== print(later) || !sameItems(earlier.spans, later.spans))) continue;
      later.warnings.push(sameSystemWarning(file ?? 'items', later, earlier, consequence));
      break;
    }
  }
}
