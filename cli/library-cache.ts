/**
 * The library's code cache, dist/lib/core.cjs.cache (src/code-cache.ts): written by the build's
 * last step (cli/warm-code-cache.ts) after the library has done, once, what a script using it
 * does — read CoNLL and JSONL, score in each match mode, compare, simulate every rule, write the
 * result, plan and ablate — on the bundled examples.
 */
import { join } from 'node:path';
import { loadBundle, saveCodeCache } from '../src/code-cache.js';
import type * as Library from '../src/index.js';

/** The library's file name in dist/lib. */
export const LIBRARY_FILE = 'core.cjs';

/** What the warm-up reads: a gold file and systems (`name=path` allowed), and an ablation set. */
export interface LibraryWork {
  gold: string;
  systems: readonly string[];
  /** More systems, in another format. */
  otherSystems: readonly string[];
  ablation: { gold: string; baseline: string; variants: readonly string[] };
}

/** Runs the work of {@link LibraryWork} with the library `lib`; its results are dropped. */
function work(lib: typeof Library, w: LibraryWork): void {
  for (const systems of [w.systems, w.otherSystems]) {
    const corpus = lib.loadCorpus({ ...lib.DEFAULT_LOAD_OPTIONS, gold: w.gold, systems: systems.map(lib.parseSystemArg) });
    for (const match of lib.MATCH_MODES) {
      const report = lib.evaluate(corpus, { match });
      lib.evalJson(report);
      lib.renderText(lib.evalTables(report));
    }
    for (const match of ['strict', 'boundary'] as const) lib.compareJson(lib.compareSystems(corpus, { ...lib.DEFAULT_COMPARE_OPTIONS, match }));
    const universe = lib.buildUniverse(corpus, 'strict');
    const index = lib.buildEnsembleIndex(corpus, { universe });
    const all = corpus.systems.map((_, k) => k);
    for (const rule of [...lib.BASE_RULES, lib.parseRule('kofn:2'), lib.parseRule('weighted')]) {
      const result = lib.simulate(index, all, rule);
      lib.prf(lib.ensembleCounts(index, result));
      const spans = lib.ensembleSpans(index, result);
      for (const _ of lib.formatJsonl(corpus, spans)) { /* drained */ }
      for (const _ of lib.formatConll(corpus, spans, { resolveOverlaps: 'longest' }).chunks) { /* drained */ }
    }
    lib.planJson(lib.plan(corpus, { objective: lib.parseObjective('f1', {}), top: 3 }));
  }
  const a = w.ablation;
  const corpus = lib.loadCorpus({ ...lib.DEFAULT_LOAD_OPTIONS, gold: a.gold, systems: [a.baseline, ...a.variants].map(lib.parseSystemArg) });
  lib.ablateJson(lib.ablate(corpus, lib.parseSystemArg(a.baseline).name, lib.DEFAULT_ABLATION_OPTIONS));
}

/**
 * Builds the library's cache in `dir` (dist/lib): loads the library without one, does the work,
 * then writes the bytecode of everything compiled so far, through a temporary file and a rename
 * (a failure leaves no cache). Returns the cache's size in bytes.
 */
export function writeLibraryCache(dir: string, w: LibraryWork): number {
  const file = join(dir, LIBRARY_FILE);
  const { exports, script } = loadBundle<typeof Library>(file, false);
  work(exports, w);
  return saveCodeCache(script, file);
}
