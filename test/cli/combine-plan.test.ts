/**
 * `complan combine --plan FILE`: a saved plan applied to system outputs without gold writes what
 * `combine --rule … --systems …` writes with gold; bad plans and missing members are input
 * errors (exit 2) naming the plan file; --plan with --rule/--systems/--weights is a usage error.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { formatPlanFile, planWeightsOf, resolvePlan, type PlanFile } from '../../src/plan/plan-file.js';
import { evalJson, ROOT, runCli } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD_CONLL = join(NEWS, 'gold.conll');
const GOLD_JSONL = join(NEWS, 'jsonl', 'gold.jsonl');
const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];
const CONLL = NAMES.map((n) => join(NEWS, 'systems', `${n}.conll`));
const JSONL = NAMES.map((n) => join(NEWS, 'jsonl', `${n}.jsonl`));
const dir = mkdtempSync(join(tmpdir(), 'complan-combine-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const out = (name: string) => join(dir, name);
const read = (path: string) => readFileSync(path, 'utf8');

/** Writes a plan file by hand and returns its path. */
function savePlan(name: string, plan: Partial<PlanFile> & Pick<PlanFile, 'rule' | 'members'>): string {
  const path = out(name);
  writeFileSync(path, formatPlanFile({
    schemaVersion: 1, kind: 'complan-plan', objective: 'f1',
    planning: { objective: 0.9, f: 0.9, precision: 0.9, recall: 0.9 }, systems: NAMES, ...plan,
  }));
  return path;
}

/** The plan the planner would save for `members` under `rule` (weights and ties from the news gold). */
function plannedWith(name: string, ruleText: string, weights: 'f1' | 'label-f1' | undefined, members: string[]): string {
  const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD_CONLL, systems: NAMES.map((n, k) => ({ name: n, path: CONLL[k] })) });
  const index = buildEnsembleIndex(corpus);
  const rule = parseRule(ruleText, weights === undefined ? undefined : { kind: weights });
  const r = resolvePlan(index, members.map((m) => NAMES.indexOf(m)), rule);
  return savePlan(name, { rule: ruleText, members, tieBreak: r.tieBreak, ...(r.weights === undefined ? {} : { weights: planWeightsOf(r.weights, members) }) });
}

describe('combine --plan scores by the F its plan was chosen by', () => {
  it('adds F at the plan\'s beta (plan --beta 2 ranks by f:2) beside F1, equal to eval --beta 2 of the output', async () => {
    const file = out('beta2.plan.json');
    expect((await runCli(['plan', '--beta', '2', '--gold', GOLD_CONLL, ...CONLL, '--save-plan', file])).code).toBe(0);
    expect((JSON.parse(read(file)) as PlanFile).objective).toBe('f:2');
    const target = out('beta2.conll');
    const r = await runCli(['combine', '--plan', file, '--gold', GOLD_CONLL, ...CONLL, '--out', target]);
    expect(r.code, r.stderr).toBe(0);
    const f2 = /F1 [\d.]+ {2}F2 ([\d.]+) \(strict\)/.exec(r.stderr);
    expect(f2, r.stderr).not.toBeNull();
    const ev = await evalJson(['--gold', GOLD_CONLL, target, '--beta', '2']);
    expect(f2![1]).toBe((100 * ev.systems[0].f!).toFixed(2));
    expect(r.stderr).toMatch(/\(f:2, sd over 5 splits; \d+\.\d\d pooled over them\)/);
  });

  it('adds the plan\'s objective beside F1 when it can be read from the output (ser, err, k:A:B, counts), equal to eval\'s', async () => {
    const target = out('objective.conll');
    for (const [objective, shown] of [['ser', 'ser'], ['err', 'err'], ['min:fp+fn', 'min:fp+fn'], ['k:0.5:1', 'k:0.5:1']] as const) {
      const file = out(`objective-${objective.replace(/[^a-z0-9]/g, '')}.plan.json`);
      expect((await runCli(['plan', '--objective', objective, '--gold', GOLD_CONLL, ...CONLL, '--save-plan', file])).code).toBe(0);
      const r = await runCli(['combine', '--plan', file, '--gold', GOLD_CONLL, ...CONLL, '--out', target]);
      expect(r.code, r.stderr).toBe(0);
      const s = (await evalJson(['--gold', GOLD_CONLL, target, '--k-alpha', '0.5'])).systems[0] as unknown as { ser: number; err: number; fp: number; fn: number; k: number };
      const want = { ser: (100 * s.ser).toFixed(2), err: (100 * s.err).toFixed(2), 'min:fp+fn': String(s.fp + s.fn), 'k:0.5:1': (100 * s.k).toFixed(2) }[objective];
      expect(r.stderr, objective).toContain(`F1 ${/F1 ([\d.]+)/.exec(r.stderr)![1]}  ${shown} ${want} (strict)`);
    }
    // An expression of f (read with a beta the plan does not record) or of costs is not computed.
    const file = out('objective-size.plan.json');
    expect((await runCli(['plan', '--objective', 'f - 0.01*size', '--gold', GOLD_CONLL, ...CONLL, '--save-plan', file])).code).toBe(0);
    const r = await runCli(['combine', '--plan', file, '--gold', GOLD_CONLL, ...CONLL, '--out', target]);
    expect(r.stderr).toMatch(/F1 [\d.]+ \(strict\)/);
  });
});

