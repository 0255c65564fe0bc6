/**
 * Where the typed arrays that hold a load's columns (token numbers, sentence and span columns)
 * get their memory.
 *
 * On the main thread, ordinary ArrayBuffers. On a worker thread of a load (load-worker.ts sets
 * {@link pageMemory}.shared), SharedArrayBuffers: what a worker fills it sends back, and a shared
 * buffer posted to the main thread is handed over as it is, while an ArrayBuffer transferred
 * there is memory that thread's collector counts as newly allocated outside its heap. With the
 * heap full of span objects, every 64 MiB or so of that set off a full collection which freed
 * nothing: on a 1 GB conlleval file of CoNLL-2003 text, five or six of 0.4–0.5 s each while the
 * worker's half of the file (over 400 MiB of columns) arrived. Allocated on a worker, a shared
 * buffer also costs no collection there. A buffer is shared with one thread at a time here: the
 * worker hands its columns over once it is done with them.
 */

/** Whether the arrays below are backed by SharedArrayBuffers (set once, on a load's worker thread). */
export const pageMemory = { shared: false };

/** An Int32Array of `length` zeros, its memory as {@link pageMemory} says. */
export function int32s(length: number): Int32Array {
  return pageMemory.shared ? new Int32Array(new SharedArrayBuffer(length * 4)) : new Int32Array(length);
}

/** A Uint8Array of `length` zeros, its memory as {@link pageMemory} says. */
export function uint8s(length: number): Uint8Array {
  return pageMemory.shared ? new Uint8Array(new SharedArrayBuffer(length)) : new Uint8Array(length);
}

/**
 * The buffers among `buffers` that a message transfers: shared ones are posted as they are (a
 * transfer list may not name them).
 */
export function transferable(buffers: readonly ArrayBufferLike[]): ArrayBuffer[] {
  return buffers.filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}
