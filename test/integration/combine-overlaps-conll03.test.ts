/**
 * `complan combine` over the twelve CoNLL-2003 systems (../shared/data/conll03-12sys, read at
 * run time, never copied), two of which predict overlapping and nested spans. With default
 * options every written file must score under `eval` exactly what `plan` reports for the same
 * ensemble, since the planner scores the ensemble's items as they are, overlaps included: where
 * the spans overlap, combine writes JSONL under a name without an extension (a `.conll` name is
 * refused), and eval reads it as JSONL. Likewise `plan --save-plan`, `combine --plan`, `eval`. Skipped, with one line on
 * stderr, when the data is absent.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalJson, runCli, system } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('combine-overlaps-conll03');
const GOLD = join(DATA, 'gold.conll');
const files = exists
  ? readdirSync(DATA).sort().filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(DATA, f))
  : [];
const dir = mkdtempSync(join(tmpdir(), 'complan-overlaps-conll03-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What this test reads of `plan --format json`. */
interface PlanDoc {
  candidates: Array<{ rule: string; members: string[]; actual: { tp: number; fp: number; fn: number } }>;
}

const RULES = ['vote', 'weighted', 'kofn:2', 'kofn:6', 'union'];
const counts = (s: { tp: number; fp: number; fn: number }) => [s.tp, s.fp, s.fn];

describe.skipIf(!exists)('CoNLL-2003: combine writes what plan scores, overlaps included', () => {
  /** TP/FP/FN of the all-twelve candidate by rule, from one plan run over the five rules. */
  const planned = new Map<string, number[]>();

  beforeAll(async () => {
    expect(files).toHaveLength(12);
    const r = await runCli(['plan', '--gold', GOLD, ...files, '--rules', RULES.join(','), '--min-size', '12', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    for (const c of (JSON.parse(r.stdout) as PlanDoc).candidates) {
      if (c.members.length === 12) planned.set(c.rule, counts(c.actual));
    }
    expect([...planned.keys()].sort()).toEqual([...RULES].sort());
  });

  it.each(RULES)('combine --rule %s --out X (no extension): eval of X has the TP/FP/FN plan reports', async (rule) => {
    const out = join(dir, rule.replace(':', ''));
    const r = await runCli(['combine', '--gold', GOLD, ...files, '--rule', rule, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    // JSONL exactly when the spans overlap, and then said in one line; CoNLL otherwise.
    const note = /^complan: note: (\d+) spans overlap others, which one CoNLL tag column cannot hold: wrote JSONL \(.*\)$/m.exec(r.stderr);
    const head = readFileSync(out, 'utf8').slice(0, 12);
    expect(head.startsWith('{'), r.stderr).toBe(note !== null);
    if (note === null) expect(head).toBe('-DOCSTART- O');
    if (rule === 'union' || rule === 'kofn:2') expect(note).not.toBeNull();
    if (note !== null) {
      // Under a .conll name, JSONL is refused (exit 2), naming the same count, and nothing is written.
      const named = `${out}.conll`;
      const refused = await runCli(['combine', '--gold', GOLD, ...files, '--rule', rule, '--out', named]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`complan: cannot write ${named} as CoNLL: ${note[1]} of the ensemble's spans overlap others`);
      expect(existsSync(named)).toBe(false);
    }
    const e = system(await evalJson(['--gold', GOLD, `x=${out}`]), 'x');
    expect(counts(e), `${rule}: eval against plan`).toEqual(planned.get(rule));
  });

  it('plan --save-plan, combine --plan, eval: the F1, precision and recall the plan file states', async () => {
    const planFile = join(dir, 'p.json');
    const p = await runCli(['plan', '--gold', GOLD, ...files, '--save-plan', planFile]);
    expect(p.code, p.stderr).toBe(0);
    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { planning: { f: number; precision: number; recall: number } };
    const out = join(dir, 'p.conll');
    const c = await runCli(['combine', '--plan', planFile, ...files, '--out', out]);
    expect(c.code, c.stderr).toBe(0);
    const e = system(await evalJson(['--gold', GOLD, out]), 'p');
    expect(e.f).toBe(plan.planning.f);
    expect(e.precision).toBe(plan.planning.precision);
    expect(e.recall).toBe(plan.planning.recall);
  });
});
