/**
 * Verification in place: a CoNLL system file read against the gold standard compares its tokens
 * and embedded gold tags where they stand, and hands over whole only the first sentence that
 * differs. Loading must give exactly what loading without it gives: the same corpus, or the same
 * error (file, line, message).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOutcome } from '../helpers/load-outcome.js';
import { tempFiles } from '../helpers/temp.js';
import { DEFAULT_LOAD_OPTIONS, loadInternals, type LoadOptions } from '../../src/formats/load.js';

const GOLD = join(import.meta.dirname, '../fixtures/load/gold.conll');
/** Writes `content` to a fresh temp file named `name` (in its own directory) and returns its path. */
const temp = tempFiles('verify');

/** Loads `systems` (contents) against `gold` both ways and expects the same outcome. */
function same(systems: string[], gold = GOLD, extra: Partial<LoadOptions> = {}): unknown {
  const specs = systems.map((content, k) => ({ name: `s${k + 1}`, path: temp(content) }));
  const opts = { ...DEFAULT_LOAD_OPTIONS, gold, systems: specs, ...extra };
  const fast = loadOutcome(opts, true);
  const slow = loadOutcome(opts, false);
  expect(fast).toEqual(slow);
  return fast;
}

afterEach(() => {
  loadInternals.verifyInPlace = true;
});

/** The gold fixture as conlleval-style system lines: `token gold pred`, pred = gold. */
function goldLines(): string[] {
  return readFileSync(GOLD, 'utf8').split('\n');
}
function asSystem(lines: string[], pred = (tag: string) => tag): string {
  return lines.map((l) => {
    const f = l.split(' ');
    return f.length === 2 ? `${f[0]} ${f[1]} ${pred(f[1])}` : l;
  }).join('\n');
}

