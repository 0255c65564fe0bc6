/**
 * `complan completion bash|zsh|fish`: the scripts complete the program's own commands, options
 * and choices. Bash is driven for real; zsh and fish are checked (syntax, loading, and fish's own
 * completer) where those shells are installed, and say so in one line when they are not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionSpec } from '../../cli/completion.js';
import { buildProgram } from '../../cli/program.js';
import { runCli } from './helpers.js';

const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

async function script(shell: string): Promise<string> {
  const r = await runCli(['completion', shell]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** What bash's completion offers for `line` (the word being completed is its last, maybe empty). */
function bashComplete(source: string, line: string, cwd?: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'complan-completion-'));
  const file = join(dir, 'complan.bash');
  writeFileSync(file, source);
  const words = line.split(' ');
  const program = [
    `source ${JSON.stringify(file)}`,
    `COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    '_complan',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const r = spawnSync('bash', ['-c', program], { encoding: 'utf8', cwd });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter((w) => w !== '').sort();
}

describe('the completion spec', () => {
  it('has every command, and every option of each with its choices', () => {
    const spec = completionSpec(buildProgram({ stdout: () => {}, stderr: () => {}, isTTY: false, env: {} }));
    expect(spec.map((c) => c.name)).toEqual(['eval', 'compare', 'plan', 'combine', 'ablate', 'report', 'tui', 'completion']);
    const plan = spec.find((c) => c.name === 'plan')!;
    expect(plan.options.find((o) => o.name === '--search')!.values).toEqual(['exhaustive', 'greedy', 'beam', 'guided', 'auto', 'caruana']);
    expect(plan.options.find((o) => o.name === '--save-plan')!.file).toBe(true);
    expect(plan.options.find((o) => o.name === '--top')!.file).toBe(false);
    const report = spec.find((c) => c.name === 'report')!;
    expect(report.options.find((o) => o.name === '--html')!.file).toBe(true);
    expect(report.options.find((o) => o.name === '--search')!.values).toEqual(plan.options.find((o) => o.name === '--search')!.values);
    expect(spec.find((c) => c.name === 'completion')!.argumentValues).toEqual(['bash', 'zsh', 'fish']);
  });
});

describe.runIf(has('bash'))('bash', () => {
  it('completes commands, options, choices, usual values and files', async () => {
    const s = await script('bash');
    expect(bashComplete(s, 'complan ev')).toEqual(['eval']);
    expect(bashComplete(s, 'complan c')).toEqual(['combine', 'compare', 'completion']);
    expect(bashComplete(s, 'complan eval --ma')).toEqual(['--match']);
    expect(bashComplete(s, 'complan eval --match ')).toEqual(['boundary', 'overlap', 'strict']);
    // The modes each command scores, where another is refused with its reason rather than by the parser.
    for (const command of ['compare', 'ablate', 'tui']) expect(bashComplete(s, `complan ${command} --match `), command).toEqual(['boundary', 'strict']);
    for (const command of ['plan', 'report']) expect(bashComplete(s, `complan ${command} --match `), command).toEqual(['strict']);
    expect(bashComplete(s, 'complan plan --search g')).toEqual(['greedy', 'guided']);
    expect(bashComplete(s, 'complan combine --rule k')).toEqual(['kofn:2', 'kofn:3']);
    expect(bashComplete(s, 'complan plan --top ')).toEqual([]);
    expect(bashComplete(s, 'complan completion ')).toEqual(['bash', 'fish', 'zsh']);
    const dir = mkdtempSync(join(tmpdir(), 'complan-files-'));
    writeFileSync(join(dir, 'gold.conll'), '');
    writeFileSync(join(dir, 'sys.conll'), '');
    expect(bashComplete(s, 'complan eval --gold g', dir)).toEqual(['gold.conll']);
    expect(bashComplete(s, 'complan eval --gold gold.conll s', dir)).toEqual(['sys.conll']);
    // After `--option=`, which bash splits into `--option`, `=` and the value.
    expect(bashComplete(s, 'complan eval --match = ')).toEqual(['boundary', 'overlap', 'strict']);
    expect(bashComplete(s, 'complan eval --match = bo')).toEqual(['boundary']);
    expect(bashComplete(s, 'complan eval --match =')).toEqual(['boundary', 'overlap', 'strict']);
    expect(bashComplete(s, 'complan eval --gold = g', dir)).toEqual(['gold.conll']);
    // compare's measures, and a --labels file.
    expect(bashComplete(s, 'complan compare --metric ')).toEqual(['comp', 'fBetaComp', 'fComp', 'jaccard', 'kappa', 'pComp', 'rComp']);
    expect(bashComplete(s, 'complan eval --labels g', dir)).toEqual(['gold.conll']);
  });

  it('completes a command line of inputs without a command as the TUI\'s', async () => {
    const s = await script('bash');
    const dir = mkdtempSync(join(tmpdir(), 'complan-files-'));
    writeFileSync(join(dir, 'gold.conll'), '');
    writeFileSync(join(dir, 'sys.conll'), '');
    expect(bashComplete(s, 'complan --g')).toEqual(['--gold', '--gold-column']);
    expect(bashComplete(s, 'complan -')).toEqual(['--gold', '--gold-column', '--help', '--ignore-embedded-gold', '--input-format', '--invalid', '--labels', '--pred-column', '--scheme', '--strict-scheme', '--version']);
    // With nothing typed, the commands alone.
    expect(bashComplete(s, 'complan ')).toEqual(['ablate', 'combine', 'compare', 'completion', 'eval', 'help', 'plan', 'report', 'tui']);
    // After an input option, or an existing file (also as name=path), tui's options, values and files.
    expect(bashComplete(s, 'complan --gold gold.conll --ma', dir)).toEqual(['--match']);
    expect(bashComplete(s, 'complan --gold gold.conll --match ', dir)).toEqual(['boundary', 'strict']);
    expect(bashComplete(s, 'complan --gold gold.conll s', dir)).toEqual(['sys.conll']);
    expect(bashComplete(s, 'complan --gold = gold.conll --ma', dir)).toEqual(['--match']);
    expect(bashComplete(s, 'complan sys.conll --ma', dir)).toEqual(['--match']);
    expect(bashComplete(s, 'complan crf = sys.conll --ma', dir)).toEqual(['--match']);
    // After any of tui's options first, as the program reads it (--match boundary --gold …).
    expect(bashComplete(s, 'complan --invalid drop --gold gold.conll --ma', dir)).toEqual(['--match']);
    expect(bashComplete(s, 'complan --match boundary --gold g', dir)).toEqual(['gold.conll']);
    // Not after a file that does not exist, help or version: those are no TUI command lines.
    expect(bashComplete(s, 'complan nothing.conll --ma', dir)).toEqual([]);
    expect(bashComplete(s, 'complan --help e', dir)).toEqual(['eval']);
  });
});
if (!has('bash')) console.log('completion: bash is not installed here; its completion is not driven');

describe('zsh and fish', () => {
  it.runIf(has('zsh'))('zsh: the script parses and defines _complan', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-zsh-'));
    writeFileSync(join(dir, '_complan'), await script('zsh'));
    expect(spawnSync('zsh', ['-n', join(dir, '_complan')]).status).toBe(0);
    const r = spawnSync('zsh', ['-c', `autoload -Uz compinit; compinit -u -d ${dir}/.zcompdump; source ${dir}/_complan; whence -w _complan`], { encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('_complan: function');
  });

  it.runIf(has('zsh'))('zsh: inputs without a command complete as the TUI\'s (completion functions stubbed)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-zsh-'));
    writeFileSync(join(dir, '_complan'), await script('zsh'));
    writeFileSync(join(dir, 'gold.conll'), '');
    // What _complan asks of zsh's completion system, printed: the command it completes as is the
    // first of `words` _arguments sees (the program's own name for a command line of inputs).
    const complete = (words: string, current: number, prefix = '') => spawnSync('zsh', ['-c', [
      `source ${dir}/_complan 2>/dev/null`,
      '_describe() { print -r -- describe $1; }',
      'compadd() { shift; print -r -- compadd "$@"; }',
      '_arguments() { print -r -- arguments ${words[1]} ${#${(M)@:#--match*}}; }',
      `words=(${words}); CURRENT=${current}; PREFIX=${JSON.stringify(prefix)}`,
      '_complan',
    ].join('\n')], { encoding: 'utf8', cwd: dir }).stdout.trim();
    expect(complete('complan --g', 2, '--g')).toBe('compadd --help --version --gold --input-format --gold-column --pred-column --scheme --invalid --strict-scheme --ignore-embedded-gold --labels');
    expect(complete('complan --match boundary --gold gold.conll --ma', 6)).toBe('arguments complan 1');
    expect(complete('complan e', 2, 'e')).toBe('describe command');
    expect(complete('complan --gold gold.conll --ma', 4)).toBe('arguments complan 1');
    expect(complete('complan gold.conll --ma', 3)).toBe('arguments complan 1');
    expect(complete('complan crf=gold.conll --ma', 3)).toBe('arguments complan 1');
    expect(complete('complan eval --ma', 3)).toBe('arguments eval 1');
    expect(complete('complan nothing.conll --ma', 3)).toBe('');
  });

  it.runIf(has('fish'))('fish: inputs without a command complete as the TUI\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-fish-'));
    writeFileSync(join(dir, 'complan.fish'), await script('fish'));
    writeFileSync(join(dir, 'gold.conll'), '');
    const complete = (line: string) => spawnSync('fish', ['-c', `source ${dir}/complan.fish; complete -C ${JSON.stringify(line)}`], { encoding: 'utf8', cwd: dir })
      .stdout.split('\n').map((l) => l.split('\t')[0]).filter((w) => w !== '');
    expect(complete('complan --g')).toEqual(['--gold', '--gold-column']);
    expect(complete('complan --gold gold.conll --ma')).toEqual(['--match']);
    expect(complete('complan --gold gold.conll --match ').sort()).toEqual(['boundary', 'strict']);
    expect(complete('complan gold.conll --ma')).toEqual(['--match']);
    expect(complete('complan --gold=gold.conll --ma')).toEqual(['--match']);
    expect(complete('complan --invalid drop --gold gold.conll --ma')).toEqual(['--match']);
    expect(complete('complan nothing.conll --ma')).toEqual([]);
  });

  it.runIf(has('fish'))('fish: the script parses, and fish completes options and choices with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-fish-'));
    writeFileSync(join(dir, 'complan.fish'), await script('fish'));
    expect(spawnSync('fish', ['-n', join(dir, 'complan.fish')]).status).toBe(0);
    const r = spawnSync('fish', ['-c', `source ${dir}/complan.fish; complete -C "complan eval --match "; complete -C "complan pl"`], { encoding: 'utf8' });
    const words = r.stdout.split('\n').map((l) => l.split('\t')[0]).filter((w) => w !== '');
    expect(words).toEqual(['boundary', 'overlap', 'strict', 'plan']);
  });
});
for (const shell of ['zsh', 'fish']) if (!has(shell)) console.log(`completion: ${shell} is not installed here; its script is not checked`);
