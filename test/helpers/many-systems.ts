/**
 * An invented corpus with many systems, written as CoNLL files (token and IOB2 tag): enough
 * systems for exhaustive search to be cut into chunks and shared among threads, small enough for
 * a test. Each system finds each gold entity with its own probability, sometimes with the wrong
 * type or a shorter span, and adds entities of its own; the same seed gives the same files.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TYPES = ['PER', 'LOC', 'ORG', 'MISC'];

/** A small seeded generator (xorshift32), uniform in [0, 1). */
export function random(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

interface Entity { start: number; end: number; type: string }

function tagsOf(length: number, entities: Entity[]): string[] {
  const tags = new Array<string>(length).fill('O');
  for (const e of entities) for (let t = e.start; t < e.end; t++) tags[t] = `${t === e.start ? 'B' : 'I'}-${e.type}`;
  return tags;
}

export interface ManySystems {
  dir: string;
  gold: string;
  systems: string[];
}

/**
 * Writes a gold file and `systems` system files of `documents` documents (five sentences of
 * twelve tokens each) to a new temporary directory.
 */
export function writeManySystems(systems: number, documents = 30, seed = 7): ManySystems {
  const rand = random(seed);
  const dir = mkdtempSync(join(tmpdir(), 'complan-many-'));
  const SENTENCE = 12;
  const sentences: Array<{ tokens: string[]; gold: Entity[] }> = [];
  for (let s = 0; s < documents * 5; s++) {
    const tokens = Array.from({ length: SENTENCE }, () => `w${Math.floor(rand() * 500)}`);
    const gold: Entity[] = [];
    for (let t = 0; t < SENTENCE; t++) {
      if (rand() < 0.2) {
        const len = 1 + Math.floor(rand() * 3);
        const end = Math.min(SENTENCE, t + len);
        gold.push({ start: t, end, type: TYPES[Math.floor(rand() * TYPES.length)] });
        t = end;
      }
    }
    sentences.push({ tokens, gold });
  }
  const skill = Array.from({ length: systems }, () => 0.55 + 0.4 * rand());
  const file = (name: string, entitiesOf: (s: number) => Entity[]) => {
    const lines: string[] = [];
    sentences.forEach((sent, s) => {
      if (s % 5 === 0) lines.push('-DOCSTART- O', '');
      const tags = tagsOf(SENTENCE, entitiesOf(s));
      sent.tokens.forEach((tok, t) => lines.push(`${tok} ${tags[t]}`));
      lines.push('');
    });
    const path = join(dir, name);
    writeFileSync(path, lines.join('\n'));
    return path;
  };
  const gold = file('gold.conll', (s) => sentences[s].gold);
  const paths = Array.from({ length: systems }, (_, m) => file(`sys${String(m).padStart(2, '0')}.conll`, (s) => {
    const out: Entity[] = [];
    for (const e of sentences[s].gold) {
      if (rand() >= skill[m]) continue;
      const r = rand();
      if (r < 0.1) out.push({ ...e, type: TYPES[(TYPES.indexOf(e.type) + 1) % TYPES.length] });
      else if (r < 0.2 && e.end - e.start > 1) out.push({ ...e, end: e.end - 1 });
      else out.push(e);
    }
    // Entities of its own, where it found none.
    for (let t = 0; t < SENTENCE; t++) {
      if (rand() < 0.04 && !out.some((e) => e.start <= t && t < e.end)) out.push({ start: t, end: t + 1, type: TYPES[Math.floor(rand() * TYPES.length)] });
    }
    return out.sort((a, b) => a.start - b.start);
  }));
  return { dir, gold, systems: paths };
}
