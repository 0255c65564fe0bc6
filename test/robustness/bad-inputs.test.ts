/**
 * The catalogue of bad inputs (bad input never produces a stack trace; exit 1 for a
 * usage error, 2 for an input error; the message names the file, the line and what was expected;
 * nothing partial is written).
 *
 * Each directory of test/fixtures/bad/ is one case: its input files and a `case.json`. Adding a
 * case is adding a directory. `case.json` holds:
 *
 * - `description`: what is wrong (or, for a valid input, what is tolerated);
 * - `args`: the command line; `{dir}` is the case directory, `{tmp}` a fresh empty directory;
 * - `exit`: the exact exit code;
 * - `stderr`: the exact standard error, without its final line end ("" for none). A failure is
 *   one line `complan: FILE:LINE: detail` (file and line where there are any; a command-line
 *   parser's error ends with `; run with --help for usage`), or, for an objective expression,
 *   the complan line followed by the expression and a caret under the column;
 * - optionally `sameAs`: the command line of a clean equivalent, whose output must be identical;
 * - optionally `stdoutJson`: values the JSON on standard output must hold, by dotted path
 *   (`systems.0.f`);
 * - optionally `tmpFiles` (files to create in `{tmp}` first), `tmpMode` (octal permissions for
 *   `{tmp}`) and `tmpAfter` (exactly the files `{tmp}` must hold afterwards, with their content:
 *   `{}` means no output and no temporary file was left);
 * - optionally `unprivileged`: run as an unprivileged user (as root, the effective user id is
 *   dropped to `nobody` for the run, since root ignores permissions).
 *
 * Whatever the case, standard output is empty on failure, and no stack trace or "internal error"
 * ever appears.
 */
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, type CliResult } from '../cli/helpers.js';

const BAD = join(ROOT, 'test/fixtures/bad');

interface Case {
  description: string;
  args: string[];
  exit: number;
  stderr: string;
  sameAs?: string[];
  stdoutJson?: Record<string, unknown>;
  tmpFiles?: Record<string, string>;
  tmpMode?: string;
  tmpAfter?: Record<string, string>;
  unprivileged?: boolean;
}

const KEYS = new Set(['description', 'args', 'exit', 'stderr', 'sameAs', 'stdoutJson', 'tmpFiles', 'tmpMode', 'tmpAfter', 'unprivileged']);

