/**
 * Counting a slot alignment as it is made (see {@link walkSlots}): C, S, D and I, TP/FP/FN by
 * type and by document, and the label pairs of the substitutions when graded credit needs them.
 * Nothing is kept per item: a system of millions of items costs a few counters, not four lists of
 * its spans to be counted afterwards.
 *
 * The counts are Makhoul's: a correct pair is a TP of its gold item's type and document; a
 * substitution an FN of the gold item's and an FP of the system item's; a deletion an FN; an
 * insertion an FP.
 */
import type { Span } from '../model/corpus.js';
import type { Counts } from './prf.js';
import type { SlotSink } from './slots.js';

export class SlotTally implements SlotSink {
  c = 0;
  s = 0;
  d = 0;
  i = 0;
  /** TP, FP and FN by document index. */
  readonly docTp: Int32Array;
  readonly docFp: Int32Array;
  readonly docFn: Int32Array;
  /** TP, FP and FN by type, in order of first appearance. */
  readonly types = new Map<string, Counts>();
  /** (gold, predicted) labels of each substitution, when asked for. */
  readonly substituted: Array<{ gold: string; predicted: string }> | undefined;
  // Most items are correct and come in runs of one type: a run looks its counts up once.
  private label: string | undefined;
  private counts: Counts = { tp: 0, fp: 0, fn: 0 };

  constructor(documents: number, keepSubstitutions: boolean) {
    this.docTp = new Int32Array(documents);
    this.docFp = new Int32Array(documents);
    this.docFn = new Int32Array(documents);
    this.substituted = keepSubstitutions ? [] : undefined;
  }

  addCorrect(gold: Span): void {
    this.c++;
    this.of(gold.label).tp++;
    this.docTp[gold.doc]++;
  }

  addSubstitution(gold: Span, system: Span): void {
    this.s++;
    this.of(gold.label).fn++;
    this.of(system.label).fp++;
    this.docFn[gold.doc]++;
    this.docFp[system.doc]++;
    this.substituted?.push({ gold: gold.label, predicted: system.label });
  }

  addDeletion(gold: Span): void {
    this.d++;
    this.of(gold.label).fn++;
    this.docFn[gold.doc]++;
  }

  addInsertion(system: Span): void {
    this.i++;
    this.of(system.label).fp++;
    this.docFp[system.doc]++;
  }

  /** The counts of type `label`, made zero the first time. */
  private of(label: string): Counts {
    if (label === this.label) return this.counts;
    let c = this.types.get(label);
    if (c === undefined) this.types.set(label, (c = { tp: 0, fp: 0, fn: 0 }));
    this.label = label;
    this.counts = c;
    return c;
  }
}
