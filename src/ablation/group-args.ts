/**
 * The system arguments of `complan ablate` as groups of runs, and its `--baseline`.
 *
 * An argument is a group of runs when it is `NAME=PATH,PATH,...`. A comma separates runs only
 * when what follows `NAME=` is not itself an existing path, so a file whose name holds a comma
 * is still one run: `a.conll` (named by its stem), `NAME=PATH` (named NAME) and an existing path
 * that holds `=` or `,` are each one run, as {@link parseSystemArg} reads them. In a group
 * every path must exist (`-`, standard input, aside); a missing one is an input error naming it.
 * A comma-separated list of existing files without `NAME=` is refused as a usage error, which
 * shows how to name it: read as one path it would be "no such file".
 *
 * Runs of a group of several are named `NAME:STEM` (the file stem), or `NAME#k` (k from 1) when
 * two of its files share a stem; a group of one run is named NAME, as before.
 */
import { existsSync } from 'node:fs';
import { InputError, showName, showValue, UsageError } from '../errors.js';
import { sameFile } from '../formats/gold-copy.js';
import { inputStem, parseSystemArg, type InputSpec } from '../formats/load.js';
import { STDIN } from '../formats/source.js';

/** A group as given on the command line: its name and its runs (name and path each). */
export interface GroupSpec {
  name: string;
  runs: InputSpec[];
}

const exists = (path: string) => path === STDIN || existsSync(path);


/** One system argument as a group of runs (see the module comment). */
export function parseGroupArg(arg: string): GroupSpec {
  const eq = arg.indexOf('=');
  if (!exists(arg) && eq <= 0 && arg.includes(',')) {
    const paths = arg.split(',');
    if (paths.length > 1 && paths.every((p) => p.length > 0 && exists(p))) {
      throw new UsageError(`"${arg}" is a list of files without a name: give a group of runs as NAME=PATH,PATH,... `
        + `(for example ${inputStem(paths[0])}=${arg}), or the files separated by spaces as systems of their own`);
    }
    // A list some of whose files exist: the missing one is named, not the whole list.
    const missing = paths.find((p) => p.length > 0 && !exists(p));
    if (paths.some((p) => p.length > 0 && exists(p)) && missing !== undefined) {
      throw new InputError(`no such file (in the list "${arg}"; a group of runs is NAME=PATH,PATH,...)`, missing);
    }
  }
  if (exists(arg) || eq <= 0) {
    const one = parseSystemArg(arg);
    return { name: one.name, runs: [one] };
  }
  const name = arg.slice(0, eq);
  const rest = arg.slice(eq + 1);
  if (exists(rest) || !rest.includes(',')) {
    const one = parseSystemArg(arg);
    return { name: one.name, runs: [one] };
  }
  const paths = rest.split(',');
  if (paths.some((p) => p.length === 0)) throw new UsageError(`"${arg}": expected NAME=PATH,PATH,..., a path is empty`);
  const missing = paths.find((p) => !exists(p));
  if (missing !== undefined) {
    throw new InputError(`no such file (a run of group "${name}"; a single file whose name holds a comma must exist as given)`, missing);
  }
  if (paths.length === 1) return { name, runs: [{ name, path: paths[0] }] };
  const stems = paths.map(inputStem);
  const distinct = new Set(stems).size === stems.length;
  return { name, runs: paths.map((path, k) => ({ name: distinct ? `${name}:${stems[k]}` : `${name}#${k + 1}`, path })) };
}

/** Whether any group has more than one run. */
export function hasGroups(groups: readonly GroupSpec[]): boolean {
  return groups.some((g) => g.runs.length > 1);
}

/**
 * The baseline group for `--baseline VALUE`: the group named VALUE; else, when VALUE is an
 * existing path, the one-run group of that file (matched by resolved path) or, if no argument
 * gives it, a new group of that file named by its stem, put first. Returns the groups (with
 * that new one) and the baseline's name.
 * @throws UsageError when two groups share a name, nothing matches, the file is one run of a
 *   larger group, or a new group's name is taken.
 */
