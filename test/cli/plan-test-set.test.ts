/**
 * `complan plan` from development to test in one command: selection on the development
 * documents only, and every listed candidate, baseline and the recommendation also scored on a
 * test set, marked as not used for selection; then the two-step form (`--save-plan`, `combine
 * --plan` on the test outputs, `eval`) gives the same test figures. On examples/selection/helps,
 * split into even (development) and odd (test) documents in a temporary folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanResult } from '../../src/plan/types.js';
import { noteText } from '../../src/report/plan-notes.js';
import { evalJson, ROOT, runCli, system } from './helpers.js';

const SRC = join(ROOT, 'examples/selection/helps');
const NAMES = readdirSync(join(SRC, 'systems')).map((f) => f.replace(/\.conll$/, '')).sort();
const dir = mkdtempSync(join(tmpdir(), 'complan-plan-test-set-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The documents of a CoNLL file (each from its -DOCSTART- line) whose index `keep` accepts. */
function documents(text: string, keep: (d: number) => boolean): string {
  const docs = text.split(/(?=^-DOCSTART-)/m);
  return docs.filter((_, d) => keep(d)).join('');
}

const part = (name: 'dev' | 'test', file: string) => join(dir, name, file);

beforeAll(() => {
  for (const name of ['dev', 'test'] as const) {
    mkdirSync(join(dir, name, 'systems'), { recursive: true });
    const keep = (d: number) => (name === 'dev' ? d % 2 === 0 : d % 2 === 1);
    writeFileSync(part(name, 'gold.conll'), documents(readFileSync(join(SRC, 'gold.conll'), 'utf8'), keep));
    for (const s of NAMES) writeFileSync(part(name, `systems/${s}.conll`), documents(readFileSync(join(SRC, 'systems', `${s}.conll`), 'utf8'), keep));
  }
});

const dev = () => ['--gold', part('dev', 'gold.conll'), ...NAMES.map((s) => part('dev', `systems/${s}.conll`))];
const testArgs = () => ['--test-gold', part('test', 'gold.conll'), '--test', ...NAMES.map((s) => part('test', `systems/${s}.conll`))];