/** The case directories (a .gitattributes beside them keeps their bytes exact). */
const names = readdirSync(BAD, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** Reads and checks a case.json: a misspelt or missing key must fail, not pass silently. */
function readCase(name: string): Case {
  const c = JSON.parse(readFileSync(join(BAD, name, 'case.json'), 'utf8')) as Case;
  for (const k of Object.keys(c)) expect(KEYS.has(k), `${name}/case.json: unknown key "${k}"`).toBe(true);
  expect(typeof c.description, `${name}: description`).toBe('string');
  expect(Array.isArray(c.args) && c.args.every((a) => typeof a === 'string'), `${name}: args`).toBe(true);
  expect([0, 1, 2], `${name}: exit`).toContain(c.exit);
  expect(typeof c.stderr, `${name}: stderr (exact, "" for none)`).toBe('string');
  if (c.exit === 0) expect(c.sameAs !== undefined || c.stdoutJson !== undefined, `${name}: a valid case says what must hold (sameAs or stdoutJson)`).toBe(true);
  return c;
}

/** The value at a dotted path (`systems.0.f`) of a parsed JSON document. */
function at(doc: unknown, path: string): unknown {
  let v = doc;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object' || !(key in v)) return `(no ${path})`;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Whether the effective user id can be dropped to nobody and back (root with CAP_SETUID). */
function canDropPrivileges(): boolean {
  if (process.getuid?.() !== 0 || process.seteuid === undefined) return false;
  try {
    process.seteuid(65534);
    process.seteuid(0);
    return true;
  } catch {
    return false;
  }
}

const isRoot = process.getuid?.() === 0;
const dropPrivileges = canDropPrivileges();

/** A copy of `from` in a new directory under the system's temporary directory that anyone can read. */
function readableCopy(from: string): string {
  const to = mkdtempSync(join(tmpdir(), 'complan-bad-in-'));
  cpSync(from, to, { recursive: true });
  chmodSync(to, 0o755);
  for (const f of readdirSync(to)) chmodSync(join(to, f), 0o644);
  return to;
}

/** Runs the CLI; for an unprivileged case run as root, with the effective user id of nobody. */
async function run(args: string[], unprivileged: boolean): Promise<CliResult> {
  if (!unprivileged || !isRoot) return runCli(args);
  process.seteuid!(65534);
  try {
    return await runCli(args);
  } finally {
    process.seteuid!(0);
  }
}

/** Standard error's shape for a failure: one complan line, or the caret form. */
function checkShape(stderr: string): void {
  expect(stderr.endsWith('\n'), 'stderr ends with a line end').toBe(true);
  const lines = stderr.slice(0, -1).split('\n');
  expect(lines[0]).toMatch(/^complan: \S/);
  if (lines.length > 1) {
    // An objective expression: the text, then a caret under the column.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^ {2}/);
    expect(lines[2]).toMatch(/^ {2} *\^$/);
  }
}

describe('the bad-input catalogue', () => {
  it('has one directory per case, named NN-short-name (two digits, or more past 99), each with a case.json', () => {
    expect(names.length).toBeGreaterThanOrEqual(50);
    for (const name of names) {
      expect(name).toMatch(/^(?:\d{2}|[1-9]\d{2,})-[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(existsSync(join(BAD, name, 'case.json')), `${name}/case.json`).toBe(true);
    }
    const numbers = names.map((n) => Number(n.slice(0, n.indexOf('-'))));
    expect(new Set(numbers).size, 'case numbers are unique').toBe(numbers.length);
  });
});

describe.each(names)('bad input %s', (name) => {
  const c = readCase(name);
  const skip = c.unprivileged === true && isRoot && !dropPrivileges;

  it.skipIf(skip)(c.description, async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'complan-bad-'));
    // Run as nobody, the case's files must be readable by nobody: the checkout may sit in a
    // directory only root can enter (mktemp -d makes such directories), so they are copied out.
    const asNobody = c.unprivileged === true && isRoot;
    const dir = asNobody ? readableCopy(join(BAD, name)) : join(BAD, name);
    const sub = (s: string) => s.replaceAll('{dir}', dir).replaceAll('{tmp}', tmp);
    try {
      for (const [file, content] of Object.entries(c.tmpFiles ?? {})) writeFileSync(join(tmp, file), content);
      if (c.tmpMode !== undefined) chmodSync(tmp, parseInt(c.tmpMode, 8));
      const r = await run(c.args.map(sub), c.unprivileged === true);

      expect(r.code, r.stderr).toBe(c.exit);
      expect(r.stderr).toBe(c.stderr === '' ? '' : `${sub(c.stderr)}\n`);
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(r.stderr).not.toMatch(/internal error/);
      if (c.exit !== 0) {
        expect(r.stdout, 'nothing on standard output').toBe('');
        checkShape(r.stderr);
      }
      if (c.sameAs !== undefined) {
        const clean = await runCli(c.sameAs.map(sub));
        expect(clean.code, clean.stderr).toBe(0);
        expect(r.stdout).toBe(clean.stdout);
        expect(r.stderr).toBe(clean.stderr);
      }
      if (c.stdoutJson !== undefined) {
        const doc = JSON.parse(r.stdout) as unknown;
        for (const [path, want] of Object.entries(c.stdoutJson)) expect(at(doc, path), path).toEqual(want);
      }
      if (c.tmpAfter !== undefined) {
        chmodSync(tmp, 0o700);
        const left = readdirSync(tmp).sort();
        expect(left, 'files left in {tmp} (no output, no temporary file)').toEqual(Object.keys(c.tmpAfter).sort());
        for (const [file, content] of Object.entries(c.tmpAfter)) expect(readFileSync(join(tmp, file), 'utf8'), file).toBe(content);
      }
    } finally {
      chmodSync(tmp, 0o700);
      rmSync(tmp, { recursive: true, force: true });
      if (asNobody) rmSync(dir, { recursive: true, force: true });
    }
  });
});
