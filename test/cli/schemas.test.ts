/**
 * `eval --schemas` on the bundled news example: the JSON keys, the tables in text and Markdown,
 * and nothing added without the flag.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalJson, ROOT, runCli, system } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const args = ['--gold', join(NEWS, 'gold.conll'), join(NEWS, 'systems/crf.conll'), join(NEWS, 'systems/confuser.conll')];
const SCHEMAS = ['strict', 'exact', 'partial', 'ent_type'];
const KEYS = ['cor', 'inc', 'par', 'mis', 'spu', 'possible', 'actual', 'precision', 'recall', 'f'];

type Counts = Record<string, number>;

describe('eval --schemas', () => {
  it('adds systems[].schemas with the four schemas, lower-case counts, fractions, and byType', async () => {
    const doc = await evalJson(['--schemas', ...args]);
    for (const s of doc.systems) {
      const x = (s as unknown as { schemas: Record<string, Counts> & { byType: Record<string, Record<string, Counts>> } }).schemas;
      expect(Object.keys(x)).toEqual([...SCHEMAS, 'byType']);
      for (const name of SCHEMAS) {
        expect(Object.keys(x[name])).toEqual(KEYS);
        expect(x[name].possible).toBe(doc.gold.items);
        expect(x[name].precision).toBeGreaterThan(0);
        expect(x[name].precision).toBeLessThanOrEqual(1);
      }
      expect(x.strict.cor).toBe(s.tp);
      expect(Object.keys(x.byType)).toEqual(Object.keys(doc.gold.byType));
      const types = Object.values(x.byType);
      expect(types.reduce((n, t) => n + t.strict.mis, 0)).toBe(x.strict.mis);
    }
    const plain = await evalJson(args);
    expect('schemas' in system(plain, 'crf')).toBe(false);
  });

  it('prints the schema tables in text and Markdown, and records the flag in the settings', async () => {
    const text = await runCli(['eval', '--schemas', ...args]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/SemEval-2013 schemas .*\nsystem +schema +COR +INC +PAR +MIS +SPU +POS +ACT +P +R +F1\n/);
    expect(text.stdout).toMatch(/\ncrf +partial +\d+ +0 +\d+ /);
    expect(text.stdout).toContain('|schemas:true');
    const md = await runCli(['eval', '--schemas', '--format', 'markdown', ...args]);
    expect(md.stdout).toMatch(/\| system +\| schema +\| COR \|/);
    const plain = await runCli(['eval', ...args]);
    expect(plain.stdout).not.toContain('SemEval');
    expect(plain.stdout).toContain('|schemas:false');
  });

  it('says on stderr that the CSV, one table, leaves the schemas (and the paired tests) out', async () => {
    const csv = await runCli(['eval', '--schemas', '--format', 'csv', ...args]);
    expect(csv.code).toBe(0);
    expect(csv.stdout).not.toContain('ent_type');
    const [warning, settings, ...rest] = csv.stderr.split('\n');
    expect(warning).toBe('complan: warning: --schemas is not in the CSV, which holds one table (the scores); --format json, table, markdown or latex give it');
    // The CSV's settings, which it cannot hold, follow on standard error.
    expect(settings).toMatch(/^complan: settings: complan:[^|]+\|eval\|.*\|schemas:true\|/);
    expect(rest).toEqual(['']);
    const both = await runCli(['eval', '--schemas', '--significance', '--confusion', '--format', 'csv', ...args]);
    expect(both.stderr).toContain('--schemas and --significance are not in the CSV, which holds one table (the confusion matrices)');
    expect((await runCli(['eval', '--format', 'csv', ...args])).stderr).toMatch(/^complan: settings: [^\n]*\|schemas:false\|[^\n]*\n$/);
  });
});
