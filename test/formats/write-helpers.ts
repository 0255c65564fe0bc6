/**
 * Shared by the writer tests: temp directories, loading a gold with systems, comparing span sets.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, type LoadOptions } from '../../src/formats/load.js';
import { writeFileAtomic } from '../../src/formats/write-file.js';
import type { Corpus, Span } from '../../src/model/corpus.js';

export const ROOT = join(import.meta.dirname, '../..');
export const NEWS = join(ROOT, 'examples/news');
export const NEWS_SYSTEMS = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];

/** A path under test/fixtures/. */
export function fixture(...parts: string[]): string {
  return join(ROOT, 'test/fixtures', ...parts);
}

/** A fresh, empty temporary directory. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'complan-write-'));
}

/** Loads `gold` (or, when undefined, the first system's embedded gold) with the systems at `paths`. */
export function load(gold: string | undefined, paths: string[], extra: Partial<LoadOptions> = {}): Corpus {
  return loadCorpus({
    ...DEFAULT_LOAD_OPTIONS,
    gold,
    systems: paths.map((path, k) => ({ name: `s${k}`, path })),
    ...extra,
  });
}

/** Writes `chunks` into a new temp directory as `name` and returns the path. */
export function writeTemp(name: string, chunks: Iterable<string>): string {
  const path = join(tempDir(), name);
  writeFileAtomic(path, chunks);
  return path;
}

/** Spans in a canonical order, so two span sets compare with toEqual. */
export function canonical(spans: readonly Span[]): Span[] {
  const key = (s: Span) => JSON.stringify([s.start, s.end, s.label, s.fragments ?? null]);
  return spans.slice().sort((a, b) => a.start - b.start || a.end - b.end || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Concatenates an iterable of chunks. */
export function text(chunks: Iterable<string>): string {
  let out = '';
  for (const c of chunks) out += c;
  return out;
}
