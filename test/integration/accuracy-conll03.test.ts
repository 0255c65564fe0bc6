/**
 * conlleval's accuracy on the CoNLL-2003 systems (../shared/data/conll03-12sys, read at run time,
 * never copied). The expected figures are counted here from the files' columns, line by line, as
 * conlleval counts them: every non-blank line is a token, -DOCSTART- lines included, and it is
 * right when its last two fields (gold, prediction) are equal. Skipped when the data is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixed } from '../../src/report/number.js';
import { evalJson, runCli, system, type EvalJson } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const exists = conll03Present('accuracy-conll03');

/** Tokens and correct tags of a conlleval-style file, counted from its text. */
function countColumns(path: string): { tokens: number; correct: number } {
  let tokens = 0;
  let correct = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (line.trim() === '' || f[0] === '-X-') continue;
    tokens++;
    if (f[f.length - 1] === f[f.length - 2]) correct++;
  }
  return { tokens, correct };
}

describe.skipIf(!exists)('token accuracy on the CoNLL-2003 systems', () => {
  let files: string[] = [];
  let doc: EvalJson;
  const gold = join(CONLL03_DIR, 'gold.conll');

  beforeAll(async () => {
    files = readdirSync(CONLL03_DIR).filter((f) => f.endsWith('.conll') && f !== 'gold.conll').sort();
    doc = await evalJson(['--gold', gold, ...files.map((f) => join(CONLL03_DIR, f)), join(CONLL03_DIR, 'spanner-generic.jsonl')]);
  });

  it('equals conlleval\'s count of every file, -DOCSTART- lines included where a file keeps them', () => {
    expect(files.length).toBe(10);
    const markers = new Set<number>();
    for (const f of files) {
      const want = countColumns(join(CONLL03_DIR, f));
      const s = system(doc, f.replace(/\.conll$/, ''));
      expect(s.tokenTally, f).not.toBeNull();
      const t = s.tokenTally!;
      expect([t.tokens, t.correct], f).toEqual([want.tokens, want.correct]);
      expect(s.tokenAccuracy, f).toBe(want.correct / want.tokens);
      markers.add(t.markers);
      // Without its markers, every file has the gold's 46,435 tokens.
      expect(t.tokens - t.markers, f).toBe(doc.gold.length);
    }
    // Four files keep the 231 -DOCSTART- lines, six do not.
    expect([...markers].sort((a, b) => a - b)).toEqual([0, 231]);
  });

  it('is null for a system read as spans', () => {
    const s = system(doc, 'spanner-generic');
    expect([s.tokenAccuracy, s.tokenTally]).toEqual([null, null]);
  });

  it('prints as conlleval prints it, in the table\'s acc column', async () => {
    const r = await runCli(['eval', '--gold', gold, ...files.map((f) => join(CONLL03_DIR, f))]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const header = lines.find((l) => l.startsWith('system'))!.trim().split(/\s+/);
    const at = header.indexOf('acc');
    expect(at).toBeGreaterThan(0);
    for (const f of files) {
      const want = countColumns(join(CONLL03_DIR, f));
      const row = lines.find((l) => l.startsWith(`${f.replace(/\.conll$/, '')} `))!.trim().split(/\s+/);
      expect(row[at], f).toBe(fixed((100 * want.correct) / want.tokens));
    }
  });

  it('is the same without --gold, each file against its own gold column', async () => {
    const some = ['bert-lstmcrf.conll', 'cnn-glove-lstmcrf.conll', 'rand-lstmcrf.conll'];
    const own = await evalJson(some.map((f) => join(CONLL03_DIR, f)));
    for (const f of some) {
      const want = countColumns(join(CONLL03_DIR, f));
      expect(system(own, f.replace(/\.conll$/, '')).tokenTally, f).toMatchObject(want);
    }
  });
});
