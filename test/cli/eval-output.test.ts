/**
 * The output formats of `complan eval`: the JSON schema, determinism, the text table
 * with conlleval-style percentages, CSV, Markdown, LaTeX and the colour switches.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixed } from '../../src/report/number.js';
import { evalJson, fixture, ROOT, runCli, system } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f));
const NEWS_ARGS = ['--gold', join(NEWS, 'gold.conll'), ...SYSTEMS];
const NAMES = SYSTEMS.map((p) => p.replace(/^.*\//, '').replace(/\.conll$/, ''));

/** Minimal RFC 4180 parser: quoted fields, doubled quotes, \n line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let k = 0; k < text.length; k++) {
    const ch = text[k];
    if (quoted) {
      if (ch === '"' && text[k + 1] === '"') { field += '"'; k++; } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; } else if (ch === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else field += ch;
  }
  expect(quoted).toBe(false);
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

const inUnit = (x: number | null) => {
  expect(typeof x).toBe('number');
  expect(x!).toBeGreaterThanOrEqual(0);
  expect(x!).toBeLessThanOrEqual(1);
};

describe('JSON', () => {
  it('has schemaVersion 1, the match mode, and every key for every system', async () => {
    const doc = await evalJson(NEWS_ARGS);
    expect(doc.schemaVersion).toBe(1);
    expect(doc.match).toBe('strict');
    expect(doc.systems.map((s) => s.name)).toEqual(NAMES);
    for (const s of doc.systems) {
      for (const key of ['name', 'tp', 'fp', 'fn', 'precision', 'recall', 'f', 'k', 'c', 's', 'd', 'i', 'e', 'err', 'ser', 'byType', 'macro', 'indicators']) {
        expect(s, `${s.name}.${key}`).toHaveProperty(key);
      }
      for (const key of ['tp', 'fp', 'fn', 'c', 's', 'd', 'i']) {
        expect(Number.isInteger((s as unknown as Record<string, number>)[key]), `${s.name}.${key}`).toBe(true);
      }
      expect(Object.keys(s.byType).length).toBeGreaterThan(0);
      for (const t of Object.values(s.byType)) {
        expect(Object.keys(t).sort()).toEqual(['f', 'fn', 'fp', 'precision', 'recall', 'tp']);
        [t.precision, t.recall, t.f].forEach(inUnit);
      }
      // Per-type counts add up to the totals (substitutions count once on each side).
      const sum = (k: 'tp' | 'fp' | 'fn') => Object.values(s.byType).reduce((a, t) => a + t[k], 0);
      expect([sum('tp'), sum('fp'), sum('fn')]).toEqual([s.tp, s.fp, s.fn]);
      expect(s.tp).toBe(s.c);
      expect(s.fp).toBe(s.s + s.i);
      expect(s.fn).toBe(s.s + s.d);
      expect(s.c + s.s + s.d).toBe(doc.gold.items);
      expect(s.macro).toHaveProperty('doc');
      expect(s.macro).toHaveProperty('type');
      for (const m of [s.macro.doc!, s.macro.type!]) [m.precision, m.recall, m.f].forEach(inUnit);
      expect(s.indicators.basis).toBe('tokens');
      [s.precision, s.recall, s.f, s.k, s.e, s.err].forEach(inUnit);
      expect(s.ser!).toBeGreaterThanOrEqual(0);
      expect(s.ser!).toBeGreaterThanOrEqual(s.err!);
      expect(s.err!).toBeGreaterThanOrEqual(s.e! - 1e-12);
      for (const [k, v] of Object.entries(s.indicators)) {
        if (typeof v === 'number' && !['a', 'b', 'c', 'd'].includes(k)) inUnit(v);
      }
    }
  });

  it('is deterministic: two runs are byte-identical, in every format', async () => {
    for (const format of ['json', 'table', 'csv', 'markdown', 'latex']) {
      const a = await runCli(['eval', '--format', format, ...NEWS_ARGS]);
      const b = await runCli(['eval', '--format', format, ...NEWS_ARGS]);
      expect(a.code).toBe(0);
      expect(a.stdout.length).toBeGreaterThan(0);
      expect(b.stdout, format).toBe(a.stdout);
    }
  });

  it('is valid JSON with no colour even when FORCE_COLOR is set', async () => {
    const r = await runCli(['eval', '--format', 'json', ...NEWS_ARGS], { FORCE_COLOR: '1' });
    expect(r.stdout).not.toContain('\u001b[');
    expect(() => JSON.parse(r.stdout)).not.toThrow();
  });
});

describe('table', () => {
  it('lists every system with conlleval-style percentages', async () => {
    const doc = await evalJson(NEWS_ARGS);
    const r = await runCli(['eval', ...NEWS_ARGS]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^Scores — 184 gold items in 8 documents \(76 sentences, 1379 tokens\)/);
    // Records of text (character offsets) are records, not sentences.
    const brat = join(ROOT, 'test/fixtures/brat/corpus');
    const text = await runCli(['eval', '--gold', brat, brat]);
    expect(text.stdout.split('\n')[0]).toMatch(/^Scores — \d+ gold items in 3 documents \(3 records, \d+ characters\)/);
    for (const s of doc.systems) {
      const row = lines.find((l) => l.startsWith(`${s.name} `));
      expect(row, s.name).toBeDefined();
      // conlleval: P and R as 100·TP/(TP+FP), 100·TP/(TP+FN); F1 from the two percentages.
      const p = (100 * s.tp) / (s.tp + s.fp);
      const rc = (100 * s.tp) / (s.tp + s.fn);
      const f = (2 * p * rc) / (p + rc);
      expect(row!.trim().split(/\s+/).slice(0, 7)).toEqual([s.name, String(s.tp), String(s.fp), String(s.fn), fixed(p), fixed(rc), fixed(f)]);
    }
  });

  it('has the five tables', async () => {
    const r = await runCli(['eval', ...NEWS_ARGS]);
    for (const title of ['Scores', 'Slot errors', 'Per type', 'Macro averages', 'Contingency indicators']) {
      expect(r.stdout).toMatch(new RegExp(`^${title}`, 'm'));
    }
    // E is 1 − F at the command's β, and its header says which F.
    expect(r.stdout).toMatch(/^system +C +S +D +I +E=1-F1 +ERR +SER$/m);
    const f2 = await runCli(['eval', ...NEWS_ARGS, '--beta', '2', '--format', 'json']);
    const crf = (JSON.parse(f2.stdout) as { systems: Array<{ name: string; e: number; f: number }> }).systems.find((x) => x.name === 'crf')!;
    expect(crf.e).toBeCloseTo(1 - crf.f, 12);
    expect((await runCli(['eval', ...NEWS_ARGS, '--beta', '2'])).stdout).toMatch(/^system +C +S +D +I +E=1-F2 +ERR +SER$/m);
    // With the defaults the later titles are bare; another match mode or types are repeated in each.
    expect(r.stdout).toMatch(/^Per type$/m);
    const narrowed = (await runCli(['eval', ...NEWS_ARGS, '--match', 'boundary', '--types', 'PER,LOC'])).stdout;
    for (const title of ['Slot errors', 'Per type', 'Macro averages', 'Contingency indicators']) {
      expect(narrowed).toMatch(new RegExp(`^${title}.* — boundary match, types PER,LOC$`, 'm'));
    }
    const tests = (await runCli(['eval', ...NEWS_ARGS, '--match', 'boundary', '--types', 'PER,LOC', '--significance', '--samples', '99'])).stdout;
    expect(tests).toMatch(/^Paired tests of ΔF1 .* — boundary match, types PER,LOC$/m);
  });

  it('FORCE_COLOR=1 colours it, NO_COLOR=1 does not, and NO_COLOR wins over FORCE_COLOR', async () => {
    const plain = await runCli(['eval', ...NEWS_ARGS]);
    expect(plain.stdout).not.toContain('\u001b[');
    const forced = await runCli(['eval', ...NEWS_ARGS], { FORCE_COLOR: '1' });
    expect(forced.stdout).toContain('\u001b[');
    // Without the escapes it is the same text.
    // eslint-disable-next-line no-control-regex
    expect(forced.stdout.replace(/\u001b\[\d+m/g, '')).toBe(plain.stdout);
    const none = await runCli(['eval', ...NEWS_ARGS], { NO_COLOR: '1' });
    expect(none.stdout).not.toContain('\u001b[');
    const both = await runCli(['eval', ...NEWS_ARGS], { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(both.stdout).not.toContain('\u001b[');
    const off = await runCli(['eval', ...NEWS_ARGS], { FORCE_COLOR: '0' });
    expect(off.stdout).not.toContain('\u001b[');
  });
});

describe('CSV', () => {
  it('parses: a header, then a "*" row and one row per type for each system, with numbers', async () => {
    const doc = await evalJson(NEWS_ARGS);
    const r = await runCli(['eval', '--format', 'csv', ...NEWS_ARGS]);
    expect(r.code).toBe(0);
    const rows = parseCsv(r.stdout);
    const header = rows[0];
    expect(header.slice(0, 8)).toEqual(['system', 'type', 'tp', 'fp', 'fn', 'precision', 'recall', 'f']);
    expect(header).toEqual(expect.arrayContaining(['k', 'c', 's', 'd', 'i', 'e', 'err', 'ser']));
    for (const row of rows) expect(row).toHaveLength(header.length);
    const col = (name: string) => header.indexOf(name);
    const body = rows.slice(1);
    expect(body.length).toBe(doc.systems.reduce((n, s) => n + 1 + Object.keys(s.byType).length, 0));
    for (const s of doc.systems) {
      const all = body.find((row) => row[0] === s.name && row[1] === '*')!;
      expect(all).toBeDefined();
      expect([all[col('tp')], all[col('fp')], all[col('fn')]].map(Number)).toEqual([s.tp, s.fp, s.fn]);
      for (const k of ['precision', 'recall', 'f', 'k', 'e', 'err', 'ser'] as const) {
        expect(Number(all[col(k)]), `${s.name} ${k}`).toBe(s[k]);
      }
      for (const [label, t] of Object.entries(s.byType)) {
        const row = body.find((x) => x[0] === s.name && x[1] === label)!;
        expect([row[col('tp')], row[col('fp')], row[col('fn')]].map(Number)).toEqual([t.tp, t.fp, t.fn]);
        expect(Number(row[col('f')])).toBe(t.f);
      }
    }
    for (const row of body) {
      for (const k of ['tp', 'fp', 'fn', 'precision', 'recall', 'f']) expect(Number.isFinite(Number(row[col(k)])) && row[col(k)] !== '').toBe(true);
    }
  });

  it('quotes a system name holding a comma or a quote', async () => {
    const r = await runCli(['eval', '--format', 'csv', '--gold', fixture('match/gold.conll'), `a,"b"=${fixture('match/mixed.conll')}`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"a,""b""",*,2,5,5,');
    const rows = parseCsv(r.stdout);
    expect(rows[1][0]).toBe('a,"b"');
  });
});

describe('Markdown', () => {
  it('has a `| system |` header row for each of the five tables', async () => {
    const r = await runCli(['eval', '--format', 'markdown', ...NEWS_ARGS]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const headers = lines.flatMap((l, k) => (l.startsWith('| system |') ? [k] : []));
    expect(headers).toHaveLength(5);
    for (const k of headers) {
      expect(lines[k + 1]).toMatch(/^\|(:---|---:)(\|(:---|---:))*\|$/);
      expect(lines[k + 1].split('|').length).toBe(lines[k].split(' | ').length + 2);
    }
    for (const name of NAMES) expect(r.stdout).toContain(`| ${name} |`);
    expect(r.stdout).toMatch(/^### Scores/m);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('escapes a pipe in a system name', async () => {
    const r = await runCli(['eval', '--format', 'markdown', '--gold', fixture('match/gold.conll'), `x|y=${fixture('match/mixed.conll')}`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('| x\\|y | 2 | 5 | 5 |');
  });
});

describe('LaTeX', () => {
  it('writes booktabs tabulars and escapes _ and %', async () => {
    const r = await runCli(['eval', '--format', 'latex', '--gold', join(NEWS, 'gold.conll'), SYSTEMS[0], `my_run%2=${SYSTEMS[1]}`]);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/\\begin\{tabular\}/g)).toHaveLength(5);
    expect(r.stdout.match(/\\end\{tabular\}/g)).toHaveLength(5);
    expect(r.stdout).toContain('my\\_run\\%2 & ');
    expect(r.stdout).not.toContain('my_run');
    // Outside the leading comment line, no unescaped % or _ is left.
    const body = r.stdout.split('\n').filter((l) => !l.startsWith('% '));
    for (const line of body) {
      expect(line, line).not.toMatch(/(^|[^\\])[%_]/);
    }
    // The em dash of the title is written the LaTeX way.
    expect(r.stdout).toContain('\\caption{Scores --- ');
  });
});

describe('system names', () => {
  it('name=path names a system; the default is the file stem', async () => {
    const doc = await evalJson(['--gold', fixture('match/gold.conll'), fixture('match/mixed.conll'), `renamed=${fixture('match/mixed.conll')}`]);
    expect(doc.systems.map((s) => s.name)).toEqual(['mixed', 'renamed']);
    expect(system(doc, 'renamed').tp).toBe(system(doc, 'mixed').tp);
  });
});

describe('eval --types and the accuracy column', () => {
  it('says that acc counts every type whatever --types, as conlleval does', async () => {
    const typed = await runCli(['eval', ...NEWS_ARGS, '--types', 'PER,ORG']);
    const all = await runCli(['eval', ...NEWS_ARGS]);
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stdout).toContain("acc: conlleval's accuracy, the share of tokens tagged as in the gold, every type whatever --types");
    expect(all.stdout).not.toContain('whatever --types');
    // The column itself is the same with and without --types.
    const acc = (out: string) => out.split('\n\n')[0].split('\n').filter((l) => /^(cautious|crf) /.test(l)).map((l) => l.trim().split(/\s+/).at(-1));
    expect(acc(typed.stdout)).toEqual(acc(all.stdout));
  });
});
