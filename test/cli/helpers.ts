/**
 * Runs the complan CLI in-process with a fake Io (stdout not a terminal) and captures its output.
 */
import { join } from 'node:path';
import type { Io } from '../../cli/io.js';
import { run } from '../../cli/program.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The repository root. */
export const ROOT = join(import.meta.dirname, '../..');

/** A path under test/fixtures/cli/. */
export function fixture(...parts: string[]): string {
  return join(ROOT, 'test/fixtures/cli', ...parts);
}

/** Runs `complan <args>` with the given environment (nothing else: the real one is not used). */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (t) => { stdout += t; },
    stderr: (t) => { stderr += t; },
    isTTY: false,
    env,
  };
  const code = await run(args, io);
  return { code, stdout, stderr };
}

/** The JSON of an `eval --format json` run, which must succeed. */
export interface EvalJsonSystem {
  name: string;
  tp: number; fp: number; fn: number;
  precision: number | null; recall: number | null; f: number | null; k: number | null;
  c: number; s: number; d: number; i: number;
  e: number | null; err: number | null; ser: number | null; weightedSer: number | null;
  graded: { precision: number | null; recall: number | null; f: number | null } | null;
  byType: Record<string, { tp: number; fp: number; fn: number; precision: number | null; recall: number | null; f: number | null }>;
  macro: {
    doc: { precision: number | null; recall: number | null; f: number | null } | null;
    type: { precision: number | null; recall: number | null; f: number | null } | null;
  };
  byDocument: Array<{ id: string; tp: number; fp: number; fn: number; precision: number | null; recall: number | null; f: number | null }>;
  indicators: Record<string, number | string | null>;
  tokenAccuracy: number | null;
  tokenTally: { tokens: number; correct: number; markers: number } | null;
  warnings: string[];
}

export interface EvalJson {
  schemaVersion: number;
  match: string;
  beta: number;
  kAlpha: number;
  zeroDivision: string;
  serWeights: { s: number; d: number; i: number };
  types: string[] | null;
  gold: { items: number; documents: number; sentences: number; length: number; unit: string; byType: Record<string, number> };
  systems: EvalJsonSystem[];
}

/** Runs `complan eval --format json <args>`, expects exit 0 and returns the parsed document. */
export async function evalJson(args: string[], env: Record<string, string> = {}): Promise<EvalJson & { stderr: string }> {
  const r = await runCli(['eval', '--format', 'json', ...args], env);
  if (r.code !== 0) throw new Error(`complan eval exited ${r.code}: ${r.stderr}`);
  return { ...(JSON.parse(r.stdout) as EvalJson), stderr: r.stderr };
}

/** The system named `name` in an eval JSON document. */
export function system(doc: EvalJson, name: string): EvalJsonSystem {
  const s = doc.systems.find((x) => x.name === name);
  if (s === undefined) throw new Error(`no system "${name}" in ${doc.systems.map((x) => x.name).join(', ')}`);
  return s;
}