describe('verification in place gives what full reading gives', () => {
  it('on a file that agrees with the gold, with and without -DOCSTART-, two or three columns', () => {
    const lines = goldLines();
    const r = same([
      asSystem(lines),
      asSystem(lines.filter((l) => !l.startsWith('-DOCSTART-'))),
      asSystem(lines, (t) => (t === 'O' ? 'O' : `B-${t.slice(2)}`)),
      lines.map((l) => l.replace(/ /g, '\t')).join('\r\n'),
    ]) as { corpus: { systems: unknown[] } };
    expect(r.corpus.systems).toHaveLength(4);
  });

  it('takes the gold spans, without decoding, for sentences whose predictions are the gold tags', () => {
    const lines = goldLines();
    // Two columns and three; the second file predicts sentence 2 differently (Kettle Guild as LOC).
    const other = asSystem(lines).split('\n').map((l) => (/^(Kettle|Guild) /.test(l) ? l.replace(/ORG$/, 'LOC') : l));
    const r = same([asSystem(lines), lines.join('\n'), other.join('\n')]) as {
      corpus: { gold: { spans: object[] }; systems: Array<{ spans: object[]; scheme: string }> };
    };
    expect(r).toHaveProperty('corpus');
    const { gold, systems } = r.corpus;
    // The very span objects of the gold (the slow path, compared above, makes equal new ones).
    for (const s of systems.slice(0, 2)) {
      expect(s.spans).toHaveLength(gold.spans.length);
      s.spans.forEach((span, k) => expect(span).toBe(gold.spans[k]));
    }
    const shared = systems[2].spans.filter((span) => gold.spans.includes(span));
    expect(shared).toHaveLength(gold.spans.length - 1);
    expect(systems.map((s) => s.scheme)).toEqual(['iob2', 'iob2', 'iob2']);
  });

  it('keeps the scheme evidence of the sentences it does not decode', () => {
    // Sentences 1 and 3 as the gold (B- opening chunks after O: IOB2), every other one with I-
    // for B- (IO by itself): only the evidence of the sentences not decoded says IOB2.
    const lines = goldLines();
    const system = (keep: ReadonlySet<number>) => {
      let sentence = 1;
      return lines.map((l, k) => {
        if (l === '' && k > 0 && lines[k - 1] !== '' && !lines[k - 1].startsWith('-DOCSTART-')) sentence++;
        const f = l.split(' ');
        if (f.length !== 2 || f[0] === '-DOCSTART-') return l;
        return `${l} ${keep.has(sentence) ? f[1] : f[1].replace('B-', 'I-')}`;
      }).join('\n');
    };
    const scheme = (text: string) => (same([text]) as { corpus: { systems: Array<{ scheme: string }> } }).corpus.systems[0].scheme;
    expect(scheme(system(new Set([1, 3])))).toBe('iob2');
    expect(scheme(system(new Set()))).toBe('io');
  });

  it('on a token that differs (first, middle, last of a sentence)', () => {
    const lines = goldLines();
    for (const k of [2, 4, 7, 10]) {
      const l = [...lines];
      l[k] = `Zed ${l[k].split(' ')[1]}`;
      const r = same([asSystem(l)]) as { input?: string };
      expect(r.input).toMatch(/token "Zed"/);
    }
  });

  it('on an embedded gold tag that differs', () => {
    const lines = goldLines();
    const l = lines.map((x, k) => (k === 3 ? x.replace('I-PER', 'I-ORG') : x));
    const r = same([l.map((x) => { const f = x.split(' '); return f.length === 2 ? `${x} ${f[1]}` : x; }).join('\n')]) as { input?: string };
    expect(r.input).toMatch(/embedded gold/);
    same([l.join('\n')], GOLD, { ignoreEmbeddedGold: true });
  });

  it('on sentences split or joined differently, missing or extra', () => {
    const lines = goldLines();
    const blank = lines.indexOf('', 3);
    same([asSystem(lines.filter((_, k) => k !== blank))]); // two gold sentences in one
    same([asSystem([...lines.slice(0, 4), '', ...lines.slice(4)])]); // one gold sentence in two
    same([asSystem(lines.slice(0, blank))]); // ends early
    same([asSystem([...lines, 'Extra O', ''])]); // goes on
    same([asSystem([...lines.slice(0, 3), ...lines.slice(4)])]); // a token missing
  });

  it('on bad tags and column counts, before or after a difference', () => {
    const lines = goldLines();
    same([asSystem(lines, (t) => (t === 'I-LOC' ? 'X-LOC' : t))]);
    const l = [...lines];
    l[5] = `${l[5]} extra`;
    same([asSystem(l)]);
    const m = [...lines];
    m[2] = 'Zed O';
    same([asSystem(m, (t) => (t === 'I-LOC' ? 'X-LOC' : t))]);
  });

  it('on lines with extra fields, extra spaces, tabs or CRs in the middle of a file', () => {
    const lines = asSystem(goldLines()).split('\n');
    const variants: Array<(l: string) => string> = [
      (l) => `${l} extra`, (l) => `${l} `, (l) => l.replace(' ', '  '), (l) => ` ${l}`, (l) => l.replace(' ', '\t'),
      (l) => `${l}\r`, (l) => l.replace(/ \S+$/, ''), (l) => `${l}\n`, (l) => l.replace(/ (\S+)$/, ' $1\r'),
    ];
    for (const v of variants) {
      for (const k of [2, 5, 9]) {
        const l = [...lines];
        l[k] = v(l[k]);
        same([l.join('\n')]);
      }
    }
  });

  it('with strict schemes and a declared scheme', () => {
    const lines = goldLines();
    same([asSystem(lines, (t) => t.replace('B-', 'I-'))], GOLD, { strictScheme: true });
    same([asSystem(lines)], GOLD, { strictScheme: true, scheme: 'iob2' });
    same([asSystem(lines)], GOLD, { scheme: 'iob1' });
  });

  it('against a JSONL gold (tokens only) and without a gold file', () => {
    const lines = goldLines().filter((l) => !l.startsWith('-DOCSTART-'));
    const sentences: string[][] = [[]];
    for (const l of lines) {
      if (l === '') { if (sentences[sentences.length - 1].length > 0) sentences.push([]); } else sentences[sentences.length - 1].push(l.split(' ')[0]);
    }
    const jsonl = temp(sentences.filter((s) => s.length > 0).map((tokens) => JSON.stringify({ tokens, spans: [] })).join('\n'), 'gold.jsonl');
    same([asSystem(lines)], jsonl);
    const specs = [asSystem(goldLines()), asSystem(lines)];
    same(specs, undefined as unknown as string);
  });

  it('on random edits of a file that agrees', () => {
    const lines = goldLines();
    const edit = fc.record({
      at: fc.integer({ min: 0, max: lines.length }),
      kind: fc.constantFrom('token', 'gold', 'pred', 'drop', 'blank', 'dup', 'docstart'),
    });
    fc.assert(fc.property(fc.array(edit, { maxLength: 3 }), (edits) => {
      const rows = lines.map((l) => l.split(' '));
      for (const { at, kind } of edits) {
        const k = Math.min(at, rows.length - 1);
        const r = rows[k];
        switch (kind) {
          case 'token': if (r.length === 2 && r[0] !== '-DOCSTART-') r[0] = `${r[0]}x`; break;
          case 'gold': if (r.length === 2 && r[0] !== '-DOCSTART-') r[1] = r[1] === 'O' ? 'B-MISC' : 'O'; break;
          case 'pred': if (r.length === 2) r.push(r[1] === 'O' ? 'I-PER' : 'O'); break;
          case 'drop': rows.splice(k, 1); break;
          case 'blank': rows.splice(k, 0, ['']); break;
          case 'dup': rows.splice(k, 0, [...r]); break;
          case 'docstart': rows.splice(k, 0, ['-DOCSTART-', 'O']); break;
        }
      }
      const text = rows.map((f) => (f.length === 2 ? [...f, f[1]] : f).join(' ')).join('\n');
      same([text]);
    }), { numRuns: 60 });
  });

  it('on several files in one load, whose sentences are each read whole once another file has read them', () => {
    // The first file to reach a sentence reads it line by line and, when it is as expected, gives
    // its text to the files after it; a sentence it read otherwise is written for them.
    const lines = goldLines();
    const pred = fc.array(fc.integer({ min: 0, max: lines.length - 1 }), { maxLength: 6 });
    fc.assert(fc.property(fc.array(pred, { minLength: 2, maxLength: 4 }), fc.boolean(), (edits, twoColumns) => {
      const files = edits.map((at, k) => {
        const rows = lines.map((l) => l.split(' '));
        for (const i of at) if (rows[i].length === 2 && rows[i][0] !== '-DOCSTART-') rows[i] = [...rows[i], rows[i][1] === 'O' ? 'B-PER' : 'O'];
        return rows.map((f) => (f.length !== 2 ? f : twoColumns && k % 2 === 1 ? f : [...f, f[1]])).map((f) => (f.length === 3 && twoColumns && k % 2 === 1 ? [f[0], f[2]] : f).join(' ')).join('\n');
      });
      same(files);
    }), { numRuns: 40 });
  });
});
