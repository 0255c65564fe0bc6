/**
 * `plan --brief` (what `npm start` runs): a short, explained first screen that ends with the
 * commands to run next — and those commands work as printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invokedAs, planNextSteps, systemsArgument } from '../../cli/next-steps.js';
import type { Io } from '../../cli/io.js';
import { run } from '../../cli/program.js';
import { ROOT, runCli } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const SYSTEMS = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'].map((s) => join(NEWS, 'systems', `${s}.conll`));

describe('systemsArgument', () => {
  it('is a glob when the files are every file of one extension in one folder, else the list', () => {
    expect(systemsArgument(SYSTEMS)).toBe(`${join(NEWS, 'systems')}/*.conll`);
    expect(systemsArgument(SYSTEMS.slice(0, 2))).toBe(SYSTEMS.slice(0, 2).join(' '));
    expect(systemsArgument(['a=x.conll', "it's.conll"])).toBe("a=x.conll 'it'\\''s.conll'");
  });
});

/** The commands of a next-steps block, each on one line: comments dropped, continued lines joined. */
function joinedCommands(block: string): string[] {
  return block.replace(/ \\\n +/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('complan '));
}

describe('the next steps of a long command line', () => {
  it('wrap at the width with backslash continuations that a shell joins back into the command', () => {
    const many = Array.from({ length: 12 }, (_, k) => `outputs/system-number-${k}.conll`);
    const lines = planNextSteps('gold.conll', many, 80);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
    const commands = joinedCommands(lines.join('\n'));
    expect(commands).toHaveLength(4);
    expect(commands[0]).toBe(`complan plan --brief --gold gold.conll ${many.join(' ')} --save-plan plan.json`);
    const first = lines.slice(1, lines.findIndex((l, i) => i > 0 && l.startsWith('  #')));
    expect(first.length).toBeGreaterThan(2);
    const echoed = spawnSync('bash', ['-c', first.join('\n').replace(/complan/g, 'echo')], { encoding: 'utf8' });
    expect(echoed.stdout.trim()).toBe(`plan --brief --gold gold.conll ${many.join(' ')} --save-plan plan.json`);
  });

  it('wrap their comments to the width too, each line a comment, when a saved plan or a test set makes them long', () => {
    const given = [{ flag: '--brief' }, { flag: '--save-plan', value: '/tmp/plans/conll03-top-candidate.json' }, { flag: '--save-plan-choice', value: 'top' },
      { flag: '--test-gold', value: 'test/gold.conll' }, { flag: '--test', value: 'test/a.conll' }, { flag: '--test', value: 'test/b.conll' }];
    const lines = planNextSteps('dev/gold.conll', ['dev/a.conll', 'dev/b.conll'], 80, given);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
    // The apply step's comment, over several lines, says what it said on one.
    const comment = lines.slice(0, lines.findIndex((l) => !l.startsWith('  # '))).map((l) => l.slice(4)).join(' ');
    expect(comment).toBe("apply the top candidate (--save-plan-choice top), not the recommendation, saved to /tmp/plans/conll03-top-candidate.json: write the ensemble's output from the test outputs and score it on the test set");
    // Pasted into a shell, the comments run nothing and the command runs whole.
    const echoed = spawnSync('bash', ['-c', lines.slice(0, lines.findIndex((l) => l.includes('# explore'))).join('\n').replace(/complan/g, 'echo')], { encoding: 'utf8' });
    expect(echoed.stdout.trim()).toBe('combine --plan /tmp/plans/conll03-top-candidate.json --gold test/gold.conll test/a.conll test/b.conll --out ensemble.conll');
  });
});

describe('the next steps of systems in the current folder', () => {
  it('write the ensemble to the folder above, where the systems\' glob cannot take it for a system next time', () => {
    const lines = planNextSteps('../gold.conll', ['a.conll', 'b.conll'], 100);
    const commands = joinedCommands(lines.join('\n'));
    expect(commands[1]).toMatch(/ --out \.\.\/ensemble\.conll$/);
    expect(lines).toContain('  # to the folder above: here *.conll would take it for a system next time');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(100);
    // Elsewhere, or of another extension than the output's, the ensemble is written here.
    expect(joinedCommands(planNextSteps('gold.conll', ['out/a.conll', 'out/b.conll']).join('\n'))[1]).toMatch(/ --out ensemble\.conll$/);
    expect(joinedCommands(planNextSteps('gold.conll', ['a.txt', 'b.txt']).join('\n'))[1]).toMatch(/ --out ensemble\.conll$/);
    // Some systems of the output's extension here (`*.conll *.jsonl`): the ensemble (JSONL) would be one of them next time.
    const mixed = planNextSteps('gold.conll', ['a.conll', 'b.conll', 'c.jsonl'], 100);
    expect(joinedCommands(mixed.join('\n'))[1]).toMatch(/ --out \.\.\/ensemble\.jsonl$/);
    expect(mixed).toContain('  # to the folder above: here *.jsonl would take it for a system next time');
  });
});

