/**
 * Spans as columns: one Int32Array each for start, end, document and label id, and the labels
 * once. The compact form spans travel in between threads (its buffers are transferred, not
 * copied object by object) and that {@link fromColumns} turns back into {@link Span} objects.
 *
 * Only contiguous spans have columns: a span with fragments (BRAT) has none, and
 * {@link toColumns} says so by returning undefined.
 */
import { emptyObjects } from './arrays.js';
import type { Span } from './corpus.js';
import { int32s } from './page-memory.js';

export interface SpanColumns {
  start: Int32Array;
  end: Int32Array;
  doc: Int32Array;
  /** Index of each span's label in `labels`. */
  label: Int32Array;
  /** Every label once, in order of first appearance. */
  labels: string[];
}

/** The columns of `spans`, or undefined when one of them has fragments. */
export function toColumns(spans: readonly Span[]): SpanColumns | undefined {
  const n = spans.length;
  const cols: SpanColumns = { start: int32s(n), end: int32s(n), doc: int32s(n), label: int32s(n), labels: [] };
  const ids = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const s = spans[i];
    if (s.fragments !== undefined) return undefined;
    let id = ids.get(s.label);
    if (id === undefined) {
      id = cols.labels.length;
      ids.set(s.label, id);
      cols.labels.push(s.label);
    }
    cols.start[i] = s.start;
    cols.end[i] = s.end;
    cols.doc[i] = s.doc;
    cols.label[i] = id;
  }
  return cols;
}

/** The spans of `cols`, in order; spans with one label share its string. */
export function fromColumns(cols: SpanColumns): Span[] {
  const out = emptyObjects<Span>();
  const { start, end, doc, label, labels } = cols;
  for (let i = 0; i < start.length; i++) out.push({ doc: doc[i], start: start[i], end: end[i], label: labels[label[i]] });
  return out;
}

/** The buffers of `cols`, to transfer to another thread. */
export function columnBuffers(cols: SpanColumns): ArrayBuffer[] {
  return [cols.start.buffer, cols.end.buffer, cols.doc.buffer, cols.label.buffer] as ArrayBuffer[];
}