export function resolveBaseline(groups: readonly GroupSpec[], value: string): { groups: GroupSpec[]; baseline: string } {
  checkDistinctGroups(groups);
  if (groups.some((g) => g.name === value)) return { groups: [...groups], baseline: value };
  const names = groups.map((g) => showName(g.name)).join(', ');
  if (!exists(value) || value === STDIN) {
    const file = /[\\/]|\.[A-Za-z]+$/.test(value) ? ' and no such file' : '';
    // The stem of a file given another name: the system has that name now.
    const renamed = groups.flatMap((g) => g.runs.filter((r) => r.name !== value && inputStem(r.path) === value).map((r) => ({ g, r })))[0];
    const hint = renamed === undefined ? '' : `; ${renamed.r.path} is named ${showValue(renamed.g.runs.length === 1 ? renamed.g.name : renamed.r.name)}${renamed.g.runs.length === 1 ? `: --baseline ${renamed.g.name}` : ` in group "${renamed.g.name}"`}`;
    throw new UsageError(`--baseline: no system named ${showValue(value)}${file} (systems: ${names})${hint}`);
  }
  for (const g of groups) {
    const run = g.runs.find((r) => sameFile(r.path, value));
    if (run === undefined) continue;
    if (g.runs.length === 1) return { groups: [...groups], baseline: g.name };
    throw new UsageError(`--baseline ${value} is one run of group "${g.name}": name the group (--baseline ${g.name}) or give the file only as the baseline`);
  }
  const own = parseSystemArg(value);
  if (groups.some((g) => g.name === own.name)) {
    throw new UsageError(`--baseline ${value}: a system is already named "${own.name}"; give the file among the systems as NAME=${value} and --baseline NAME`);
  }
  return { groups: [{ name: own.name, runs: [own] }, ...groups], baseline: own.name };
}

/**
 * With `--paired`, every group needs as many runs as the baseline's.
 * @throws UsageError naming both counts.
 */
export function checkPaired(groups: readonly GroupSpec[], baseline: string): void {
  // With one run a group there is nothing to pair: the comparison is one-to-one already.
  if (!hasGroups(groups)) throw new UsageError('--paired pairs the runs of groups (NAME=PATH,PATH,...) by position, but every system here is one run: leave --paired out');
  const base = groups.find((g) => g.name === baseline)!;
  for (const g of groups) {
    if (g.runs.length !== base.runs.length) {
      throw new UsageError(`--paired pairs runs by position: group "${g.name}" has ${g.runs.length} run${g.runs.length === 1 ? '' : 's'}, `
        + `the baseline "${baseline}" has ${base.runs.length}`);
    }
  }
}

/**
 * Rejects one file given as two runs (in one group or in two): a run used twice would pass for
 * two runs that agree, and the spread between runs would be understated.
 * @throws UsageError naming the file and both runs.
 */
export function checkDistinctRuns(groups: readonly GroupSpec[]): void {
  const runs = groups.flatMap((g) => g.runs).filter((r) => r.path !== STDIN);
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      if (sameFile(runs[i].path, runs[j].path)) {
        throw new UsageError(`${runs[j].path} is given twice (runs "${runs[i].name}" and "${runs[j].name}"): each run must be its own file`);
      }
    }
  }
}

/** Rejects two groups with one name, naming both. */
export function checkDistinctGroups(groups: readonly GroupSpec[]): void {
  const seen = new Map<string, GroupSpec>();
  for (const g of groups) {
    const prev = seen.get(g.name);
    if (prev !== undefined) {
      // The same file twice (`crf.conll crf.conll`, or `./crf.conll`): naming them apart would not
      // help, as ablate refuses one file as two runs (checkDistinctRuns), so the file is named.
      const run = g.runs.find((r) => r.path !== STDIN && prev.runs.some((q) => q.path === r.path || sameFile(q.path, r.path)));
      if (run !== undefined) {
        const first = prev.runs.find((q) => q.path === run.path || sameFile(q.path, run.path))!;
        const as = first.path === run.path ? `${run.path} is given twice` : `${first.path} and ${run.path} are one file`;
        throw new UsageError(`two systems are named "${g.name}": ${as}; give each file once (each run must be its own file)`);
      }
      const paths = (x: GroupSpec) => x.runs.map((r) => r.path).join(',');
      throw new UsageError(`two systems are named "${g.name}" (${paths(prev)} and ${paths(g)}); give each its own name with name=path (a=FILE b=FILE)`);
    }
    seen.set(g.name, g);
  }
}
