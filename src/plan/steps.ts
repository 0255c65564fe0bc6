/**
 * Long computations written once and run two ways. A computation is a generator that yields
 * (nothing) at points where it may pause and returns its result: {@link finish} runs it to the end
 * at once, as the command and the library's synchronous functions do; {@link runInSlices} runs it
 * a slice of time at a time with `setImmediate` between slices, so that an interactive caller
 * keeps handling input and redrawing while it runs, and can stop it.
 */

/** A computation that may pause wherever it yields, and returns a T. */
export type Steps<T> = Generator<void, T, void>;

/** Runs a computation to the end, without pausing. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/** How a computation run in slices ended: its result, or stopped before it. */
export type SliceOutcome<T> = { status: 'done'; value: T } | { status: 'stopped' };

export interface SliceOptions {
  /** Work per slice before giving the event loop a turn, in milliseconds (default 15; 0: a turn at every yield). */
  sliceMs?: number;
  /** Aborting stops the computation at its next yield (its `finally` blocks run). */
  signal?: AbortSignal;
  /** Called after every slice, before the event loop's turn (to show progress). */
  onSlice?: () => void;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a computation in slices of about `sliceMs` with a turn of the event loop (`setImmediate`)
 * before each. An error the computation throws rejects the promise.
 */
export async function runInSlices<T>(steps: Steps<T>, o: SliceOptions = {}): Promise<SliceOutcome<T>> {
  const sliceMs = o.sliceMs ?? 15;
  try {
    for (;;) {
      await turn();
      if (o.signal?.aborted === true) return { status: 'stopped' };
      const end = performance.now() + sliceMs;
      let r = steps.next();
      while (r.done !== true && performance.now() < end) r = steps.next();
      if (r.done === true) return { status: 'done', value: r.value };
      o.onSlice?.();
    }
  } finally {
    steps.return(undefined as T);
  }
}
