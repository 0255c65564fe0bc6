/** Loading with and without verification in place, for tests that hold the two to one outcome. */
import { InputError, UsageError } from '../../src/errors.js';
import { loadCorpus, loadInternals, type LoadOptions } from '../../src/formats/load.js';

/** The outcome of loading, verifying system files in place or not: the corpus, or the error's class and message. */
export function loadOutcome(opts: LoadOptions, inPlace: boolean): unknown {
  const saved = loadInternals.verifyInPlace;
  loadInternals.verifyInPlace = inPlace;
  try {
    return { corpus: loadCorpus(opts) };
  } catch (err) {
    if (err instanceof InputError) return { input: err.message, file: err.file, line: err.line };
    if (err instanceof UsageError) return { usage: err.message };
    throw err;
  } finally {
    loadInternals.verifyInPlace = saved;
  }
}
