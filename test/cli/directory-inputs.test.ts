/**
 * Directories through the commands: a directory of CoNLL files is one system (one document per
 * file), a directory mixing kinds is a data error, and no output may be written over a file in
 * an input directory.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const GOLD = 'examples/news/gold.conll';
const CRF = 'examples/news/systems/crf.conll';
const SLOPPY = 'examples/news/systems/sloppy.conll';

/** `path`'s documents, one file each, in a fresh directory. */
function splitInto(path: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'complan-dir-cli-'));
  const docs = readFileSync(join(ROOT, path), 'utf8').split(/^-DOCSTART-.*\n/m).filter((d) => d.trim() !== '');
  docs.forEach((d, i) => writeFileSync(join(dir, `doc${i + 1}.conll`), d));
  return dir;
}

describe('directories as inputs', () => {
  it('eval scores a directory of per-document files as the file, one document per file', async () => {
    const dir = splitInto(CRF);
    const file = JSON.parse((await runCli(['eval', '--gold', GOLD, CRF, '--format', 'json'])).stdout);
    const r = await runCli(['eval', '--gold', GOLD, `crf=${dir}`, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout);
    expect(got.systems[0].byDocument.map((d: { id: string }) => d.id)).toEqual(['#1', '#2', '#3', '#4', '#5', '#6', '#7', '#8']);
    for (const k of ['tp', 'fp', 'fn', 'f', 'byType']) expect(got.systems[0][k]).toEqual(file.systems[0][k]);
    const goldDir = await runCli(['eval', '--gold', splitInto(GOLD), CRF, '--format', 'json']);
    expect(JSON.parse(goldDir.stdout).systems[0].byDocument.map((d: { id: string }) => d.id)[7]).toBe('doc8.conll');
  });

  it('a directory mixing kinds is a data error (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-dir-mixed-'));
    writeFileSync(join(dir, 'a.conll'), 'x O\n');
    writeFileSync(join(dir, 'b.jsonl'), '{"tokens":["x"],"spans":[]}\n');
    const r = await runCli(['eval', '--gold', GOLD, dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`complan: ${dir}: the directory mixes kinds of files: a.conll is CoNLL but b.jsonl is JSONL (a directory is one input, one output split into documents: all CoNLL or all JSONL files, one document per file; to give several systems, list their files)\n`);
  });

  it('combine refuses to write over a file inside an input directory', async () => {
    const dir = splitInto(CRF);
    mkdirSync(join(dir, 'sub'));
    const target = join(dir, 'doc1.conll');
    const before = readFileSync(target, 'utf8');
    const r = await runCli(['combine', '--gold', GOLD, dir, SLOPPY, '--rule', 'union', '--out', target]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('complan never writes over its inputs');
    expect(readFileSync(target, 'utf8')).toBe(before);
  });

  it('refuses a new output inside an input directory, which would become one of its documents; a hidden one is passed over and may be written', async () => {
    const dir = splitInto(CRF);
    const target = join(dir, 'ensemble.conll');
    const r = await runCli(['combine', '--gold', GOLD, dir, SLOPPY, '--rule', 'union', '--out', target]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`complan: --out ${target} is inside ${dir}, the directory of the system "${basename(dir)}", whose every file is read as one of its documents: `
      + 'written there, it would join that input the next time it is read; choose a file outside it\n');
    expect(existsSync(target)).toBe(false);
    // The same for --save-plan, and for the gold's directory.
    const plan = await runCli(['plan', '--gold', GOLD, dir, SLOPPY, '--save-plan', join(dir, 'plan.json')]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(`--save-plan ${join(dir, 'plan.json')} is inside ${dir}, the directory of the system`);
    const goldDir = splitInto(GOLD);
    const gold = await runCli(['combine', '--gold', goldDir, CRF, SLOPPY, '--rule', 'union', '--out', join(goldDir, 'ensemble.jsonl')]);
    expect(gold.code).toBe(1);
    expect(gold.stderr).toContain(`is inside ${goldDir}, the directory of the gold file`);
    // A symbolic link elsewhere whose target, not yet there, is inside the directory: refused too.
    const link = join(mkdtempSync(join(tmpdir(), 'complan-link-')), 'out.jsonl');
    symlinkSync(join(dir, 'new.jsonl'), link);
    const linked = await runCli(['combine', '--gold', GOLD, dir, SLOPPY, '--rule', 'union', '--out', link]);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain(`--out ${link} is inside ${dir}, the directory of the system`);
    expect(existsSync(join(dir, 'new.jsonl'))).toBe(false);
    const hidden = join(dir, '.ensemble.jsonl');
    const ok = await runCli(['combine', '--gold', GOLD, dir, SLOPPY, '--rule', 'union', '--out', hidden]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(existsSync(hidden)).toBe(true);
    // The directory reads as before: the hidden file is no document.
    const again = await runCli(['eval', '--gold', GOLD, dir, '--format', 'json']);
    expect(JSON.parse(again.stdout).systems[0].byDocument).toHaveLength(8);
  });
});

describe('a folder of system files given as one input', () => {
  it('says the folder is one input and how to give one system a file', async () => {
    const { runCli: cli, ROOT: root } = await import('./helpers.js');
    const { join: j } = await import('node:path');
    const news = j(root, 'examples/news');
    const r = await cli(['eval', '--gold', j(news, 'gold.conll'), j(news, 'systems')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/has no counterpart: the gold standard has \d+ sentences \(.*systems is one input, one document a file; for one system a file, give .*systems\/\*\)\n$/);
  });
});

describe('a folder whose file names hold numbers without zeros in front', () => {
  it('says which file is read before which, and how to pad the names', async () => {
    // Eleven invented documents, one per file, named doc-1 to doc-11: read as doc-1, doc-10, doc-11, doc-2, ...
    const dir = mkdtempSync(join(tmpdir(), 'complan-dir-numbers-'));
    const sys = join(dir, 'sys');
    mkdirSync(sys);
    let gold = '';
    for (let i = 1; i <= 11; i++) {
      const doc = `Name${i} B-PER\nspoke O\n\n`;
      gold += `-DOCSTART- O\n\n${doc}`;
      writeFileSync(join(sys, `doc-${i}.conll`), doc);
    }
    writeFileSync(join(dir, 'gold.conll'), gold);
    const r = await runCli(['eval', '--gold', join(dir, 'gold.conll'), sys]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`complan: ${join(sys, 'doc-10.conll')}:1: token "Name10" but gold has "Name2" (sentence 2) (${sys} is one input, one document a file, read in code-point order of the names: `
      + `doc-10.conll before doc-2.conll; pad the numbers with zeros (doc-02.conll) to read them in numeric order, or for one system a file, give ${sys}/*)\n`);
    // Padded, the same files line up with the gold.
    const padded = join(dir, 'padded');
    mkdirSync(padded);
    for (let i = 1; i <= 11; i++) writeFileSync(join(padded, `doc-${String(i).padStart(2, '0')}.conll`), readFileSync(join(sys, `doc-${i}.conll`), 'utf8'));
    const ok = await runCli(['eval', '--gold', join(dir, 'gold.conll'), padded, '--format', 'json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).systems[0].f).toBe(1);
    // A gold in the directory's own order, with a token wrong elsewhere: the order is not the cause, and no padding is advised.
    const same = ['1', '10', '11', '2', '3', '4', '5', '6', '7', '8', '9'].map((i) => `-DOCSTART- O\n\nName${i} B-PER\nspoke O\n\n`).join('');
    writeFileSync(join(dir, 'same-order.conll'), same.replace('Name5 ', 'Nane5 '));
    const typo = await runCli(['eval', '--gold', join(dir, 'same-order.conll'), sys]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('token "Name5" but gold has "Nane5"');
    expect(typo.stderr).not.toContain('pad the numbers');
    // Nor with a gold directory of the same names, read in the same order.
    const goldDir = join(dir, 'golddir');
    mkdirSync(goldDir);
    for (let i = 1; i <= 11; i++) writeFileSync(join(goldDir, `doc-${i}.conll`), `Name${i === 10 ? 'X' : i} B-PER\nspoke O\n\n`);
    const fromDir = await runCli(['eval', '--gold', goldDir, sys]);
    expect(fromDir.code).toBe(2);
    expect(fromDir.stderr).toContain('token "Name10" but gold has "NameX"');
    expect(fromDir.stderr).not.toContain('pad the numbers');
  });

  it('says so of a gold directory too, when a system file is in numeric order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-gold-numbers-'));
    const goldDir = join(dir, 'gold');
    mkdirSync(goldDir);
    let system = '';
    for (let i = 1; i <= 11; i++) {
      writeFileSync(join(goldDir, `doc-${i}.conll`), `Name${i} B-PER\nspoke O\n\n`);
      system += `-DOCSTART- O\n\nName${i} B-PER\nspoke O\n\n`;
    }
    writeFileSync(join(dir, 'sys.conll'), system);
    const r = await runCli(['eval', '--gold', goldDir, join(dir, 'sys.conll')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^complan: ${join(dir, 'sys.conll').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: token "Name2" but gold has "Name10" \\(sentence 2\\) `));
    expect(r.stderr).toContain(`(the gold standard ${goldDir} is one input, one document a file, read in code-point order of the names: doc-10.conll before doc-2.conll; `
      + 'pad the numbers with zeros (doc-02.conll) to read them in numeric order)\n');
    expect(r.stderr).not.toContain('this sentence is gold sentence');
  });

  it('says a gold directory of several files is all of them, when a system file has fewer or more sentences', async () => {
    // A folder of systems given as the gold standard: five files, one gold standard five times as long.
    const r = await runCli(['eval', '--gold', 'examples/news/systems', CRF]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/crf\.conll:\d+: the file ends after 76 sentences, but the gold standard has 380; .* \(the gold standard examples\/news\/systems is a directory, one input, one document a file: its 5 files, read in code-point order of their names, are all the gold standard\)\n$/);
    // More sentences than a gold directory holds.
    const dir = mkdtempSync(join(tmpdir(), 'complan-gold-dir-short-'));
    writeFileSync(join(dir, 'a.conll'), 'Ann B-PER\nspoke O\n\n');
    writeFileSync(join(dir, 'b.conll'), 'Bo B-PER\nsang O\n\n');
    writeFileSync(join(dir, '..', `${basename(dir)}-sys.conll`), 'Ann B-PER\nspoke O\n\nBo B-PER\nsang O\n\nCy B-PER\nran O\n\n');
    const more = await runCli(['eval', '--gold', dir, join(dir, '..', `${basename(dir)}-sys.conll`)]);
    expect(more.code).toBe(2);
    expect(more.stderr).toContain(`(the gold standard ${dir} is a directory, one input, one document a file: its 2 files, read in code-point order of their names, are all the gold standard)`);
    // A token that differs is no such case: no word on the directory.
    writeFileSync(join(dir, '..', `${basename(dir)}-sys.conll`), 'Ann B-PER\nspoke O\n\nBo B-PER\nsung O\n\n');
    const token = await runCli(['eval', '--gold', dir, join(dir, '..', `${basename(dir)}-sys.conll`)]);
    expect(token.code).toBe(2);
    expect(token.stderr).not.toContain('is a directory, one input');
  });
});
