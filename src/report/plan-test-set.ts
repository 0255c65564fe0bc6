/**
 * How a plan's test set stands to its planning data: a clean test set shares no document with
 * it; documents it does share (the same tokens) took part in every choice, so figures on them are
 * in-sample, and every rendering says so rather than that the test set chose nothing.
 */
import type { PlanResult } from '../plan/types.js';

/** The test set's documents (or sentences, see the note) that are the planning data's, when there are any. */
export function testOverlap(r: PlanResult): { shared: number; of: number; unit: 'document' | 'sentence' } | undefined {
  const n = r.notes.find((x) => x.kind === 'test-shares-documents');
  return n === undefined || n.kind !== 'test-shares-documents' ? undefined : { shared: n.shared, of: n.of, unit: n.unit ?? 'document' };
}

/**
 * What the test set took part in, said after its name: `clean` (`, never used for selection`)
 * when it shares no document with the planning data. Otherwise those documents chose the plan,
 * and that is said instead: never that the test set was not used for selection.
 */
export function testSetApart(r: PlanResult, clean: string): string {
  const n = testOverlap(r);
  if (n === undefined) return clean;
  // Every test document chose the plan: these figures are in-sample, and test nothing.
  if (n.shared === n.of) return `, in-sample: every one of its ${n.of} ${n.unit}s is a planning ${n.unit}, so it is no test`;
  return `, partly in-sample: ${n.shared} of its ${n.of} ${n.unit}s ${n.shared === 1 ? 'is a planning' : 'are planning'} ${n.unit}${n.shared === 1 ? '' : 's'}, which took part in every choice`;
}
