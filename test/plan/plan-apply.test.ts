/**
 * Saving a plan and applying it through the library gives what `plan --save-plan` writes and what
 * `combine --plan` scores.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { parseObjective } from '../../src/plan/objective.js';
import { applyPlan, planMembers, savedPlan } from '../../src/plan/plan-apply.js';
import { formatPlanFile, parsePlanFile } from '../../src/plan/plan-file.js';
import { runPlan } from '../../src/plan/plan.js';
import { runCli } from '../cli/helpers.js';
import { unknownOption } from '../helpers/errors.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];
const files = NAMES.map((n) => join(NEWS, 'systems', `${n}.conll`));
const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: files.map(parseSystemArg) });
const run = runPlan(corpus, { objective: parseObjective('f1') });

describe('savedPlan and applyPlan', () => {
  it('save what plan --save-plan writes, the recommendation or the top candidate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-plan-apply-'));
    for (const [choice, flag] of [['recommendation', []], [1, ['--save-plan-choice', 'top']]] as const) {
      const path = join(dir, `${choice}.json`);
      expect((await runCli(['plan', '--gold', join(NEWS, 'gold.conll'), ...files, '--save-plan', path, ...flag])).code).toBe(0);
      expect(formatPlanFile(savedPlan(corpus, run, { choice }))).toBe(readFileSync(path, 'utf8'));
    }
  });

  it('apply a plan to the systems by name, scoring as the plan did on its planning data', () => {
    for (const choice of ['recommendation', 1, 2] as const) {
      const plan = savedPlan(corpus, run, { choice });
      const { spans, members } = applyPlan(corpus, parsePlanFile(formatPlanFile(plan), 'p.json'));
      expect(members.map((m) => corpus.systems[m].name)).toEqual(plan.members);
      const f = evaluate({ ...corpus, systems: [{ name: 'ensemble', source: '(ensemble)', format: 'ensemble', spans, warnings: [] }] }).systems[0].f;
      expect(f).toBeCloseTo(plan.planning.f, 12);
    }
  });

  it('give the top candidate the selection procedure\'s held-out estimate, and a candidate of another rank none', () => {
    const top = savedPlan(corpus, run, { choice: 1 });
    const held = run.result.selection.heldOut!;
    expect(top.chosenBy).toBe('top');
    expect(top.members).toEqual(run.result.candidates[0].members);
    expect(top.heldOut).toEqual({ objective: held.mean, sd: held.sd, splits: held.splits, pooled: held.pooled });
    expect(savedPlan(corpus, run, { choice: 2 }).heldOut).toBeUndefined();
  });

  it('plan without options ranks by F1, as the command does', () => {
    const bare = runPlan(corpus);
    expect(bare.result.objective).toMatchObject({ text: 'f1', description: 'F1' });
    expect(bare.result.recommendation).toEqual(run.result.recommendation);
    expect(runPlan(corpus, { beta: 2, folds: 0 }).result.objective).toMatchObject({ text: 'f:2' });
  });

  it('name the plan file and the members missing from the inputs', () => {
    const plan = { ...savedPlan(corpus, run, { choice: 1 }), members: ['crf', 'absent'] };
    expect(() => planMembers(corpus, plan, 'p.json')).toThrow(InputError);
    expect(() => applyPlan(corpus, plan, 'p.json')).toThrow('p.json: the plan combines "absent", which is not among the inputs (systems given: cautious, confuser, crf, gazetteer, sloppy); name inputs with name=path');
  });
});

describe('savedPlan: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => savedPlan(corpus, run, { choise: 1 } as never), 'choise', 'choice');
    unknownOption(() => savedPlan(corpus, run, { typse: ['LOC'] } as never), 'typse', 'types');
    expect(savedPlan(corpus, run, { choice: 1, types: ['LOC'] }).types).toEqual(['LOC']);
  });
});
