/** `eval` names the JSONL dialect of each input, and `--labels` takes a file or a list. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelsOption } from '../../cli/options.js';
import { InputError } from '../../src/errors.js';
import { ROOT, runCli } from './helpers.js';

const DIR = join(ROOT, 'test/fixtures/dialects');
const at = (name: string) => join(DIR, name);
const NAMES = ['O', 'B-PER', 'I-PER', 'B-ORG', 'I-ORG', 'B-LOC', 'I-LOC', 'B-MISC', 'I-MISC'];

describe('eval names each JSONL input\'s dialect', () => {
  const systems = ['conll=sys.conll', 'hf=hf.jsonl', 'ids=hf-ids.jsonl', 'spacy=spacy.jsonl', 'doccano=doccano.jsonl']
    .map((s) => s.replace('=', `=${DIR}/`));

  it('in the JSON (null for CoNLL), with every dialect scoring as the CoNLL file', async () => {
    const r = await runCli(['eval', '--gold', at('gold.conll'), '--labels', at('labels.json'), '--format', 'json', ...systems]);
    // Every rendering predicts the CoNLL file's very items, and is warned of as such, and of nothing else.
    expect(r.stderr.split('\n').filter((l) => l !== '').map((l) => l.replace(/\(.*?\)/g, '()'))).toEqual(
      ['doccano', 'hf', 'ids', 'spacy'].map((n) => `complan: warning: the system "${n}" () predicts exactly the same 7 items as "conll" (): an ensemble of these systems () would count that output twice (); give each output once`),
    );
    const doc = JSON.parse(r.stdout) as { gold: { dialect: string | null }; systems: Array<{ name: string; dialect: string | null; tp: number; fp: number; fn: number }> };
    expect(doc.gold.dialect).toBeNull();
    expect(doc.systems.map((s) => [s.name, s.dialect, s.tp, s.fp, s.fn])).toEqual([
      ['conll', null, 5, 2, 2], ['doccano', 'doccano', 5, 2, 2], ['hf', 'huggingface', 5, 2, 2], ['ids', 'huggingface-ids', 5, 2, 2], ['spacy', 'spacy', 5, 2, 2],
    ]);
  });

  it('in a line under the scores table, gold included, and not at all without JSONL', async () => {
    const r = await runCli(['eval', '--gold', at('hf.jsonl'), at('spacy.jsonl')]);
    // The spaCy rendering predicts the gold items exactly, which is warned about, and nothing else.
    expect(r.stderr).toMatch(/^complan: warning: the system "spacy" \(.*spacy\.jsonl\) predicts exactly the gold standard's 7 items and scores as perfect: is it the gold standard under another name\?\n$/);
    const lines = r.stdout.split('\n');
    // Under the table: what K is, then the dialects (no acc: the spaCy system is read as spans).
    expect(lines[4]).toBe('K: the K-measure (1+β²)(P·R)^α/(β²P+R) with α=1, β=1 (at α=1 it equals F1). JSONL read as: gold (huggingface), spacy (spacy).');
    const plain = await runCli(['eval', '--gold', at('gold.conll'), at('sys.conll')]);
    expect(plain.stdout).not.toContain('JSONL read as');
  });
});

describe('--labels', () => {
  it('reads the same names from a JSON array, a config.json\'s id2label, lines, and a list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-labels-'));
    writeFileSync(join(dir, 'labels.txt'), `${NAMES.join('\n')}\n`);
    expect(labelsOption(at('labels.json'))).toEqual(NAMES);
    expect(labelsOption(at('config.json'))).toEqual(NAMES);
    expect(labelsOption(join(dir, 'labels.txt'))).toEqual(NAMES);
    expect(labelsOption(NAMES.join(','))).toEqual(NAMES);
  });

  it('refuses a file that is not UTF-8 as the data files are, naming it, its line and column (exit 2), not the input whose ids it names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-labels-'));
    // Latin-1: read as UTF-8, "Ö" would become U+FFFD, a label no gold has, blamed on hf-ids.jsonl.
    writeFileSync(join(dir, 'labels.txt'), Buffer.from(`${NAMES.join('\n').replace('B-PER', 'B-PERSÖN')}\n`, 'latin1'));
    const r = await runCli(['eval', '--gold', at('gold.conll'), '--labels', join(dir, 'labels.txt'), at('hf-ids.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`complan: ${join(dir, 'labels.txt')}:2: not valid UTF-8 at column 7: byte 0xD6; convert the file to UTF-8\n`);
    // So are the other small files a command reads: label distances and saved plans.
    writeFileSync(join(dir, 'distance.json'), Buffer.from('{"PER": {"PERSÖN": 0.5}}\n', 'latin1'));
    const distance = await runCli(['eval', '--gold', at('gold.conll'), '--label-distance', join(dir, 'distance.json'), at('sys.conll')]);
    expect(distance.code).toBe(2);
    expect(distance.stderr).toBe(`complan: ${join(dir, 'distance.json')}:1: not valid UTF-8 at column 15: byte 0xD6; convert the file to UTF-8\n`);
  });

  it('reads a file whose name has a comma as a file, and a missing file as a data error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-labels-'));
    writeFileSync(join(dir, 'a,b.txt'), 'O\nB-X\nI-X\n');
    expect(labelsOption(join(dir, 'a,b.txt'))).toEqual(['O', 'B-X', 'I-X']);
    expect(() => labelsOption(join(dir, 'none.txt'))).toThrow(InputError);
    expect(() => labelsOption(dir)).toThrow(`${dir}: is a directory (--labels takes a file of labels, or the labels separated by commas)`);
  });

  it('warns when no input has integer ner_tags to name', async () => {
    const r = await runCli(['eval', '--gold', at('gold.conll'), '--labels', 'O,B-PER,I-PER', at('hf.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('complan: warning: --labels was given, but no input has integer ner_tags: the labels were not used\n');
  });

  it('as the column and tag options are warned of when no input has columns or tags', async () => {
    // Character spans only: no CoNLL columns, no tags, so none of these options did anything.
    const spans = await runCli(['eval', '--gold', at('spacy.jsonl'), '--gold-column', '2', '--pred-column', '3', '--scheme', 'iobes', '--invalid', 'drop', at('doccano.jsonl')]);
    expect(spans.code).toBe(0);
    // (The doccano rendering is the gold standard's items, which is warned of too.)
    expect(spans.stderr.split('\n').filter((l) => !l.includes('scores as perfect')).join('\n')).toBe([
      'complan: warning: --gold-column was given, but no input is CoNLL: the column was not used',
      'complan: warning: --pred-column was given, but no system file is CoNLL: the column was not used (a CoNLL gold standard\'s tag column is --gold-column)',
      'complan: warning: --scheme and --invalid were given, but no input has tags (CoNLL, or JSONL ner_tags): spans given as offsets have no scheme, so they were not used',
      '',
    ].join('\n'));
    // A CoNLL gold standard uses --gold-column and --scheme, but --pred-column is a system file's.
    const gold = await runCli(['eval', '--gold', at('gold.conll'), '--gold-column', '2', '--pred-column', '2', '--scheme', 'iob2', at('doccano.jsonl')]);
    expect(gold.stderr).toBe('complan: warning: --pred-column was given, but no system file is CoNLL: the column was not used (a CoNLL gold standard\'s tag column is --gold-column)\n');
    // Tags in Hugging Face rows take --strict-scheme: no warning.
    const rows = await runCli(['eval', '--gold', at('hf.jsonl'), '--strict-scheme', at('doccano.jsonl')]);
    expect(rows.code).toBe(0);
    expect(rows.stderr).not.toContain('was given');
  });

  it('is a setting of the run, shown in the JSON settings', async () => {
    const r = await runCli(['eval', '--gold', at('gold.conll'), '--labels', 'O,B-PER,I-PER,B-ORG,I-ORG,B-LOC,I-LOC', '--format', 'json', at('hf-ids.jsonl')]);
    expect(r.stderr).toBe('');
    expect((JSON.parse(r.stdout) as { settings: Record<string, unknown> }).settings.labels).toBe('O,B-PER,I-PER,B-ORG,I-ORG,B-LOC,I-LOC');
  });
});