describe('the next steps with a test set', () => {
  it('apply the plan to the test outputs against the test gold standard, which then scores it', () => {
    const given = [{ flag: '--brief' }, { flag: '--test-gold', value: 'test/gold.conll' }, { flag: '--test', value: 'test/a.conll' }, { flag: '--test', value: 'test/b.conll' }];
    const lines = planNextSteps('dev/gold.conll', ['dev/a.conll', 'dev/b.conll'], 300, given);
    const commands = joinedCommands(lines.join('\n'));
    expect(commands[1]).toBe('complan combine --plan plan.json --gold test/gold.conll test/a.conll test/b.conll --out ensemble.conll');
    expect(lines).toContain('  # apply it to the test outputs: write the ensemble\'s output and score it on the test set');
    // The plan saved keeps the test set, as the plan shown had it.
    expect(commands[0]).toContain('--test-gold=test/gold.conll --test=test/a.conll --test=test/b.conll');
  });
});

describe('the next steps\' TUI', () => {
  it('scores with the plan\'s metric options (--beta, --types, --zero-division, --k-alpha), which it takes too, and not its search options', () => {
    const given = [{ flag: '--brief' }, { flag: '--beta', value: '2' }, { flag: '--types', value: 'PER,LOC' }, { flag: '--zero-division', value: 'zero' },
      { flag: '--k-alpha', value: '2' }, { flag: '--budget', value: '3' }, { flag: '--input-format', value: 'conll' }];
    const tui = joinedCommands(planNextSteps('gold.conll', ['o/a.conll', 'o/b.conll'], 300, given, new Set(['--input-format'])).join('\n'))[2];
    expect(tui).toBe('complan tui --beta=2 --types=PER,LOC --zero-division=zero --k-alpha=2 --input-format=conll --gold gold.conll o/a.conll o/b.conll');
  });
});

