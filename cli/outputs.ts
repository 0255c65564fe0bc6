/**
 * complan never writes over its inputs: every output path a command is given is checked, before
 * any work is done, against every file it reads (and every directory it reads whole, where a new
 * file would become one of the input's documents), and against the other outputs; and that it can
 * be written at all (its directory exists and may be written in), so that no output is written
 * by a command that then fails on another.
 */
import { fstatSync, lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { InputError, UsageError } from '../src/errors.js';
import { isDocumentation } from '../src/formats/directory.js';
import { parseSystemArg } from '../src/formats/load.js';
import { checkWritable, writeFileAtomic } from '../src/formats/write-file.js';

export interface OutputPath {
  /** The option that names it, e.g. `--out`. */
  option: string;
  path: string | undefined;
  /**
   * Whether `-` may name standard output here: true where the output is all the command writes
   * there (combine's `--out`, report's `--html`); elsewhere standard output carries the report.
   */
  stdout?: boolean;
}

export interface InputPath {
  /** What the file is, for the message: `the gold file`, `the system "crf"`, `--plan`. */
  what: string;
  path: string | undefined;
}

/**
 * The file's identity: device and inode of what the path names after following symbolic links
 * (so a link, a hard link or another spelling of the path is the same file); the resolved path
 * when it does not exist yet (it cannot be an input then, but two outputs may still collide).
 */
function identity(path: string): { key: string; exists: boolean } {
  try {
    const st = statSync(path);
    return { key: `${st.dev}:${st.ino}`, exists: true };
  } catch {
    return { key: `path:${resolve(path)}`, exists: false };
  }
}

/**
 * Throws a usage error when an output names an input file (the same file, however it is
 * spelled: by device and inode) or when two outputs name the same file. Absent paths and `-`
 * where it names standard output are skipped (unless standard output is redirected to an input
 * file); standard input given as an input (`-`) that is redirected from a file makes that file an
 * input, however an output names it (`/dev/stdin`, `/proc/self/fd/0`, its path); `-` for an output
 * whose command prints its report on standard output is refused (a file named `-` is never what was meant). Special files that
 * are not regular files (a terminal, `/dev/null`, a pipe) are never inputs of this kind and may
 * be written.
 */
export function refuseOutputsOverInputs(outputs: readonly OutputPath[], inputs: readonly InputPath[]): void {
  for (const o of outputs) {
    if (o.path === '-' && o.stdout !== true) {
      throw new UsageError(`${o.option} -: standard output carries the command's report; name a file for ${o.option} (or ./- for a file named "-")`);
    }
  }
  const given = outputs.filter((o): o is OutputPath & { path: string } => o.path !== undefined);
  const read = new Map<string, InputPath>();
  // Directories read whole, each file one document: a new file there would join the input.
  const folders = new Map<string, InputPath & { path: string }>();
  const add = (i: InputPath & { path: string }) => {
    const id = identity(i.path);
    if (!read.has(id.key)) read.set(id.key, i);
  };
  for (const i of inputs) {
    if (i.path === undefined) continue;
    if (i.path === '-') {
      // Standard input redirected from a file (`- < in.conll`): that file is an input too.
      const id = descriptorFile(0);
      if (id !== undefined && !read.has(id)) read.set(id, { what: i.what, path: 'standard input' });
      continue;
    }
    const id = identity(i.path);
    if (!id.exists) continue;
    try {
      const st = statSync(i.path);
      // A directory input (BRAT, or CoNLL or JSONL files): the files in it are read.
      // Hidden files and documentation are passed over as the reader passes them over.
      if (st.isDirectory()) {
        folders.set(id.key, { what: i.what, path: i.path });
        for (const name of readdirSync(i.path)) {
          if (!name.startsWith('.') && !isDocumentation(name) && isRegular(join(i.path, name))) add({ what: i.what, path: join(i.path, name) });
        }
      }
      if (!st.isFile()) continue;
    } catch {
      continue;
    }
    add({ what: i.what, path: i.path });
  }
  // Standard output, where every command writes (its report, or --out -), redirected to an input (`>> in.conll`).
  const onStdout = read.get(descriptorFile(1) ?? '');
  if (onStdout !== undefined) {
    // With `>` the shell empties the file before complan starts: say so, rather than that it was kept.
    const emptied = fstatSync(1).size === 0 ? '; it is empty now: the shell\'s > emptied it before complan started, so restore it from elsewhere' : '';
    throw new UsageError(`standard output is ${onStdout.what} (${onStdout.path}): complan never writes over its inputs; redirect it elsewhere${emptied}`);
  }
  // Standard input read as an input (a pipe, say) is never an output: writing into it would wait on
  // the command's own reading, or be lost.
  const stdin = inputs.find((i) => i.path === '-');
  const written = new Map<string, OutputPath>();
  const stdout = descriptorFile(1);
  for (const o of given) {
    if (o.path === '-') continue;
    // Standard output redirected to this output's file (`--save-plan p.json > p.json`): the report
    // printed there and the file written by renaming over it would end as one of the two, unsaid.
    if (o.stdout !== true && stdout !== undefined && identity(o.path).key === stdout) {
      throw new UsageError(`${o.option} ${o.path} is where standard output is redirected, which carries the command's report: the file written would replace the report, or the report the file; choose another file for one of them`);
    }
    if (stdin !== undefined && (/^\/(?:dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(o.path) || isDescriptor(o.path, 0))) {
      throw new UsageError(`${o.option} ${o.path} is standard input, which complan reads as ${stdin.what}: choose another file`);
    }
    const id = identity(o.path);
    const input = read.get(id.key);
    if (input !== undefined) {
      throw new UsageError(`${o.option} ${o.path} is ${input.what} (${input.path}): complan never writes over its inputs; choose another file`);
    }
    // Where the file will be written: a symbolic link's target, even one that does not exist yet.
    const target = linkTarget(o.path);
    const folder = folders.get(identity(dirname(target)).key);
    const name = basename(target);
    if (folder !== undefined && !name.startsWith('.') && !isDocumentation(name)) {
      throw new UsageError(`${o.option} ${o.path} is inside ${folder.path}, the directory of ${folder.what}, whose every file is read as one of its documents: `
        + `written there, it would join that input the next time it is read; choose a file outside it`);
    }
    const other = written.get(id.key);
    // Two outputs may share a special file (both to /dev/null), never a file.
    if (other !== undefined && (!id.exists || isRegular(o.path))) {
      throw new UsageError(`${other.option} and ${o.option} name the same file (${o.path}); choose two files`);
    }
    written.set(id.key, o);
  }
  // Every output can be written, or none is: a command with two fails before writing either.
  for (const o of given) {
    if (o.path === '-') continue;
    try {
      checkWritable(o.path);
    } catch (err) {
      // Named with its option: a command with several outputs (--svg, --save-plan) says which.
      if (err instanceof InputError) throw new InputError(err.detail, `${o.option} ${err.file ?? o.path}`, err.line);
      throw err;
    }
  }
}

/**
 * Writes an output file atomically ({@link writeFileAtomic}), named with its option when it cannot
 * be written (`--out /dev/full: cannot write: no space left on the device`), as the check before
 * any work names it: a write that fails midway (a disk that fills) says which output it was.
 * Errors from `chunks` themselves (a writer's refusal) are rethrown unchanged.
 */
export function writeOutput(option: string, path: string, chunks: Iterable<string>): void {
  try {
    writeFileAtomic(path, chunks);
  } catch (err) {
    if (err instanceof InputError && err.file === path && err.line === undefined && err.detail.startsWith('cannot write')) {
      throw new InputError(err.detail, `${option} ${path}`);
    }
    throw err;
  }
}

/**
 * The path a write to `path` lands on: `path` itself, or the end of its chain of symbolic links
 * (each resolved against the directory of the link), which may not exist yet.
 */
function linkTarget(path: string): string {
  let p = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    try {
      if (!lstatSync(p).isSymbolicLink()) return p;
      p = resolve(dirname(p), readlinkSync(p));
    } catch {
      return p;
    }
  }
  return p;
}

/** Whether `path` names what descriptor `fd` has open (a pipe too), however it is spelt (`//dev/stdin`, a link to it). */
function isDescriptor(path: string, fd: number): boolean {
  try {
    const a = statSync(path);
    const b = fstatSync(fd);
    return a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false;
  }
}

/** The identity (as {@link identity}'s key) of the regular file open on descriptor `fd`, if it is one. */
function descriptorFile(fd: number): string | undefined {
  try {
    const st = fstatSync(fd);
    return st.isFile() ? `${st.dev}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

function isRegular(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The files a command reads, as {@link refuseOutputsOverInputs} takes them: the gold standard,
 * each system argument (`name=path` or a path), and any further files (`--plan`, `--test`).
 */
export function commandInputs(systems: readonly string[], gold: string | undefined, extra: readonly InputPath[] = []): InputPath[] {
  const out: InputPath[] = [{ what: 'the gold file', path: gold }];
  for (const arg of systems) {
    const s = parseSystemArg(arg);
    out.push({ what: `the system "${s.name}"`, path: s.path });
  }
  return out.concat(extra);
}

/**
 * Whether `out` is written into the folder of one of the system files `systems` (arguments, `name=path`
 * or a path), with that file's extension: a later run on that folder's `*.EXT` would read it as
 * one more system. Returns that folder as the user gave it, or undefined.
 */
export function besideSystems(out: string | undefined, systems: readonly string[]): string | undefined {
  if (out === undefined) return undefined;
  const dir = resolve(dirname(out));
  const ext = extname(out).toLowerCase();
  for (const arg of systems) {
    const { path } = parseSystemArg(arg);
    if (path === '-' || path.startsWith('/dev/')) continue;
    if (resolve(dirname(path)) === dir && extname(path).toLowerCase() === ext) return dirname(path);
  }
  return undefined;
}

/** Extensions of figure formats other than SVG, which an `--svg` file named so would not be. */
const OTHER_FIGURES = new Set(['.png', '.jpg', '.jpeg', '.gif', '.bmp', '.tif', '.tiff', '.webp', '.pdf', '.eps', '.ps', '.html', '.htm']);

/**
 * Refuses an `--svg` path named as another format (`fig.png`): the file would hold SVG under a
 * name that viewers open as something else. Any other name (`.svg`, none, a pipe) is written.
 */
export function refuseOtherFigureFormat(option: string, path: string | undefined): void {
  if (path === undefined) return;
  const ext = extname(path).toLowerCase();
  if (!OTHER_FIGURES.has(ext)) return;
  const name = ext.slice(1).toUpperCase();
  throw new UsageError(`${option} ${path}: the figure is written as SVG, not ${name}; name the file .svg (and convert it to ${name} afterwards if you need one)`);
}
