/**
 * How many threads exhaustive search may use: kept apart from the worker code so that the
 * command line can check `--threads` without loading it.
 */

/** The default number of threads is the machine's available parallelism, at most this. */
export const MAX_DEFAULT_THREADS = 8;

/** Threads are refused above this. */
export const MAX_THREADS = 64;
