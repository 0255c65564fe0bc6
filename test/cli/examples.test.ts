/**
 * `complan eval` on the bundled examples (examples/README.md): five simulated systems, in CoNLL
 * and in JSONL, which must score alike except for gazetteer's two extra nested JSONL spans.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalJson, ROOT, runCli, system } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const list = (dir: string, ext: string) =>
  readdirSync(join(NEWS, dir)).filter((f) => f.endsWith(ext) && f !== `gold${ext}`).sort().map((f) => join(NEWS, dir, f));
const CONLL = list('systems', '.conll');
const JSONL = list('jsonl', '.jsonl');
const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];

describe('examples/news', () => {
  it('has five systems in each format', () => {
    expect(CONLL.map((p) => p.replace(/^.*\//, ''))).toEqual(NAMES.map((n) => `${n}.conll`));
    expect(JSONL.map((p) => p.replace(/^.*\//, ''))).toEqual(NAMES.map((n) => `${n}.jsonl`));
  });

  it('eval on the CoNLL files exits 0 and lists the five systems', async () => {
    const r = await runCli(['eval', '--gold', join(NEWS, 'gold.conll'), ...CONLL]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toContain('184 gold items in 8 documents (76 sentences, 1379 tokens)');
    // The first table has one row per system, in the order given.
    const rows = lines.slice(3, 3 + NAMES.length).map((l) => l.split(/\s+/)[0]);
    expect(rows).toEqual(NAMES);
  });

  it('the gold matches the README: 184 entities, 54 PER, 71 ORG, 46 LOC, 13 MISC', async () => {
    const doc = await evalJson(['--gold', join(NEWS, 'gold.conll'), ...CONLL]);
    expect(doc.gold).toMatchObject({ documents: 8, sentences: 76, length: 1379, items: 184 });
    expect(doc.gold.byType).toEqual({ LOC: 46, MISC: 13, ORG: 71, PER: 54 });
  });

  it('the error profiles hold: gazetteer recalls most, cautious is most precise, sloppy has no substitutions', async () => {
    const doc = await evalJson(['--gold', join(NEWS, 'gold.conll'), ...CONLL]);
    const by = (k: 'precision' | 'recall') => [...doc.systems].sort((a, b) => b[k]! - a[k]!)[0].name;
    expect(by('precision')).toBe('cautious');
    expect(system(doc, 'gazetteer').recall!).toBeGreaterThan(system(doc, 'cautious').recall!);
    expect(system(doc, 'gazetteer').precision!).toBeLessThan(system(doc, 'gazetteer').recall!);
    // confuser gets boundaries right: under boundary match its substitutions become correct.
    const confuser = system(doc, 'confuser');
    expect(confuser.s).toBeGreaterThan(0);
    const boundary = system(await evalJson(['--gold', join(NEWS, 'gold.conll'), '--match', 'boundary', ...CONLL]), 'confuser');
    expect(boundary.c).toBe(confuser.c + confuser.s);
    expect(boundary.s).toBe(0);
  });

  it('no --gold: the first file\'s embedded gold scores like gold.conll', async () => {
    const withGold = await evalJson(['--gold', join(NEWS, 'gold.conll'), ...CONLL]);
    const embedded = await evalJson(CONLL);
    expect(embedded.gold.items).toBe(184);
    for (const name of NAMES) {
      const a = system(withGold, name);
      const b = system(embedded, name);
      expect([b.tp, b.fp, b.fn, b.c, b.s, b.d, b.i], name).toEqual([a.tp, a.fp, a.fn, a.c, a.s, a.d, a.i]);
    }
  });

  for (const gold of ['gold.conll', 'jsonl/gold.jsonl']) {
    it(`JSONL and CoNLL give the same TP/FP/FN except gazetteer's 2 nested spans (gold ${gold})`, async () => {
      const conll = await evalJson(['--gold', join(NEWS, gold), ...CONLL]);
      const jsonl = await evalJson(['--gold', join(NEWS, gold), ...JSONL]);
      expect(jsonl.systems.map((s) => s.name)).toEqual(NAMES);
      for (const name of NAMES) {
        const c = system(conll, name);
        const j = system(jsonl, name);
        const extra = name === 'gazetteer' ? 2 : 0;
        expect([j.tp, j.fp, j.fn], name).toEqual([c.tp, c.fp + extra, c.fn]);
        expect([j.c, j.s, j.d, j.i], name).toEqual([c.c, c.s, c.d, c.i + extra]);
      }
      // The two extra spans are a LOC inside an ORG and a LOC inside a LOC: both spurious LOCs.
      const c = system(conll, 'gazetteer').byType.LOC;
      const j = system(jsonl, 'gazetteer').byType.LOC;
      expect([j.tp, j.fp, j.fn]).toEqual([c.tp, c.fp + 2, c.fn]);
    });
  }

  it('under --match overlap the nested spans still cost at most 2 insertions', async () => {
    const conll = system(await evalJson(['--gold', join(NEWS, 'gold.conll'), '--match', 'overlap', ...CONLL]), 'gazetteer');
    const jsonl = system(await evalJson(['--gold', join(NEWS, 'gold.conll'), '--match', 'overlap', ...JSONL]), 'gazetteer');
    expect(jsonl.c + jsonl.s + jsonl.d).toBe(184);
    expect(jsonl.c + jsonl.s + jsonl.i).toBe(conll.c + conll.s + conll.i + 2);
    expect(jsonl.c).toBeGreaterThanOrEqual(conll.c);
  });
});