async function planJson(args: string[]): Promise<PlanResult> {
  // Fewer resamples than the default, for time, where a paired test runs (--folds 0 with no test set has none, and refuses them).
  const tests = !(args.includes('--folds') && args[args.indexOf('--folds') + 1] === '0') || args.includes('--test');
  const r = await runCli(['plan', ...args, '--format', 'json', ...(tests ? ['--samples', '300'] : [])]);
  if (r.code !== 0) throw new Error(`complan plan exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as PlanResult;
}

describe('complan plan --test-gold --test', () => {
  it('scores every candidate, baseline and the recommendation on the test set, which chooses nothing', async () => {
    const withTest = await planJson([...dev(), ...testArgs(), '--top', '5']);
    const without = await planJson([...dev(), '--top', '5']);
    // Selection is the same with and without the test set.
    expect(withTest.candidates.map((c) => [c.members, c.rule, c.actual])).toEqual(without.candidates.map((c) => [c.members, c.rule, c.actual]));
    expect(withTest.recommendation.members).toEqual(without.recommendation.members);
    expect(withTest.heldOut).toEqual(without.heldOut);
    expect(withTest.testSet).toMatchObject({ gold: part('test', 'gold.conll'), units: 'document', documents: 56 });
    for (const c of withTest.candidates) expect(c.test!.scores.tp + c.test!.scores.fn).toBe(withTest.testSet!.goldItems);
    for (const p of [withTest.selection, ...withTest.baselines]) expect(p.test!.objective).toBe(p.test!.scores.f);
    const rec = withTest.recommendation;
    expect(rec.test!.tests).toMatchObject({ on: 'test', units: 'document', samples: 300, reselected: false });
    expect(rec.test!.vsBaselines.map((v) => v.name)).toEqual(['best-single', 'majority-all', 'vote-all', 'caruana']);
    const vote = withTest.baselines.find((b) => b.name === 'vote-all')!;
    expect(rec.test!.vsBaselines.find((v) => v.name === 'vote-all')!.meanDiff).toBeCloseTo(rec.test!.objective - vote.test!.objective, 12);
    // Selection helps here, on the test documents too.
    expect(rec.test!.objective).toBeGreaterThan(vote.test!.objective + 0.02);
  });

  it('without --test-gold, takes the first test output\'s embedded gold as the test gold standard, and says so', async () => {
    const tests = NAMES.map((s) => part('test', `systems/${s}.conll`));
    const embedded = await planJson([...dev(), '--folds', '0', '--test', ...tests]);
    const given = await planJson([...dev(), '--folds', '0', ...testArgs()]);
    expect(embedded.testSet).toMatchObject({ gold: `${tests[0]} (embedded gold)`, documents: given.testSet!.documents, goldItems: given.testSet!.goldItems });
    expect(embedded.candidates.map((c) => c.test!.scores)).toEqual(given.candidates.map((c) => c.test!.scores));
    const text = await runCli(['plan', ...dev(), '--folds', '0', '--test', ...tests]);
    expect(text.stdout).toContain(`test: ${tests[0]} (embedded gold)`);
    // Test outputs with no gold column, and no --test-gold: nothing to score them against.
    const bare = part('test', 'bare.conll');
    writeFileSync(bare, readFileSync(tests[0], 'utf8').replace(/^(\S+) \S+ (\S+)$/gm, '$1 $2'));
    const none = await runCli(['plan', ...dev(), '--folds', '0', '--test', `${NAMES[0]}=${bare}`, ...tests.slice(1)]);
    expect(none.code, none.stderr).toBe(1);
    // Named as the test set's options, not the planning data's --gold.
    expect(none.stderr).toBe(`complan: no --test-gold given, and ${bare} has no embedded gold column (expected "token gold prediction" lines); pass --test-gold FILE\n`);
  });

  it('without held-out splits (--folds 0), still compares the recommendation with every other procedure on the test set', async () => {
    const r = await planJson([...dev(), ...testArgs(), '--folds', '0']);
    expect(r.heldOut).toBeUndefined();
    const rec = r.recommendation;
    expect(rec.test!.vsBaselines.map((v) => v.name)).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'].filter((n) => n !== rec.procedure));
    // Each difference is the two test scores' difference.
    const testOf = (name: string) => [r.selection, ...r.baselines].find((p) => p.name === name)!.test!.objective;
    for (const v of rec.test!.vsBaselines) expect(v.meanDiff).toBeCloseTo(testOf(rec.procedure) - testOf(v.name), 12);
  });

  it('says when a one-document test set is tested by sentence', async () => {
    mkdirSync(join(dir, 'one', 'systems'), { recursive: true });
    const oneDoc = (text: string) => text.split('\n').filter((l) => !l.startsWith('-DOCSTART-')).join('\n').replace(/\n{3,}/g, '\n\n').replace(/^\n+/, '');
    writeFileSync(join(dir, 'one', 'gold.conll'), oneDoc(readFileSync(part('test', 'gold.conll'), 'utf8')));
    for (const s of NAMES) writeFileSync(join(dir, 'one', 'systems', `${s}.conll`), oneDoc(readFileSync(part('test', `systems/${s}.conll`), 'utf8')));
    const r = await planJson([...dev(), '--test-gold', join(dir, 'one', 'gold.conll'), '--test', ...NAMES.map((s) => join(dir, 'one', 'systems', `${s}.conll`)), '--folds', '0']);
    expect(r.recommendation.test!.tests.units).toBe('sentence');
    const note = r.notes.find((n) => n.kind === 'test-by-sentence');
    expect(note).toBeDefined();
    expect(note).toMatchObject({ sentences: r.testSet!.sentences });
    // A test set of many documents has no such note.
    expect((await planJson([...dev(), ...testArgs(), '--folds', '0'])).notes.some((n) => n.kind === 'test-by-sentence')).toBe(false);
    // Its sentences are compared with the planning data's, as its one document matches none: a clean one shares none
    // (a sentence that recurs alone, as templates and bylines do, is no stretch of the planning text).
    expect(r.notes.some((n) => n.kind === 'test-set')).toBe(true);
    expect(r.testSet).toMatchObject({ planningDocuments: 0, planningSentences: 0 });
  });

  it('says when a test set without document markers holds planning sentences, whose test figures are in-sample', async () => {
    mkdirSync(join(dir, 'leak', 'systems'), { recursive: true });
    // The test part, then the first two development documents, all without -DOCSTART- lines: one document, which matches no planning document.
    const oneDoc = (text: string) => text.split('\n').filter((l) => !l.startsWith('-DOCSTART-')).join('\n').replace(/\n{3,}/g, '\n\n').replace(/^\n+/, '');
    const leak = (file: string) => oneDoc(readFileSync(part('test', file), 'utf8') + documents(readFileSync(part('dev', file), 'utf8'), (d) => d < 2));
    writeFileSync(join(dir, 'leak', 'gold.conll'), leak('gold.conll'));
    for (const s of NAMES) writeFileSync(join(dir, 'leak', 'systems', `${s}.conll`), leak(`systems/${s}.conll`));
    const args = [...dev(), '--test-gold', join(dir, 'leak', 'gold.conll'), '--test', ...NAMES.map((s) => join(dir, 'leak', 'systems', `${s}.conll`)), '--folds', '0'];
    const r = await planJson(args);
    const note = r.notes.find((n) => n.kind === 'test-shares-documents');
    expect(note).toMatchObject({ unit: 'sentence', of: r.testSet!.sentences });
    // The two documents' sentences of 10 tokens or more, each one found.
    const devSentences = documents(readFileSync(part('dev', 'gold.conll'), 'utf8'), (d) => d < 2).split(/\n\n+/)
      .map((s) => s.split('\n').filter((l) => l !== '' && !l.startsWith('-DOCSTART-')).length).filter((n) => n >= 10).length;
    expect(devSentences).toBeGreaterThan(0);
    expect(note).toMatchObject({ shared: devSentences });
    expect(r.testSet).toMatchObject({ planningDocuments: 0, planningSentences: devSentences });
    expect(r.notes.some((n) => n.kind === 'test-set')).toBe(false);
    // Never said to have taken no part in any choice.
    const text = await runCli(['plan', ...args]);
    expect(text.stdout).toContain(`partly in-sample: ${devSentences} of its ${r.testSet!.sentences} sentences are planning sentences, which took part in every choice`);
    expect(text.stdout).not.toMatch(/took no part in any choice|never used for selection|not used for (selection|any choice)|which chose nothing/);
  });

  it('says when the test set holds documents of the planning data, whose test figures are in-sample', async () => {
    mkdirSync(join(dir, 'mixed', 'systems'), { recursive: true });
    // The test part, then the first two development documents again.
    const mixed = (file: string) => readFileSync(part('test', file), 'utf8') + documents(readFileSync(part('dev', file), 'utf8'), (d) => d < 2);
    writeFileSync(join(dir, 'mixed', 'gold.conll'), mixed('gold.conll'));
    for (const s of NAMES) writeFileSync(join(dir, 'mixed', 'systems', `${s}.conll`), mixed(`systems/${s}.conll`));
    // Three development documents alone.
    mkdirSync(join(dir, 'devpart2', 'systems'), { recursive: true });
    const three = (file: string) => documents(readFileSync(part('dev', file), 'utf8'), (d) => d < 3);
    writeFileSync(join(dir, 'devpart2', 'gold.conll'), three('gold.conll'));
    for (const s of NAMES) writeFileSync(join(dir, 'devpart2', 'systems', `${s}.conll`), three(`systems/${s}.conll`));
    const r = await planJson([...dev(), '--test-gold', join(dir, 'mixed', 'gold.conll'), '--test', ...NAMES.map((s) => join(dir, 'mixed', 'systems', `${s}.conll`)), '--folds', '0']);
    expect(r.notes.find((n) => n.kind === 'test-shares-documents')).toMatchObject({ shared: 2, of: r.testSet!.documents });
    // It is then not said to have taken no part in any choice: the figures say they are partly in-sample.
    expect(r.notes.some((n) => n.kind === 'test-set')).toBe(false);
    const text = await runCli(['plan', ...dev(), '--test-gold', join(dir, 'mixed', 'gold.conll'), '--test', ...NAMES.map((s) => join(dir, 'mixed', 'systems', `${s}.conll`)), '--folds', '0']);
    // In JSON, on the test set itself.
    expect(r.testSet!.planningDocuments).toBe(2);
    const partly = `partly in-sample: 2 of its ${r.testSet!.documents} documents are planning documents, which took part in every choice`;
    expect(text.stdout).toContain(`(${partly})`);
    expect(text.stdout).toContain(`test: on ${join(dir, 'mixed', 'gold.conll')}, ${partly}.`);
    expect(text.stdout).toContain(`(${r.testSet!.documents} documents, ${r.testSet!.goldItems} gold items), ${partly}`);
    // The paired comparisons on the test set say so in their title too.
    expect(text.stdout).toContain(`against each baseline, on the test set, ${partly} (paired over`);
    // Documents that chose the plan were used for selection: the test set is never said not to have been.
    expect(text.stdout).not.toMatch(/took no part in any choice|never used for selection|not used for (selection|any choice)|which chose nothing/);
    // The HTML report's summary says so too.
    const html = await runCli(['report', '--html', '-', ...dev(), '--test-gold', join(dir, 'mixed', 'gold.conll'), '--test', ...NAMES.map((s) => join(dir, 'mixed', 'systems', `${s}.conll`)), '--folds', '0']);
    expect(html.stdout).toContain(`, ${partly}: `);
    expect(html.stdout).not.toMatch(/not used for selection|which chose nothing/);
    // A test set of planning documents only is in-sample, and tests nothing: it says so.
    const inside = await runCli(['plan', ...dev(), '--test-gold', join(dir, 'devpart2', 'gold.conll'), '--test', ...NAMES.map((s) => join(dir, 'devpart2', 'systems', `${s}.conll`)), '--folds', '0']);
    expect(inside.stdout).toContain('(in-sample: every one of its 3 documents is a planning document, so it is no test)');
    expect(inside.stdout).toContain('the test figures are in-sample, no test at all');
    // The CSV, one table of figures, says so on standard error: its test_objective column is partly in-sample.
    const csv = await runCli(['plan', ...dev(), '--test-gold', join(dir, 'mixed', 'gold.conll'), '--test', ...NAMES.map((s) => join(dir, 'mixed', 'systems', `${s}.conll`)), '--folds', '0', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stderr).toContain(`complan: note: ${noteText(r.notes.find((n) => n.kind === 'test-shares-documents')!)}\n`);
    expect(csv.stderr).toMatch(/partly in-sample, not a clean test/);
    // A test set apart from the planning data has no such note.
    const apart = await planJson([...dev(), ...testArgs(), '--folds', '0']);
    expect(apart.notes.some((n) => n.kind === 'test-shares-documents')).toBe(false);
    expect(apart.notes.some((n) => n.kind === 'test-set')).toBe(true);
    expect(apart.testSet!.planningDocuments).toBe(0);
  });

  it('marks test figures as not used for selection in the table', async () => {
    const r = await runCli(['plan', ...dev(), ...testArgs(), '--top', '3', '--samples', '200']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`test: ${part('test', 'gold.conll').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(56 documents, [0-9]+ gold items\\), never used for selection\\.`));
    expect(r.stdout).toMatch(/#\s+members\s+rule\s+size\s+pred F1\s+F1\s+SER\s+K\s+gap\s+gain\s+test F1\n/);
    expect(r.stdout).toMatch(/procedure\s+chose\s+rule\s+in-sample\s+held-out\s+± sd\s+pooled\s+optimism\s+test\n/);
    expect(r.stdout).toContain('against each baseline, on the test set (paired over 56 documents;');
    expect(r.stdout).toMatch(/; test \d+\.\d\d \(not used for selection\)\n/);
  });

  it('gives what the two-step form gives: --save-plan, combine --plan on the test outputs, eval', async () => {
    const doc = await planJson([...dev(), ...testArgs(), '--save-plan', join(dir, 'rec.json'), '--top', '3']);
    const out = join(dir, 'rec-test.conll');
    const c = await runCli(['combine', '--plan', join(dir, 'rec.json'), '--gold', part('test', 'gold.conll'), ...NAMES.map((s) => part('test', `systems/${s}.conll`)), '--out', out]);
    expect(c.code, c.stderr).toBe(0);
    const e = system(await evalJson(['--gold', part('test', 'gold.conll'), `rec=${out}`]), 'rec');
    const t = doc.recommendation.test!.scores;
    expect([e.tp, e.fp, e.fn]).toEqual([t.tp, t.fp, t.fn]);
    // The top candidate likewise.
    await planJson([...dev(), '--save-plan', join(dir, 'top.json'), '--save-plan-choice', 'top', '--top', '1']);
    const top = join(dir, 'top-test.conll');
    expect((await runCli(['combine', '--plan', join(dir, 'top.json'), '--gold', part('test', 'gold.conll'), ...NAMES.map((s) => part('test', `systems/${s}.conll`)), '--out', top])).code).toBe(0);
    const et = system(await evalJson(['--gold', part('test', 'gold.conll'), `top=${top}`]), 'top');
    const tt = doc.candidates[0].test!.scores;
    expect([et.tp, et.fp, et.fn]).toEqual([tt.tp, tt.fp, tt.fn]);
  });

  it('combine --plan on another gold standard says how many of its documents chose the plan: none, some or all', async () => {
    const plan = join(dir, 'docs.json');
    await planJson([...dev(), '--save-plan', plan, '--save-plan-choice', 'top', '--top', '1', '--folds', '0']);
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as { chosenOn: { planned: number; documents: string[] } };
    // Every development document has ten tokens or more: each is recorded.
    expect(saved.chosenOn.documents).toHaveLength(saved.chosenOn.planned);
    const note = async (gold: string, systems: (s: string) => string) => {
      const r = await runCli(['combine', '--plan', plan, '--gold', gold, ...NAMES.map(systems), '--out', join(dir, 'docs-out.conll')]);
      expect(r.code, r.stderr).toBe(0);
      return r.stderr.split('\n').find((l) => /in-sample/.test(l));
    };
    // The test half: none of its documents chose the plan.
    expect(await note(part('test', 'gold.conll'), (s) => part('test', `systems/${s}.conll`)))
      .toBe('complan: the plan was chosen on another gold standard, which has none of this one\'s 56 documents (of 10 tokens or more): this score is not in-sample');
    // The whole example: half of its documents did.
    expect(await note(join(SRC, 'gold.conll'), (s) => join(SRC, 'systems', `${s}.conll`)))
      .toBe('complan: partly in-sample: 56 of this gold standard\'s 112 documents (of 10 tokens or more) are documents the plan was chosen on, so this score may flatter the plan');
    // A part of the development documents: all of them did.
    mkdirSync(join(dir, 'devpart', 'systems'), { recursive: true });
    const few = (d: number) => d < 10;
    writeFileSync(join(dir, 'devpart', 'gold.conll'), documents(readFileSync(part('dev', 'gold.conll'), 'utf8'), few));
    for (const s of NAMES) writeFileSync(join(dir, 'devpart', 'systems', `${s}.conll`), documents(readFileSync(part('dev', `systems/${s}.conll`), 'utf8'), few));
    expect(await note(join(dir, 'devpart', 'gold.conll'), (s) => join(dir, 'devpart', 'systems', `${s}.conll`)))
      .toBe('complan: in-sample: the plan was chosen on another gold standard that holds every one of this one\'s 10 documents (of 10 tokens or more), so this score may flatter the plan');
    // The same without document markers: one document, which no planning document matches, so its sentences are compared.
    const flat = (text: string) => text.split('\n').filter((l) => !l.startsWith('-DOCSTART-')).join('\n').replace(/\n{3,}/g, '\n\n').replace(/^\n+/, '');
    const flatten = (from: string, to: string) => {
      mkdirSync(join(dir, to, 'systems'), { recursive: true });
      writeFileSync(join(dir, to, 'gold.conll'), flat(readFileSync(join(from, 'gold.conll'), 'utf8')));
      for (const s of NAMES) writeFileSync(join(dir, to, 'systems', `${s}.conll`), flat(readFileSync(join(from, 'systems', `${s}.conll`), 'utf8')));
      return [join(dir, to, 'gold.conll'), (s: string) => join(dir, to, 'systems', `${s}.conll`)] as const;
    };
    const long = (text: string) => text.split(/\n\n+/).map((b) => b.split('\n').filter((l) => l !== '' && !l.startsWith('-DOCSTART-')).length).filter((n) => n >= 10).length;
    const devCount = long(readFileSync(join(dir, 'devpart', 'gold.conll'), 'utf8'));
    expect(await note(...flatten(join(dir, 'devpart'), 'devflat')))
      .toBe(`complan: in-sample: the plan was chosen on another gold standard that holds every one of this one's ${devCount} sentences (of 10 tokens or more), so this score may flatter the plan`);
    // The test half without markers: none of its sentences chose the plan.
    const testCount = long(readFileSync(part('test', 'gold.conll'), 'utf8'));
    expect(await note(...flatten(dirname(part('test', 'gold.conll')), 'testflat')))
      .toBe(`complan: the plan was chosen on another gold standard, which has none of this one's ${testCount} sentences (of 10 tokens or more): this score is not in-sample`);
    // A plan saved without sentence keys can only say that one document matches none of its documents.
    const older = JSON.parse(readFileSync(plan, 'utf8')) as { chosenOn: { sentences?: string[] } };
    delete older.chosenOn.sentences;
    writeFileSync(join(dir, 'older.json'), JSON.stringify(older));
    const r = await runCli(['combine', '--plan', join(dir, 'older.json'), '--gold', join(dir, 'devflat', 'gold.conll'), ...NAMES.map((s) => join(dir, 'devflat', 'systems', `${s}.conll`)), '--out', join(dir, 'docs-out.conll')]);
    expect(r.stderr).toContain('complan: the plan was chosen on another gold standard, whose documents this one, a single document (no document markers), cannot match: this score is not in-sample only if it holds none of their text\n');
  });

  it('takes NAME=PATH, and refuses a test set missing a planned system or naming another', async () => {
    const named = await planJson([...dev(), '--test-gold', part('test', 'gold.conll'), '--test', ...NAMES.map((s) => `${s}=${part('test', `systems/${s}.conll`)}`), '--top', '1', '--folds', '0']);
    expect(named.candidates[0].test).toBeDefined();
    const missing = await runCli(['plan', ...dev(), '--test-gold', part('test', 'gold.conll'), '--test', ...NAMES.slice(1).map((s) => part('test', `systems/${s}.conll`))]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`--test: has no output of "${NAMES[0]}"`);
    const extra = await runCli(['plan', ...dev(), '--test-gold', part('test', 'gold.conll'), '--test', ...NAMES.map((s) => part('test', `systems/${s}.conll`)), `other=${part('test', `systems/${NAMES[0]}.conll`)}`]);
    expect(extra.code).toBe(1);
    expect(extra.stderr).toContain('--test: "other" is not among the planned systems');
    // Systems given after --test go to it: the message says so.
    const eaten = await runCli(['plan', '--gold', part('dev', 'gold.conll'), '--test', ...NAMES.map((n) => part('dev', `systems/${n}.conll`))]);
    expect(eaten.code).toBe(1);
    expect(eaten.stderr).toMatch(/^complan: no system files given: --test took every path after it \(.+\); give the planning systems first and --test last/);
    const noTest = await runCli(['plan', ...dev(), '--test-gold', part('test', 'gold.conll')]);
    expect(noTest.code).toBe(1);
    expect(noTest.stderr).toContain('--test-gold needs --test');
    for (const r of [missing, noTest]) expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // "other" is the same file as a planned system's test output, which is warned of besides.
    expect(extra.stderr.trim().split('\n').filter((l) => !l.startsWith('complan: warning:'))).toHaveLength(1);
  });
});

describe('a missing file of the test set', () => {
  it('is named before any input is read, by plan and by report (nothing of the planning data is read first)', async () => {
    const missingGold = join(dir, 'test', 'no-such-gold.conll');
    const missingSystem = join(dir, 'test', 'systems', 'no-such.conll');
    for (const command of ['plan', 'report']) {
      const out = command === 'report' ? ['--html', join(dir, `never-${command}.html`)] : [];
      const gold = await runCli([command, '--progress', ...out, ...dev(), '--test-gold', missingGold, '--test', ...NAMES.map((s) => part('test', `systems/${s}.conll`))]);
      expect(gold.stderr, command).toBe(`complan: ${missingGold}: no such file or directory\n`);
      expect(gold.code).toBe(2);
      const sys = await runCli([command, '--progress', ...out, ...dev(), '--test-gold', part('test', 'gold.conll'), '--test', part('test', `systems/${NAMES[0]}.conll`), missingSystem]);
      expect(sys.stderr, command).toBe(`complan: ${missingSystem}: no such file or directory\n`);
      expect(sys.code).toBe(2);
    }
    expect(readdirSync(dir).filter((f) => f.startsWith('never-'))).toEqual([]);
  });
});