describe('plan --brief', () => {
  it('explains the columns, shows candidates, choices and the recommendation, and ends with what to run next', async () => {
    const r = await runCli(['plan', '--brief', '--top', '3', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS]);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/How to read it: each candidate is a set of systems combined by a rule/);
    expect(out.indexOf('How to read it')).toBeLessThan(out.indexOf('Candidates ('));
    expect(out).toContain('The search\'s choice and the baselines');
    expect(out).toMatch(/^Recommendation \(/m);
    for (const gone of ['Greedy path', 'Rank agreement', 'Prediction quality', 'Held-out splits']) expect(out).not.toContain(gone);
    const next = out.split('Next:\n')[1];
    expect(next).toBeDefined();
    // The last thing on the screen is what to run next: the settings line comes before it.
    expect(out.indexOf('\nsettings: ')).toBeGreaterThan(0);
    expect(out.indexOf('\nsettings: ')).toBeLessThan(out.indexOf('Next:\n'));
    // Each step is a shell comment, then its command (lines continued with a backslash): the
    // block pastes into a shell as it is.
    const last = out.trimEnd().split('\n');
    expect([...last].reverse().find((l) => l.startsWith('  # '))).toBe('  # the full report: greedy path, prediction quality, splits, paired tests');
    const commands = joinedCommands(next);
    // The plan's own options go with the plan commands (so the plan saved is the one shown).
    expect(commands).toContain(`complan plan --brief --top=3 --gold ${join(NEWS, 'gold.conll')} ${join(NEWS, 'systems')}/*.conll --save-plan plan.json`);
    expect(commands.some((c) => c.startsWith('complan combine --plan plan.json'))).toBe(true);
    expect(commands.some((c) => c.startsWith('complan tui --gold'))).toBe(true);
    expect(commands.at(-1)).toBe(`complan plan --top=3 --gold ${join(NEWS, 'gold.conll')} ${join(NEWS, 'systems')}/*.conll`);
    // The commands quote the example's absolute paths, as long as the checkout's path: measured as if relative.
    const width = (l: string) => [...l.split(`${ROOT}/`).join('')].length;
    expect(Math.max(...out.split('\n').filter((l) => !l.startsWith('settings:')).map(width))).toBeLessThanOrEqual(120);
  });

  it('shows the bootstrap asked for, which it would otherwise run and not show', async () => {
    const r = await runCli(['plan', '--brief', '--top', '1', '--folds', '0', '--bootstrap', '20', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Bootstrap of the procedures \(20 resamples of the documents, seed 1\)/m);
    expect(r.stdout).toMatch(/^vote-all against each other procedure, out of bootstrap/m);
    expect(r.stdout.indexOf('Bootstrap of the procedures')).toBeLessThan(r.stdout.indexOf('Recommendation ('));
    // Without held-out splits the reason says which way the bootstrap leans.
    expect(r.stdout).toContain('Out of bootstrap (20 resamples, every choice made again in each), a check and not a choice,');
  });

  it('fits an 80-column terminal: its tables narrow their members and list the shortened ones in full', async () => {
    let out = '';
    const io: Io = { stdout: (t) => { out += t; }, stderr: () => {}, isTTY: false, columns: 80, env: {} };
    const code = await run(['plan', '--brief', '--top', '3', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS], io);
    expect(code).toBe(0);
    // Every line but the settings and the commands to copy, which stay whole.
    const lines = out.split('\n').filter((l) => !l.startsWith('settings:') && !l.startsWith('  complan '));
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(80);
    expect(out).toMatch(/^procedure {5}chose {2,}rule/m);
    // Where even "all 5 systems" would not fit beside every figure, the ± sd column gives way, and says so.
    expect(out).toMatch(/^procedure {5}chose {2,}rule {2,}in-sample {2}held-out {2}pooled {2}optimism$/m);
    expect(out).toContain('± sd left out to fit the width (--format json has it).');
    expect(out).toMatch(/^Chosen in full:\n {2}selection: vote of 3: confuser, crf, gazetteer$/m);
    expect(out).toMatch(/^ {2}caruana: weighted of 5: cautious, confuser×2, crf, gazetteer×2, sloppy$/m);
  });

  it('prints next commands that run as printed (save the plan, then apply it)', () => {
    const bin = join(ROOT, 'dist/cli/main.js');
    expect(existsSync(bin), 'npm run build makes dist/cli/main.js').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'complan-next-'));
    const steps = joinedCommands(planNextSteps(join(NEWS, 'gold.conll'), SYSTEMS).join('\n'));
    for (const step of steps.slice(0, 2)) {
      const r = spawnSync('bash', ['-c', step.replace(/^complan /, `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} `)], { cwd: dir, encoding: 'utf8' });
      expect(r.status, `${step}\n${r.stderr}`).toBe(0);
    }
    expect(existsSync(join(dir, 'plan.json'))).toBe(true);
    expect(existsSync(join(dir, 'ensemble.conll'))).toBe(true);
  });

  it('name the output .jsonl when the saved ensemble\'s spans overlap, and that step runs as printed', async () => {
    // The top union of the news systems overlaps: combine refuses a .conll name for it.
    const dir = mkdtempSync(join(tmpdir(), 'complan-next-union-'));
    const saved = join(dir, 'top.json');
    const r = await runCli(['plan', '--brief', '--rules', 'union', '--save-plan', saved, '--save-plan-choice', 'top', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS]);
    expect(r.code, r.stderr).toBe(0);
    const apply = joinedCommands(r.stdout.split('Next:\n')[1]).find((c) => c.includes(' combine '))!;
    expect(apply).toMatch(/ --out ensemble\.jsonl$/);
    const bin = join(ROOT, 'dist/cli/main.js');
    const run = spawnSync('bash', ['-c', apply.replace(/^(complan|node \S+) /, `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} `)], { cwd: dir, encoding: 'utf8' });
    expect(run.status, `${apply}\n${run.stderr}`).toBe(0);
    expect(readFileSync(join(dir, 'ensemble.jsonl'), 'utf8').startsWith('{')).toBe(true);
    // Of the same systems, a vote (no overlaps) stays CoNLL.
    expect(joinedCommands(planNextSteps('gold.conll', SYSTEMS, 300, [{ flag: '--brief' }], new Set(), ['complan'], false).join('\n'))[1]).toMatch(/ --out ensemble\.conll$/);
    expect(joinedCommands(planNextSteps('gold.conll', SYSTEMS, 300, [{ flag: '--brief' }], new Set(), ['complan'], true).join('\n'))[1]).toMatch(/ --out ensemble\.jsonl$/);
  });

  it('name the output .jsonl when the systems are BRAT directories (text without tokens), and those steps run as printed', async () => {
    // CoNLL cannot hold spans of texts without tokens: combine refuses a .conll name for them.
    const dir = mkdtempSync(join(tmpdir(), 'complan-next-brat-'));
    const text = { d1: 'Ann came on Monday for two days.\n', d2: 'The shop opens at 9 a.m. daily.\n' };
    const ann: Record<string, Record<string, string>> = {
      gold: { d1: 'T1\tDATE 12 18\tMonday\nT2\tDURATION 23 31\ttwo days\n', d2: 'T1\tTIME 18 24\t9 a.m.\nT2\tSET 25 30\tdaily\n' },
      a: { d1: 'T1\tDATE 12 18\tMonday\n', d2: 'T1\tTIME 18 24\t9 a.m.\nT2\tSET 25 30\tdaily\n' },
      b: { d1: 'T1\tDATE 12 18\tMonday\nT2\tDATE 23 31\ttwo days\n', d2: 'T1\tTIME 18 24\t9 a.m.\n' },
      c: { d1: 'T1\tDURATION 23 31\ttwo days\n', d2: 'T1\tSET 25 30\tdaily\n' },
    };
    for (const [name, docs] of Object.entries(ann)) {
      mkdirSync(join(dir, name));
      for (const [doc, a] of Object.entries(docs)) {
        writeFileSync(join(dir, name, `${doc}.txt`), text[doc as keyof typeof text]);
        writeFileSync(join(dir, name, `${doc}.ann`), a);
      }
    }
    const systems = ['a', 'b', 'c'].map((n) => join(dir, n));
    const r = await runCli(['plan', '--brief', '--folds', '0', '--gold', join(dir, 'gold'), ...systems]);
    expect(r.code, r.stderr).toBe(0);
    const steps = joinedCommands(r.stdout.split('Next:\n')[1]);
    expect(steps[1]).toMatch(/ combine .* --out ensemble\.jsonl$/);
    const bin = join(ROOT, 'dist/cli/main.js');
    for (const step of steps.slice(0, 2)) {
      const run = spawnSync('bash', ['-c', step.replace(/^(complan|node \S+) /, `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} `)], { cwd: dir, encoding: 'utf8' });
      expect(run.status, `${step}\n${run.stderr}`).toBe(0);
    }
    expect(readFileSync(join(dir, 'ensemble.jsonl'), 'utf8').startsWith('{')).toBe(true);
  });

  it('start with the command as the user ran it: complan installed, else node and the script', () => {
    expect(invokedAs('/usr/local/bin/complan', '/home/u')).toEqual(['complan']);
    expect(invokedAs(undefined, '/home/u')).toEqual(['complan']);
    expect(invokedAs('/repo/dist/cli/main.js', '/repo')).toEqual(['node', 'dist/cli/main.js']);
    expect(invokedAs('/repo/dist/cli/main.js', '/elsewhere')).toEqual(['node', '/repo/dist/cli/main.js']);
    expect(invokedAs('/my repo/dist/cli/main.js', '/tmp')).toEqual(['node', "'/my repo/dist/cli/main.js'"]);
    const commands = planNextSteps('g.conll', ['a.conll', 'b.conll'], 200, undefined, undefined, ['node', 'dist/cli/main.js']).filter((l) => !l.startsWith('  #'));
    expect(commands).toHaveLength(4);
    for (const line of commands) expect(line.startsWith('  node dist/cli/main.js ')).toBe(true);
  });

  it('says what the save step saves: the top candidate under --save-plan-choice top', () => {
    expect(planNextSteps('g.conll', SYSTEMS, 200)[0]).toBe('  # save the recommendation');
    const top = planNextSteps('g.conll', SYSTEMS, 200, [{ flag: '--brief' }, { flag: '--save-plan-choice', value: 'top' }]);
    expect(top[0]).toBe('  # save the top candidate (--save-plan-choice top), not the recommendation');
    expect(top[1]).toContain('--save-plan-choice=top');
  });

  it('apply a plan this run saved from where it was saved, without saving it again', () => {
    const saved = planNextSteps('g.conll', SYSTEMS, 200, [{ flag: '--brief' }, { flag: '--save-plan', value: 'my plans/top.json' }, { flag: '--save-plan-choice', value: 'top' }]);
    expect(saved.some((l) => l.includes('# save'))).toBe(false);
    expect(saved[0]).toBe("  # apply the top candidate (--save-plan-choice top), not the recommendation, saved to my plans/top.json: write the ensemble's output, from these or new outputs");
    expect(saved[1]).toMatch(/^ {2}complan combine --plan 'my plans\/top\.json' .* --out ensemble\.conll$/);
    // The full report is still offered, without the file options.
    expect(joinedCommands(saved.join('\n'))).toHaveLength(3);
    expect(joinedCommands(saved.join('\n'))[2]).not.toContain('--save-plan');
    // Without folds the full report has no splits and no paired tests, and does not promise them.
    expect(planNextSteps('g.conll', SYSTEMS, 200).at(-2)).toBe('  # the full report: greedy path, prediction quality, splits, paired tests');
    expect(planNextSteps('g.conll', SYSTEMS, 200, [{ flag: '--brief' }, { flag: '--folds', value: '0' }]).at(-2)).toBe('  # the full report: greedy path, prediction quality');
    // JSONL outputs suggest a JSONL ensemble.
    expect(planNextSteps('g.jsonl', ['o/a.jsonl', 'o/b.jsonl'], 200).find((l) => l.includes(' combine '))).toMatch(/--out ensemble\.jsonl$/);
    // …written above when the outputs are here, as *.jsonl would take it next time.
    expect(planNextSteps('g.jsonl', ['a.jsonl', 'b.jsonl'], 200).find((l) => l.includes(' combine '))).toMatch(/--out \.\.\/ensemble\.jsonl$/);
  });

  it('saves the plan it shows: the next steps repeat the options that chose it, and combine and the TUI read the files as it did', async () => {
    const bin = join(ROOT, 'dist/cli/main.js');
    const gold = join(NEWS, 'gold.conll');
    // Under --budget 3 the recommendation is three systems; without it, all five.
    const args = ['plan', '--brief', '--budget', '3', '--rules', 'union,vote', '--objective', '2*p*r/(p+r)', '--input-format', 'conll', '--svg', 'x.svg', '--gold', gold, ...SYSTEMS];
    const dir = mkdtempSync(join(tmpdir(), 'complan-next-'));
    let out = '';
    const io: Io = { stdout: (t) => { out += t; }, stderr: () => {}, isTTY: false, columns: 200, env: {} };
    expect(await run(args.map((a) => (a === 'x.svg' ? join(dir, 'x.svg') : a)), io)).toBe(0);
    const shown = /^Recommendation \([^)]*\): (.*)$/m.exec(out)?.[1];
    expect(shown).toBe('vote(confuser+crf+gazetteer)');
    const steps = joinedCommands(out.split('Next:\n')[1]);
    expect(steps[0]).toBe(`complan plan --brief --budget=3 --rules=union,vote '--objective=2*p*r/(p+r)' --input-format=conll --gold ${gold} ${join(NEWS, 'systems')}/*.conll --save-plan plan.json`);
    expect(steps[1]).toBe(`complan combine --plan plan.json --input-format=conll ${join(NEWS, 'systems')}/*.conll --out ensemble.conll`);
    expect(steps[2]).toBe(`complan tui --input-format=conll --gold ${gold} ${join(NEWS, 'systems')}/*.conll`);
    expect(steps[3]).toBe(`complan plan --budget=3 --rules=union,vote '--objective=2*p*r/(p+r)' --input-format=conll --gold ${gold} ${join(NEWS, 'systems')}/*.conll`);
    for (const step of steps.slice(0, 2)) {
      const r = spawnSync('bash', ['-c', step.replace(/^complan /, `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} `)], { cwd: dir, encoding: 'utf8' });
      expect(r.status, `${step}\n${r.stderr}`).toBe(0);
    }
    const saved = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as { rule: string; members: string[] };
    expect(`${saved.rule}(${saved.members.join('+')})`).toBe(shown);
  });
});
