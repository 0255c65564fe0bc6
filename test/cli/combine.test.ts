/**
 * `complan combine` on examples/news: written ensembles read back through `eval`, every rule,
 * overlap handling, output formats, and errors that leave nothing behind.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { evalJson, ROOT, runCli, system } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD = join(NEWS, 'gold.conll');
const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];
const CONLL = NAMES.map((n) => join(NEWS, 'systems', `${n}.conll`));
const JSONL = NAMES.map((n) => join(NEWS, 'jsonl', `${n}.jsonl`));
const dir = mkdtempSync(join(tmpdir(), 'complan-combine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const out = (name: string) => join(dir, name);

const counts = (s: { tp: number; fp: number; fn: number }) => [s.tp, s.fp, s.fn];

describe('complan combine', () => {
  it('round-trips: eval of the union of one system equals that system, in CoNLL and JSONL', async () => {
    const base = await evalJson(['--gold', GOLD, ...CONLL]);
    for (const name of NAMES) {
      for (const ext of ['conll', 'jsonl']) {
        const file = out(`one-${name}.${ext}`);
        const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'union', '--systems', name, '--out', file]);
        expect(r.code, r.stderr).toBe(0);
        const e = await evalJson(['--gold', GOLD, `${name}=${file}`]);
        expect(counts(system(e, name))).toEqual(counts(system(base, name)));
        expect(system(e, name).byType).toEqual(system(base, name).byType);
      }
    }
  });

  it('writes what it simulates: eval of each rule’s output equals the scores it reports', async () => {
    for (const rule of ['union', 'intersection', 'majority', 'kofn:2', 'vote', 'weighted']) {
      const file = out(`rule-${rule.replace(':', '')}.jsonl`);
      const r = await runCli(['combine', '--gold', GOLD, ...JSONL, '--rule', rule, '--out', file]);
      expect(r.code, r.stderr).toBe(0);
      const e = await evalJson(['--gold', GOLD, `ens=${file}`]);
      const f = (100 * system(e, 'ens').f!).toFixed(2);
      expect(r.stderr).toContain(`F1 ${f}`);
      expect(r.stderr).toContain(`${rule.startsWith('kofn') ? 'kofn:2' : rule}(cautious+confuser+crf+gazetteer+sloppy) → ${file} (jsonl)`);
    }
  });

  it('orders the rules by selectivity: intersection ⊆ majority ⊆ kofn:2 ⊆ union', async () => {
    const tpfp = async (rule: string) => {
      const file = out(`sel-${rule.replace(':', '')}.jsonl`);
      expect((await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', rule, '--out', file])).code).toBe(0);
      const s = system(await evalJson(['--gold', GOLD, `x=${file}`]), 'x');
      return s.tp + s.fp;
    };
    const sizes = [await tpfp('intersection'), await tpfp('majority'), await tpfp('kofn:2'), await tpfp('union')];
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(sizes[0]).toBeLessThan(sizes[3]);
  });

  it('writes conlleval-style CoNLL with the gold column, which eval reads without --gold', async () => {
    const file = out('vote.conll');
    expect((await runCli(['combine', '--gold', GOLD, ...CONLL, '--out', file])).code).toBe(0);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines[0]).toBe('-DOCSTART- O O');
    expect(lines.filter((l) => l !== '' && !l.startsWith('-DOCSTART-')).every((l) => l.split(' ').length === 3)).toBe(true);
    const withGold = await evalJson(['--gold', GOLD, `v=${file}`]);
    const embedded = await evalJson([`v=${file}`]);
    expect(counts(system(embedded, 'v'))).toEqual(counts(system(withGold, 'v')));
    // --no-write-gold: two columns, and IOBES on request.
    const bare = out('vote-bare.conll');
    expect((await runCli(['combine', '--gold', GOLD, ...CONLL, '--no-write-gold', '--out-scheme', 'iobes', '--out', bare])).code).toBe(0);
    const tokenLines = readFileSync(bare, 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('-DOCSTART-'));
    expect(tokenLines.every((l) => l.split(' ').length === 2)).toBe(true);
    expect(tokenLines.some((l) => /^\S+ [SE]-/.test(l))).toBe(true);
    expect(counts(system(await evalJson(['--gold', GOLD, `v=${bare}`]), 'v'))).toEqual(counts(system(withGold, 'v')));
  });

  it('writes to standard output without --out (CoNLL unless --out-format jsonl)', async () => {
    const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'intersection']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('-DOCSTART- O O\n\n')).toBe(true);
    const j = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'intersection', '--out-format', 'jsonl']);
    expect(JSON.parse(j.stdout.split('\n')[0])).toHaveProperty('tokens');
    expect(j.stderr).toContain('→ standard output (jsonl)');
  });

  it('writes overlapping spans as JSONL by default; refuses them in CoNLL asked for, naming them, and writes nothing; resolves them on request', async () => {
    const file = out('union.conll');
    const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'union', '--out-format', 'conll', '--out', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^complan: cannot write overlapping spans as CoNLL: \S+ ".+" \(sentence \d+, tokens? [\d-]+\) overlaps .*--out-format jsonl.*--resolve-overlaps longest\|first/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.includes('union.conll'))).toEqual([]);
    // Without --out-format: JSONL, to a name without an extension (a .conll name is refused, exit 2).
    expect((await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'union', '--out', file])).code).toBe(2);
    const bare = out('union');
    const json = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'union', '--out', bare]);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toMatch(/\(jsonl\): \d+ spans\ncomplan: note: \d+ spans overlap others/);
    const all = system(await evalJson(['--gold', GOLD, `u=${bare}`]), 'u');
    expect(json.stderr).toContain(`F1 ${(100 * all.f!).toFixed(2)}`);
    for (const how of ['longest', 'first']) {
      const ok = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'union', '--resolve-overlaps', how, '--out', file]);
      expect(ok.code, ok.stderr).toBe(0);
      const m = /(\d+) overlapping span\(s\) dropped/.exec(ok.stderr);
      expect(m).not.toBeNull();
      const kept = Number(/: (\d+) spans/.exec(ok.stderr)![1]);
      const s = system(await evalJson(['--gold', GOLD, `u=${file}`]), 'u');
      expect(s.tp + s.fp).toBe(kept);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('weighted: given weights change the outcome; f1 and label-f1 run', async () => {
    const heavy = out('heavy.jsonl');
    const w = NAMES.map((n) => `${n}=${n === 'gazetteer' ? 10 : 1}`).join(',');
    const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'weighted', '--weights', w, '--out', heavy]);
    expect(r.code, r.stderr).toBe(0);
    // gazetteer outweighs the other four together: the ensemble returns gazetteer's spans.
    const gaz = out('gaz.jsonl');
    expect((await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'union', '--systems', 'gazetteer', '--out', gaz])).code).toBe(0);
    const e = await evalJson(['--gold', GOLD, `h=${heavy}`, `g=${gaz}`]);
    expect(counts(system(e, 'h'))).toEqual(counts(system(e, 'g')));
    for (const spec of ['f1', 'label-f1']) {
      expect((await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'weighted', '--weights', spec, '--out', out(`w-${spec}.jsonl`)])).code).toBe(0);
    }
  });

  it('takes the output format from the extension as eval reads it: .jsonl, .ndjson and .json are JSONL, any other CoNLL', async () => {
    for (const [name, format] of [['ext.jsonl', 'jsonl'], ['ext.ndjson', 'jsonl'], ['ext.json', 'jsonl'], ['ext.JSON', 'jsonl'], ['ext.conll', 'conll'], ['ext.txt', 'conll']]) {
      const file = out(name);
      const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'vote', '--out', file]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`→ ${file} (${format})`);
      expect(readFileSync(file, 'utf8').startsWith('{'), name).toBe(format === 'jsonl');
    }
  });

  it('says so when CoNLL\'s options meet JSONL output, rather than ignoring them', async () => {
    const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--out', out('opts.jsonl'), '--out-scheme', 'iobes', '--no-write-gold']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('complan: note: --out-scheme and --no-write-gold apply to CoNLL output only, not to the JSONL written (spans, without tags or a gold column)\n');
    const plain = await runCli(['combine', '--gold', GOLD, ...CONLL, '--out', out('plain.jsonl')]);
    expect(plain.stderr).not.toContain('note:');
    // CoNLL asked for under a JSONL name, which eval would read as JSONL.
    const named = await runCli(['combine', '--gold', GOLD, ...CONLL, '--out', out('named.jsonl'), '--out-format', 'conll']);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).toContain(`complan: note: --out-format conll under the JSONL name ${out('named.jsonl')}: eval reads a .jsonl, .ndjson or .json file as JSONL; name it .conll, or read it with --input-format conll\n`);
  });

  it('writes JSONL for a gold standard of text without tokens (BRAT), saying why; CoNLL asked for is an error naming --out-format jsonl', async () => {
    const brat = join(ROOT, 'test/fixtures/brat/corpus');
    const copy = out('brat-system');
    cpSync(brat, copy, { recursive: true });
    // Under a name with an extension other than JSONL's, refused (exit 2), nothing written.
    const named = out('brat.conll');
    const refused = await runCli(['combine', '--gold', brat, '--rule', 'union', `a=${copy}`, '--out', named]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trimEnd().split('\n').at(-1)).toBe(`complan: cannot write ${named} as CoNLL: the gold standard has character offsets (text without tokens), which CoNLL cannot hold; name a .jsonl file (or pass --out-format jsonl to write JSONL under this name)`);
    expect(existsSync(named)).toBe(false);
    const file = out('brat-ensemble');
    const r = await runCli(['combine', '--gold', brat, '--rule', 'union', `a=${copy}`, '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('complan: note: the gold standard has character offsets (text without tokens), which CoNLL cannot hold: wrote JSONL\n');
    expect(JSON.parse(readFileSync(file, 'utf8').split('\n')[0])).toHaveProperty('text');
    // --resolve-overlaps, a CoNLL option, is said not to apply to that JSONL, not ignored.
    const resolve = await runCli(['combine', '--gold', brat, '--rule', 'union', `a=${copy}`, '--out', out('brat2'), '--resolve-overlaps', 'longest']);
    expect(resolve.code, resolve.stderr).toBe(0);
    expect(resolve.stderr).toContain('complan: note: --resolve-overlaps applies to CoNLL output only, not to the JSONL written (spans, without tags or a gold column)\n');
    const asked = await runCli(['combine', '--gold', brat, '--rule', 'union', `a=${copy}`, '--out', out('asked.conll'), '--out-format', 'conll']);
    expect(asked.code).toBe(2);
    expect(asked.stderr.trimEnd().split('\n').at(-1)).toBe('complan: cannot write CoNLL: the gold standard has character offsets (text without tokens); write JSONL instead (--out-format jsonl)');
  });

  it('reports usage errors with exit 1 and one line', async () => {
    const cases: Array<[string[], string]> = [
      [['--rule', 'best'], '--rule: unknown rule "best"'],
      [['--rule', 'kofn:9'], 'kofn:9 needs at least 9 members, the ensemble has 5'],
      [['--systems', 'crf,nobody'], '--systems: no system named "nobody" (systems: cautious, confuser, crf, gazetteer, sloppy)'],
      // A name that looks like a system's but for an invisible character shows it.
      [['--systems', 'crf\u200d'], '--systems: no system named "crf\\u200d" (systems: cautious'],
      [['--systems', 'crf,crf'], '--systems names "crf" twice'],
      [['--rule', 'vote', '--weights', 'f1'], '--weights applies to --rule weighted, not vote'],
      [['--rule', 'weighted', '--weights', 'crf=x'], '--weights: expected f1, label-f1 or name=weight'],
      [['--rule', 'weighted', '--weights', 'crf=1'], '--weights: no weight for system "cautious"'],
      [['--resolve-overlaps', 'first', '--out', out('x.jsonl')], '--resolve-overlaps applies to CoNLL output'],
      [['--out', out('x.ann')], `--out ${out('x.ann')}: combine writes CoNLL or JSONL, not BRAT standoff; name a .jsonl file (character offsets, as BRAT's are: the one to use for a gold standard of texts), or .conll for a tokenised gold standard`],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['combine', '--gold', GOLD, ...CONLL, ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(readdirSync(dir).filter((f) => f === 'x.jsonl')).toEqual([]);
  });

  it('reports input errors with exit 2: a missing file, an unwritable output', async () => {
    const missing = await runCli(['combine', '--gold', GOLD, join(dir, 'nope.conll'), '--out', out('y.conll')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.conll');
    const noDir = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'intersection', '--out', join(dir, 'no/such/dir/z.conll')]);
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toContain('z.conll');
  });

  it('leaves an existing output untouched when combining fails', async () => {
    const file = out('keep.conll');
    writeFileSync(file, 'previous\n');
    const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--rule', 'union', '--out-format', 'conll', '--out', file]);
    expect(r.code).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('previous\n');
  });
});

describe('complan combine --write-gold', () => {
  it('is accepted, as the settings line names it, and writes what the default writes; --no-write-gold leaves the gold column out', async () => {
    const args = ['combine', '--gold', GOLD, CONLL[1], CONLL[2], '--rule', 'union', '--resolve-overlaps', 'longest'];
    const plain = await runCli([...args, '--out', out('wg-default.conll')]);
    const given = await runCli([...args, '--write-gold', '--out', out('wg-given.conll')]);
    const without = await runCli([...args, '--no-write-gold', '--out', out('wg-without.conll')]);
    for (const r of [plain, given, without]) expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out('wg-given.conll'), 'utf8')).toBe(readFileSync(out('wg-default.conll'), 'utf8'));
    expect(given.stderr).toContain('write-gold:true');
    expect(without.stderr).toContain('write-gold:false');
    expect(readFileSync(out('wg-without.conll'), 'utf8').split('\n')[2].split(' ')).toHaveLength(2);
    expect(readFileSync(out('wg-given.conll'), 'utf8').split('\n')[2].split(' ')).toHaveLength(3);
  });
});

describe('complan combine without systems', () => {
  it('says how to call it', async () => {
    const r = await runCli(['combine', '--gold', GOLD]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: no system files given (usage: complan combine --gold GOLD SYSTEM...)\n');
  });
});

describe('a system whose name holds a comma (its file is crf,v2.conll)', () => {
  it('is named whole in --systems, --weights and plan\'s --cost', async () => {
    const comma = out('crf,v2.conll');
    cpSync(join(NEWS, 'systems', 'crf.conll'), comma);
    const others = ['sloppy', 'cautious'].map((n) => join(NEWS, 'systems', `${n}.conll`));
    const picked = await runCli(['combine', '--gold', GOLD, comma, ...others, '--systems', 'crf,v2,sloppy', '--rule', 'union', '--out', out('comma-union.jsonl')]);
    expect(picked.code, picked.stderr).toBe(0);
    expect(picked.stderr).toContain('union(crf,v2+sloppy)');
    const weighted = await runCli(['combine', '--gold', GOLD, comma, ...others, '--rule', 'weighted', '--weights', 'crf,v2=3,sloppy=1,cautious=1', '--out', out('comma-weighted.conll')]);
    expect(weighted.code, weighted.stderr).toBe(0);
    // Weighted 3 against 1 + 1, crf,v2 decides every item alone: its own output.
    const alone = await runCli(['combine', '--gold', GOLD, comma, ...others, '--systems', 'crf,v2', '--rule', 'union', '--out', out('comma-alone.conll')]);
    expect(alone.code, alone.stderr).toBe(0);
    expect(counts((await evalJson(['--gold', GOLD, `w=${out('comma-weighted.conll')}`])).systems[0])).toEqual(counts((await evalJson(['--gold', GOLD, `a=${out('comma-alone.conll')}`])).systems[0]));
    const plan = await runCli(['plan', '--gold', GOLD, comma, ...others, '--cost', 'crf,v2=3,sloppy=1,cautious=1', '--folds', '0', '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const candidates = (JSON.parse(plan.stdout) as { candidates: Array<{ members: string[]; cost: number }> }).candidates;
    expect(candidates.find((c) => c.members.length === 1 && c.members[0] === 'crf,v2')!.cost).toBe(3);
    // Names that are not whole names are still named as unknown.
    const wrong = await runCli(['combine', '--gold', GOLD, comma, ...others, '--systems', 'crf,v3', '--out', out('comma-wrong.conll')]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('complan: --systems: no system named "crf" (systems: cautious, "crf,v2", sloppy)\n');
  });

  it('refuses a list that reads two ways with the systems given, naming both readings and how to choose', async () => {
    const sub = join(dir, 'two-ways');
    mkdirSync(sub);
    const file = (name: string, from: string) => {
      const path = join(sub, `${name}.conll`);
      cpSync(join(NEWS, 'systems', `${from}.conll`), path);
      return path;
    };
    const inputs = [file('crf,v2', 'crf'), file('crf', 'gazetteer'), file('v2', 'sloppy')];
    const written = out('two-ways.jsonl');
    const picked = await runCli(['combine', '--gold', GOLD, ...inputs, '--systems', 'crf,v2', '--rule', 'union', '--out', written]);
    expect(picked.code).toBe(1);
    expect(picked.stderr).toBe('complan: --systems "crf,v2" reads two ways, as "crf,v2" and as "crf", "v2": give the system "crf,v2" a name without a comma (NAME=PATH) to choose\n');
    expect(readdirSync(dir)).not.toContain('two-ways.jsonl');
    // Named apart, each reading is there to choose.
    const apart = await runCli(['combine', '--gold', GOLD, `crf2=${inputs[0]}`, ...inputs.slice(1), '--systems', 'crf,v2', '--rule', 'union', '--out', written]);
    expect(apart.code, apart.stderr).toBe(0);
    expect(apart.stderr).toContain('union(crf+v2)');
    // A NAME=VALUE list reads two ways only with a name that holds = and a comma.
    const odd = [file('x=1,y', 'crf'), file('x', 'gazetteer'), file('y', 'sloppy')];
    const weights = await runCli(['combine', '--gold', GOLD, ...odd, '--rule', 'weighted', '--weights', 'x=1,y=2', '--out', written]);
    expect(weights.code).toBe(1);
    expect(weights.stderr).toBe('complan: --weights "x=1,y=2" reads two ways, as "x=1,y"=2 and as "x"=1, "y"=2: give the system "x=1,y" a name without a comma (NAME=PATH) to choose\n');
    const cost = await runCli(['plan', '--gold', GOLD, ...odd, '--cost', 'x=1,y=2', '--folds', '0']);
    expect(cost.code).toBe(1);
    expect(cost.stderr).toBe('complan: --cost "x=1,y=2" reads two ways, as "x=1,y"=2 and as "x"=1, "y"=2: give the system "x=1,y" a name without a comma (NAME=PATH) to choose\n');
  });
});

describe('an output written among the systems it combines', () => {
  it('gets a note naming the glob that would read it as a system and the folder above; elsewhere, or of another extension, none', async () => {
    const sub = join(dir, 'beside', 'systems');
    mkdirSync(sub, { recursive: true });
    const copies = NAMES.slice(0, 3).map((n) => {
      const path = join(sub, `${n}.conll`);
      cpSync(join(NEWS, 'systems', `${n}.conll`), path);
      return path;
    });
    const named = [`x=${copies[0]}`, ...copies.slice(1)];
    const inside = join(sub, 'vote.conll');
    const r = await runCli(['combine', '--gold', GOLD, ...named, '--rule', 'vote', '--out', inside]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`complan: note: ${inside} is in the folder of the systems it combines: a later run on ${join(sub, '*.conll')} would read it as one more system; write it elsewhere, as ${join(dir, 'beside', 'vote.conll')}\n`);
    for (const elsewhere of [join(dir, 'beside', 'vote.conll'), join(sub, 'vote.jsonl')]) {
      const ok = await runCli(['combine', '--gold', GOLD, ...named, '--rule', 'vote', '--out', elsewhere]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr).not.toContain('in the folder of the systems');
    }
  });

  it('says that a score of members and a rule picked by hand is in-sample if they were picked on this gold standard', async () => {
    const r = await runCli(['combine', '--gold', GOLD, ...CONLL, '--systems', 'confuser,crf,gazetteer', '--rule', 'vote', '--out', out('picked.conll')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^complan: scored against .+: P \d+\.\d\d {2}R \d+\.\d\d {2}F1 96\.72 \(strict; in-sample if the members or the rule were chosen on this gold standard\)$/m);
  });
});

describe('system names that hold "+"', () => {
  const named = (name: string, system: string) => `${name}=${join(NEWS, 'systems', `${system}.conll`)}`;
  const WARNING = 'complan: warning: ensembles are written as their members joined with "+" (vote(a+b+c)), and with the system name "a+b" one such list can read as two sets of systems: name it without "+" (NAME=PATH) so that each reads one way\n';

  it('are warned of in combine and plan when a list of members can read two ways, and not otherwise', async () => {
    const ambiguous = [named('a+b', 'crf'), named('a', 'confuser'), named('b', 'gazetteer')];
    const c = await runCli(['combine', '--gold', GOLD, ...ambiguous, '--rule', 'vote', '--out', out('plus.conll')]);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr).toContain(WARNING);
    const p = await runCli(['plan', '--gold', GOLD, ...ambiguous, '--folds', '0', '--format', 'json']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toContain(WARNING);
    // eval writes no lists of members: nothing to warn of.
    expect((await runCli(['eval', '--gold', GOLD, ...ambiguous])).stderr).not.toContain('joined with "+"');
    const plain = await runCli(['combine', '--gold', GOLD, named('base+gaz', 'crf'), named('base', 'confuser'), named('ner', 'gazetteer'), '--rule', 'vote', '--out', out('plus-plain.conll')]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).not.toContain('warning');
  });
});