describe('combine --plan says whether its score is in-sample', () => {
  it('is in-sample on the gold the plan was chosen on (as CoNLL or JSONL), in part after --holdout, and not on another', async () => {
    const file = out('provenance.plan.json');
    expect((await runCli(['plan', '--gold', GOLD_CONLL, ...CONLL, '--save-plan', file])).code).toBe(0);
    const plan = JSON.parse(read(file)) as PlanFile;
    expect(plan.chosenOn).toMatchObject({ unit: 'document', planned: 8, of: 8 });
    expect(plan.heldOut!.splits).toBe(5);
    // The plan recommends vote-all, which chooses nothing: pooled over the folds it is its in-sample F.
    expect(plan.chosenBy).toBe('vote-all');
    expect(plan.heldOut!.pooled).toBeCloseTo(plan.planning.f, 12);
    const held = `held out it scored ${(100 * plan.heldOut!.objective).toFixed(2)} ± ${(100 * plan.heldOut!.sd!).toFixed(2)} (f1, sd over 5 splits; ${(100 * plan.heldOut!.pooled!).toFixed(2)} pooled over them)`;
    for (const gold of [GOLD_CONLL, GOLD_JSONL]) {
      const r = await runCli(['combine', '--plan', file, '--gold', gold, ...CONLL, '--out', out('provenance.conll')]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`complan: in-sample: the plan was chosen on this gold standard (all 8 documents), but the plan (vote-all) combines every system and selects none, so this score is not flattered by a selection; ${held}\n`);
    }
    const part = out('holdout.plan.json');
    expect((await runCli(['plan', '--holdout', '0.25', '--gold', GOLD_CONLL, ...CONLL, '--save-plan', part])).code).toBe(0);
    const r = await runCli(['combine', '--plan', part, '--gold', GOLD_CONLL, ...CONLL, '--out', out('holdout.conll')]);
    expect(r.stderr).toMatch(/complan: partly in-sample: the plan was chosen on 6 of this gold standard's 8 documents, (so this score may flatter the plan|but the plan \((vote|majority)-all\) combines every system and selects none, so this score is not flattered by a selection); held out it scored/);
    // Another gold standard: the news gold with one location relabelled.
    const relabelled = out('relabelled-gold.conll');
    writeFileSync(relabelled, read(GOLD_CONLL).replace(/ B-LOC\n(?!\S+ I-LOC)/, ' B-MISC\n'));
    expect(read(relabelled)).not.toBe(read(GOLD_CONLL));
    const other = await runCli(['combine', '--plan', file, '--gold', relabelled, '--ignore-embedded-gold', ...CONLL, '--out', out('relabelled.conll')]);
    expect(other.code, other.stderr).toBe(0);
    // Its documents are the planning documents (relabelled, not rewritten): in-sample, though on another gold standard.
    expect(other.stderr).toContain('complan: in-sample: the plan was chosen on another gold standard that holds every one of this one\'s 8 documents (of 10 tokens or more), but the plan (vote-all) combines every system and selects none, so this score is not flattered by a selection\n');
    // A plan saved before plans recorded where they were chosen: nothing said.
    const old = savePlan('old.plan.json', { rule: plan.rule, members: plan.members, tieBreak: plan.tieBreak });
    const quiet = await runCli(['combine', '--plan', old, '--gold', GOLD_CONLL, ...CONLL, '--out', out('old.conll')]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toMatch(/in-sample/);
  });
});

describe('combine --plan of a plan made on some types', () => {
  it('combines and scores those types only, and scores what the plan reported', async () => {
    const file = out('types.plan.json');
    const saving = await runCli(['plan', '--types', 'PER,ORG', '--folds', '0', '--gold', GOLD_CONLL, ...CONLL, '--save-plan', file]);
    expect(saving.code, saving.stderr).toBe(0);
    const plan = JSON.parse(read(file)) as PlanFile;
    expect(plan.types).toEqual(['PER', 'ORG']);
    const applied = out('types.jsonl');
    const r = await runCli(['combine', '--plan', file, '--gold', GOLD_CONLL, ...CONLL, '--out', applied]);
    expect(r.code, r.stderr).toBe(0);
    const labels = new Set(read(applied).trim().split('\n').flatMap((l) => (JSON.parse(l) as { spans?: Array<{ label: string }> }).spans?.map((x) => x.label) ?? []));
    expect([...labels].sort()).toEqual(['ORG', 'PER']);
    expect(r.stderr).toContain("of the plan's types PER, ORG only");
    const f1 = /F1 (\d+\.\d+) \(strict, on the plan's types PER, ORG\)/.exec(r.stderr)?.[1];
    expect(f1).toBe((100 * plan.planning.f).toFixed(2));
  });
});

describe('combine --plan', () => {
  it('applies a plan to outputs without gold: the same output as --rule/--systems with gold', async () => {
    const cases: Array<[string, string, 'f1' | 'label-f1' | undefined, string[]]> = [
      // Three label ties, which the plan's tie-break order (crf first) decides as gold did.
      ['vote', 'vote', undefined, ['confuser', 'crf', 'gazetteer']],
      ['kofn', 'kofn:2', undefined, ['cautious', 'confuser', 'crf', 'gazetteer']],
      ['wf1', 'weighted', 'f1', ['confuser', 'crf', 'gazetteer', 'sloppy']],
      ['wlabel', 'weighted', 'label-f1', NAMES],
    ];
    for (const [tag, rule, weights, members] of cases) {
      const plan = plannedWith(`${tag}.json`, rule, weights, members);
      for (const ext of ['jsonl', 'conll']) {
        const applied = out(`${tag}-plan.${ext}`);
        // kofn:2 returns overlapping spans, which CoNLL cannot hold.
        const overlaps = ext === 'conll' ? ['--resolve-overlaps', 'longest'] : [];
        const r = await runCli(['combine', '--plan', plan, ...JSONL, ...overlaps, '--out', applied]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toContain(`(plan ${plan}) → ${applied} (${ext})`);
        expect(r.stderr).toContain('no gold standard: not scored');
        expect(r.stderr).not.toContain('F1');
        if (tag === 'vote') expect(r.stderr).toContain("3 label tie(s) broken by the plan's ranking of its members");
        const direct = out(`${tag}-direct.${ext}`);
        const args = ['--rule', rule, '--systems', members.join(','), ...(weights === undefined ? [] : ['--weights', weights])];
        const d = await runCli(['combine', '--gold', GOLD_JSONL, ...JSONL, ...args, ...overlaps, '--no-write-gold', '--out', direct]);
        expect(d.code, d.stderr).toBe(0);
        expect(read(applied), `${tag} ${ext}`).toBe(read(direct));
        // The settings line records the plan's rule and members, not --rule's default and every system.
        const settings = (e: string) => /settings: (.*)/.exec(e)?.[1] ?? '';
        expect(settings(r.stderr)).toContain(`|rule:${rule}|systems:${members.join(',')}|weights:${weights === undefined ? 'none' : 'plan'}|`);
        expect(settings(d.stderr)).toContain(`|rule:${rule}|systems:${members.join(',')}|weights:${weights ?? 'none'}|`);
        if (tag === 'vote' && ext === 'jsonl') {
          // Without the tie-break order, ties follow the plan's member order (confuser first): another output.
          const plain = savePlan('vote-plain.json', { rule, members });
          const other = out('vote-plain.jsonl');
          expect((await runCli(['combine', '--plan', plain, ...JSONL, '--out', other])).code).toBe(0);
          expect(read(other)).not.toBe(read(direct));
        }
      }
    }
  });

  it('warns when the members return a label its per-label weights never saw, which then weighs each member\'s overall weight', async () => {
    const plan = plannedWith('label-f1.plan.json', 'weighted', 'label-f1', ['confuser', 'crf', 'gazetteer']);
    const same = await runCli(['combine', '--plan', plan, ...CONLL, '--out', out('label-f1.conll')]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).not.toContain('warning');
    // The same outputs, PER renamed PERSON (and no gold standard to say so).
    const renamed = CONLL.map((path, k) => {
      const to = out(`renamed-${NAMES[k]}.conll`);
      writeFileSync(to, read(path).replace(/-PER\b/g, '-PERSON'));
      return `${NAMES[k]}=${to}`;
    });
    const r = await runCli(['combine', '--plan', plan, ...renamed, '--out', out('label-f1-renamed.conll')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`complan: warning: ${plan}: the plan's per-label weights have none for "PERSON", which the members return but the planning data did not: `
      + "votes for it weigh each member's overall weight");
    // Weights of one number per member weigh every label alike: nothing to say.
    const f1 = await runCli(['combine', '--plan', plannedWith('f1.plan.json', 'weighted', 'f1', ['confuser', 'crf', 'gazetteer']), ...renamed, '--out', out('f1-renamed.conll')]);
    expect(f1.code, f1.stderr).toBe(0);
    expect(f1.stderr).not.toContain('warning');
  });

  it('matches members by name: input order and extra inputs do not matter', async () => {
    const plan = savePlan('order.json', { rule: 'majority', members: ['crf', 'gazetteer', 'sloppy'] });
    const a = out('order-a.jsonl');
    const b = out('order-b.jsonl');
    expect((await runCli(['combine', '--plan', plan, JSONL[2], JSONL[3], JSONL[4], '--out', a])).code).toBe(0);
    const r = await runCli(['combine', '--plan', plan, JSONL[4], JSONL[0], JSONL[3], JSONL[1], JSONL[2], '--out', b]);
    expect(r.code, r.stderr).toBe(0);
    expect(read(b)).toBe(read(a));
    // Named inputs: name=path.
    const c = out('order-c.jsonl');
    expect((await runCli(['combine', '--plan', plan, `crf=${JSONL[2]}`, `gazetteer=${JSONL[3]}`, `sloppy=${JSONL[4]}`, '--out', c])).code).toBe(0);
    expect(read(c)).toBe(read(a));
  });

  it('scores the output when a gold standard is there (embedded or --gold), and writes the gold column', async () => {
    const plan = savePlan('scored.json', { rule: 'vote', members: ['crf', 'gazetteer', 'sloppy'] });
    const r = await runCli(['combine', '--plan', plan, ...CONLL]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('-DOCSTART- O O\n')).toBe(true);
    expect(r.stderr).toMatch(/scored against the embedded gold: P [\d.]+ {2}R [\d.]+ {2}F1 [\d.]+ \(strict\)/);
    const g = await runCli(['combine', '--plan', plan, '--gold', GOLD_CONLL, ...JSONL, '--out-format', 'jsonl']);
    expect(g.code, g.stderr).toBe(0);
    expect(g.stderr).toContain(`scored against ${GOLD_CONLL}`);
  });

  it('breaks label ties as planned (tieBreak), not by input order', async () => {
    // At "Ann", a says ORG, b PER, c LOC: a three-way tie that the best member, b, decides.
    const gold = join(dir, 'tie-gold.conll');
    writeFileSync(gold, 'Ann B-PER\nsaw O\nRome B-LOC\n');
    const sys = { a: ['B-ORG', 'O', 'B-LOC'], b: ['B-PER', 'O', 'B-LOC'], c: ['B-LOC', 'O', 'O'] };
    const tokens = ['Ann', 'saw', 'Rome'];
    const files = Object.entries(sys).map(([name, tags]) => {
      const path = join(dir, `tie-${name}.conll`);
      writeFileSync(path, tokens.map((t, k) => `${t} ${tags[k]}\n`).join(''));
      return `${name}=${path}`;
    });
    const withGold = await runCli(['combine', '--gold', gold, ...files, '--rule', 'vote', '--no-write-gold']);
    expect(withGold.code, withGold.stderr).toBe(0);
    expect(withGold.stdout).toBe('Ann B-PER\nsaw O\nRome B-LOC\n\n');
    expect(withGold.stderr).toContain('1 label tie(s)');
    const plan = savePlan('tie.json', { rule: 'vote', members: ['a', 'b', 'c'], tieBreak: ['b', 'a', 'c'], systems: ['a', 'b', 'c'] });
    const applied = await runCli(['combine', '--plan', plan, ...files]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toBe(withGold.stdout);
    // Without a tieBreak, ties follow the plan's member order (here a first).
    const noTie = savePlan('no-tie.json', { rule: 'vote', members: ['a', 'b', 'c'], systems: ['a', 'b', 'c'] });
    expect((await runCli(['combine', '--plan', noTie, ...files])).stdout).toBe('Ann B-ORG\nsaw O\nRome B-LOC\n\n');
  });

  it('reports a member missing from the inputs as an input error naming the plan, the missing and the given systems', async () => {
    const plan = savePlan('missing.json', { rule: 'vote', members: ['crf', 'gazetteer', 'sloppy'] });
    const file = out('missing.jsonl');
    const r = await runCli(['combine', '--plan', plan, JSONL[0], JSONL[2], '--out', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`complan: ${plan}: the plan combines "gazetteer", "sloppy", which are not among the inputs (systems given: cautious, crf); name inputs with name=path\n`);
    expect(readdirSync(dir)).not.toContain('missing.jsonl');
  });

  it('reports bad plan files with exit 2 and the file name', async () => {
    const write = (name: string, text: string) => {
      writeFileSync(out(name), text);
      return out(name);
    };
    const cases: Array<[string, string]> = [
      [write('bad-json.json', '{\n  "schemaVersion": 1,\n  "kind": "complan-plan",\n  "rule": "vote"\n  "members": []\n}\n'), ':5: expected a JSON plan'],
      [write('bad-version.json', read(savePlan('v.json', { rule: 'vote', members: ['crf'] })).replace('"schemaVersion": 1', '"schemaVersion": 7')), 'unsupported schemaVersion 7'],
      [write('bad-rule.json', read(savePlan('r.json', { rule: 'vote', members: ['crf'] })).replace('"rule": "vote"', '"rule": "best"')), '"rule": unknown rule "best"'],
      [write('bad-kind.json', '{"schemaVersion": 1}\n'), 'not a complan plan'],
      [write('no-members.json', read(savePlan('m.json', { rule: 'vote', members: ['crf'] })).replace(/"members": \[[^\]]*\],/, '')), '"members" is missing'],
      [out('absent.json'), 'no such file'],
      [write('bad-objective.json', read(savePlan('o.json', { rule: 'vote', members: ['crf'] })).replace('"objective": "f1"', '"objective": "nonsense("')),
        '"objective": objective "nonsense(": unexpected end of expression at column 10'],
      // Types the gold lacks are the plan's fault (exit 2), not an option's.
      [savePlan('t.json', { rule: 'vote', members: ['crf'], types: ['NOPE'] }), '"types" NOPE: the gold standard has no item of this type; its types are LOC, MISC, ORG, PER'],
    ];
    for (const [path, message] of cases) {
      const r = await runCli(['combine', '--plan', path, '--gold', GOLD_CONLL, ...JSONL]);
      expect(r.code, path).toBe(2);
      expect(r.stderr.startsWith(`complan: ${path}`), r.stderr).toBe(true);
      expect(r.stderr).toContain(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });

  it('names plan --format json\'s report, given for a saved plan, as the report it is, and how to save a plan', async () => {
    const write = (name: string, text: string) => {
      writeFileSync(out(name), text);
      return out(name);
    };
    const report = await runCli(['plan', '--gold', GOLD_CONLL, ...CONLL, '--folds', '0', '--format', 'json']);
    expect(report.code, report.stderr).toBe(0);
    const path = write('report.json', report.stdout);
    const r = await runCli(['combine', '--plan', path, '--gold', GOLD_CONLL, ...CONLL, '--out', out('from-report.conll')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`complan: ${path}: not a complan plan: expected "kind": "complan-plan", got nothing; `
      + 'this is the JSON report of complan plan (--format json), not a plan: save one with complan plan --save-plan FILE\n');
    expect(existsSync(out('from-report.conll'))).toBe(false);
    // Any other object without a kind says only what it lacks.
    const other = await runCli(['combine', '--plan', write('settings-less.json', '{"settings": {"command": 7}}\n'), '--gold', GOLD_CONLL, ...CONLL]);
    expect(other.stderr).toMatch(/got nothing\n$/);
  });

  it('refuses --plan with --rule, --systems or --weights (usage error, exit 1)', async () => {
    const plan = savePlan('conflict.json', { rule: 'vote', members: ['crf', 'sloppy'] });
    const cases: Array<[string[], string]> = [
      [['--rule', 'union'], '--rule'],
      [['--rule', 'vote'], '--rule'],
      [['--systems', 'crf'], '--systems'],
      [['--weights', 'f1'], '--weights'],
      [['--rule', 'weighted', '--weights', 'f1'], '--rule, --weights'],
    ];
    for (const [args, names] of cases) {
      const r = await runCli(['combine', '--plan', plan, ...JSONL, ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toBe(`complan: --plan applies the plan's rule, weights and members; it cannot be combined with ${names}\n`);
    }
  });

  it('still needs a gold standard without --plan', async () => {
    const r = await runCli(['combine', ...JSONL, '--rule', 'vote']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is JSONL, which holds a system's items and no gold standard; pass --gold FILE");
  });
});

describe('combine --plan -', () => {
  it('is a usage error naming what works instead: standard input may hold a system\'s output', async () => {
    const r = await runCli(['combine', '--plan', '-', ...CONLL, '--out', out('stdin-plan.conll')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('complan: --plan -: a plan is read from a file, not from standard input (a pipe works as --plan /dev/stdin, or --plan <(cmd))\n');
    expect(existsSync(out('stdin-plan.conll'))).toBe(false);
  });
});
