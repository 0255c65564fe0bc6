/**
 * The HTML report's renderer, without a browser: escaping of every text from the inputs (system
 * names with markup, quotes and a closing script tag), JSON safe inside a script element, sort
 * keys, determinism, the summary's sentence and table, the heatmap's cells and data, the
 * confusion matrices when the evaluation gives them, the Pareto chart's front, and the contexts
 * of example items.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg, type Corpus } from '../../src/index.js';
import { parseObjective } from '../../src/plan/objective.js';
import { htmlEscape, scriptJson } from '../../src/report/html-escape.js';
import { itemContext } from '../../src/report/html-context.js';
import { htmlReportInput } from '../../src/report/html-report.js';
import { confusionHtml, systemsScoreTable } from '../../src/report/html-systems.js';
import { sortKey, tableHtml } from '../../src/report/html-table.js';
import { reportHtml, sectionData, summarySentence, summaryTable, type HtmlReportInput } from '../../src/report/html.js';
import type { PlanResult } from '../../src/plan/types.js';
import { paretoSvg } from '../../src/report/pareto-svg.js';

const ROOT = join(import.meta.dirname, '../..');
const NEWS = join(ROOT, 'examples/news');
/** Names that would be markup, break an attribute, or end the data's script element if they were not escaped. */
const HOSTILE = ['<b>bold</b>', 'quote"s\'', '</script><script>alert(1)</script>', 'crf', 'amp&amp;'];
const FILES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];

function corpusOf(names: readonly string[]): Corpus {
  return loadCorpus({
    ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'),
    systems: FILES.map((f, i) => ({ ...parseSystemArg(join(NEWS, 'systems', `${f}.conll`)), name: names[i] })),
  });
}

const planOptions = () => ({ objective: parseObjective('f1'), folds: 3, samples: 200, top: 5 });

describe('escaping', () => {
  it('escapes the five special characters for content and attributes', () => {
    expect(htmlEscape('<a href="x">Tom & Jerry\'s</a>')).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(htmlEscape('X\u001b[2J\u0007\u202eY')).toBe('X\\e[2J\\x07\\u{202e}Y');
  });

  it('writes JSON that cannot end its script element and parses back to the value', () => {
    const value = { name: '</script><!-- x -->', sep: '\u2028\u2029', amp: 'a&b' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('sort keys', () => {
  it('reads the numbers the tables print, and nothing else', () => {
    expect(sortKey('12.50')).toBe('12.5');
    expect(sortKey('−3.20')).toBe('-3.2');
    expect(sortKey('+1.5')).toBe('1.5');
    expect(sortKey('45%')).toBe('45');
    expect(sortKey('1,234')).toBe('1234');
    expect(sortKey('∞')).toBe('Infinity');
    expect(sortKey('—')).toBe('');
    expect(sortKey('crf')).toBe('');
    expect(sortKey('vote(a+b)')).toBe('');
  });

  it('puts a sort key on every cell of a sortable table and a button in every header', () => {
    const html = tableHtml({ columns: [{ header: 'system' }, { header: 'F1', align: 'right' }], rows: [['a<b', '90.00'], ['c', '—']] }, { sortable: true, id: 't' });
    expect(html).toContain('<button type="button" class="sort" data-column="1" title="Sort by F1">F1</button>');
    expect(html).toContain('<th scope="row" data-sort="">a&lt;b</th><td class="num" data-sort="90">90.00</td>');
    expect(html).toContain('<td class="num" data-sort="">—</td>');
  });
});

describe('the report of the examples with hostile names', () => {
  let input: HtmlReportInput;
  let html: string;
  let corpus: Corpus;

  beforeAll(() => {
    corpus = corpusOf(HOSTILE);
    input = htmlReportInput(corpus, { plan: planOptions(), examples: 2, baseline: 'crf' });
    html = reportHtml(input);
  });

  it('lists the plan\'s notes, to which the tables\' legends refer', () => {
    const counts = htmlReportInput(corpus, { plan: { ...planOptions(), objective: parseObjective('tp - fp'), folds: 0, holdout: 0.5 }, examples: 1 });
    const page = reportHtml(counts);
    expect(counts.plan.notes.some((n) => n.kind === 'counts-objective')).toBe(true);
    expect(page).toContain('<h3>Notes</h3><ul class="note"><li>');
    expect(page).toContain('the objective reads counts (tp, fp, fn), which grow with the data');
  });

  it('is one complete document whose policy forbids loading anything', () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain('content="default-src \'none\'; style-src \'unsafe-inline\'; script-src \'unsafe-inline\'; img-src data:"');
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<link\b/);
  });

  it('never lets a system name become markup', () => {
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('data-a="quote&quot;s&#39;"');
    expect(html).toContain('amp&amp;amp;');
    // Exactly two script elements: the data and the code.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('carries the names back intact in its data', () => {
    const m = /<script type="application\/json" id="complan-data">(.*?)<\/script>/s.exec(html);
    expect(m).not.toBeNull();
    const data = JSON.parse(m![1]) as { heatmap: { systems: string[]; pairs: unknown[] } };
    expect([...data.heatmap.systems].sort()).toEqual([...HOSTILE].sort());
    expect(data.heatmap.pairs).toHaveLength(20);
  });

  it('is deterministic: the same input gives the same bytes', () => {
    expect(reportHtml(htmlReportInput(corpus, { plan: planOptions(), examples: 2, baseline: 'crf' }))).toBe(html);
  });

  it('has one heatmap cell per ordered pair, data-fcomp the unrounded fraction of compare', () => {
    const cells = [...html.matchAll(/<button type="button" class="cell[^"]*" data-a="([^"]*)" data-b="([^"]*)" data-fcomp="([^"]*)"/g)];
    expect(cells).toHaveLength(20);
    for (const [, , , v] of cells) expect(v === '' || (Number(v) >= 0 && Number(v) <= 1)).toBe(true);
    const p = input.comparison.pairs[0];
    expect(html).toContain(`data-fcomp="${p.fComp === null || !Number.isFinite(p.fComp) ? '' : String(p.fComp)}" data-pair="0"`);
  });

  it('says what to use in one sentence, with its held-out score and the baselines\'', () => {
    const r = input.plan;
    const sentence = summarySentence(r);
    expect(sentence).toMatch(/^Use .+ \(.+\): held-out F1 \d+\.\d\d( ± \d+\.\d\d \(sd over 3 splits\)| over 3 splits), against /);
    // Every other procedure, the search's choice among them, with its held-out score.
    for (const b of ['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'].filter((n) => n !== r.recommendation.procedure)) expect(sentence).toMatch(new RegExp(`[ ,]${b} \\d+\\.\\d\\d[, ]`));
    // The held-out figures chose the recommendation: the summary says so, as the text report does.
    expect(sentence).toMatch(/\d \(these figures also picked it, so its own is slightly optimistic\)\.$/);
    const t = summaryTable(r);
    expect(t.rows).toHaveLength(5);
    expect(t.rows.filter((row) => row[0].endsWith('(recommended)'))).toHaveLength(1);
    expect(t.columns.map((c) => c.header)).toEqual(['procedure', 'chose', 'in-sample', 'held-out', 'recommendation −', '95% interval', 'p']);
    expect(t.title).toBe('The recommendation against the baselines (F1)');
    expect(t.note).toMatch(/^in-sample: on the planning data, which made every choice; held-out: /);
    // Without held-out splits there is nothing to set against: the title says what the table holds.
    const none = { ...r, heldOut: undefined };
    expect(summaryTable(none).title).toBe('The procedures\' choices, in-sample (F1)');
  });

  it('gives the test set\'s figures in the summary, with or without held-out splits, saying it chose nothing', () => {
    const test = corpusOf(HOSTILE);
    for (const folds of [0, 3]) {
      const r = htmlReportInput(corpus, { plan: { ...planOptions(), folds, test } }).plan;
      const own = [r.selection, ...r.baselines].find((p) => p.name === r.recommendation.procedure)!;
      const sentence = summarySentence(r);
      // (The planning corpus as its own test set: every test document is a planning one, and the summary says so.)
      expect(sentence, String(folds)).toMatch(new RegExp(` On the test set \\(.+\\), in-sample: every one of its 8 documents is a planning document, so it is no test: ${(own.test!.objective * 100).toFixed(2)}\\.$`));
      if (folds === 0) expect(sentence).not.toContain('in-sample only');
      const t = summaryTable(r);
      expect(t.columns.map((c) => c.header).slice(0, 4)).toEqual(['procedure', 'chose', 'in-sample', 'test']);
      expect(t.rows.map((row) => row[3])).toEqual([r.selection, ...r.baselines].map((p) => (p.test!.objective * 100).toFixed(2)));
      expect(t.note).toMatch(/ test: on the test set \(.+\), in-sample: every one of its 8 documents is a planning document, so it is no test\.$/);
      expect(t.note).not.toContain('every figure is in-sample');
      if (folds === 0) expect(t.title).toBe('The procedures\' choices, in-sample and on the test set (F1)');
    }
  });

  it('has the sections, the ablation among them with a baseline', () => {
    for (const id of ['summary', 'systems', 'complementarity', 'candidates', 'ablation']) expect(html).toContain(`<section id="${id}"`);
    expect(html).toContain('Ablation against crf');
    expect(html).toContain('<svg class="pareto"');
    expect(html).toContain('Predicted versus actual');
  });

  it('gives the systems table every system with P, R, F1, SER, K and a column per type', () => {
    const t = systemsScoreTable(input.evaluation);
    expect(t.columns.map((c) => c.header)).toEqual(['system', 'TP', 'FP', 'FN', 'P', 'R', 'F1', 'SER', 'K', 'LOC F1', 'MISC F1', 'ORG F1', 'PER F1']);
    expect(t.rows.map((r) => r[0])).toEqual(corpus.systems.map((s) => s.name));
    expect([...t.rows.map((r) => r[0])].sort()).toEqual([...HOSTILE].sort());
  });

  it('shows each system\'s type-confusion matrix (the evaluation counts them when read)', () => {
    expect(html).not.toContain('No type-confusion matrices');
    for (const s of input.evaluation.systems) expect(html).toContain(`<figure class="table confusion" data-system="${htmlEscape(s.name)}">`);
  });

  it('gives example items their sentence context', () => {
    const pair = input.comparison.pairs.find((p) => p.examples.bFinds.length > 0)!;
    const e = pair.examples.bFinds[0];
    const [before, item, after] = itemContext(corpus, e);
    expect(item).toBe(e.text);
    const sentence = corpus.sentences[e.sentence - 1];
    const tokens = corpus.tokens!.slice(sentence.start, sentence.end).join(' ');
    expect(tokens).toContain(`${before.replace(/^… /, '')} ${item}`.trim());
    expect(tokens).toContain(`${item} ${after.replace(/ …$/, '')}`.trim());
  });
});

describe('the footer of a page built by the library', () => {
  it('holds the settings the plan resolved when the caller gives none, and the caller\'s when given', () => {
    const corpus = corpusOf(HOSTILE);
    const page = reportHtml(htmlReportInput(corpus, { plan: { folds: 3 }, examples: 2 }));
    const footer = /<footer>([^<]*)<\/footer>/.exec(page)![1];
    expect(footer).toMatch(/^settings: complan:[^|]+\|report\|objective:f1\|rules:union,intersection,majority,vote\|search:auto\|min-size:1\|max-size:\d+\|budget:none\|held-out:3 folds × 1\|seed:1\|match:strict\|beta:1\|k-alpha:1\|zero-division:gerbil\|types:all\|examples:2$/);
    const given = reportHtml(htmlReportInput(corpus, { plan: { folds: 0 }, settings: { version: 'v', command: 'report', options: { x: 1 } } }));
    expect(/<footer>([^<]*)<\/footer>/.exec(given)![1]).toBe('settings: complan:v|report|x:1');
  });
});

describe('what the Systems and Complementarity sections are measured on', () => {
  it('is said: the planning data, in-sample; with a hold-out, both parts; never the test set', () => {
    const corpus = corpusOf(FILES);
    const whole = reportHtml(htmlReportInput(corpus, { plan: planOptions(), examples: 0 }));
    const line = `Measured on all 8 documents of ${htmlEscape(corpus.gold.source)}: the planning data, which chose the plan, so in-sample.`;
    // Once at the start of each section.
    expect(whole.split(line)).toHaveLength(3);
    const held = reportHtml(htmlReportInput(corpus, { plan: { ...planOptions(), folds: undefined, holdout: 0.25 }, examples: 0 }));
    expect(held).toContain(`Measured on all 8 documents of ${htmlEscape(corpus.gold.source)}: the 6 the plan was chosen on and the 2 it held out, so partly in-sample.`);
    const withTest = { planningData: { units: 'sentence', documents: 1, sentences: 1, goldItems: 2, of: 1 }, testSet: { gold: 'test.conll' } } as unknown as PlanResult;
    expect(sectionData(withTest, 'dev.conll')).toBe('Measured on all 1 sentence of dev.conll: the planning data, which chose the plan, so in-sample. Not on the test set (test.conll).');
  });
});

describe('the type-confusion matrix', () => {
  it('renders gold types by predicted types, missed and spurious, shaded by row share', () => {
    const html = confusionHtml('a<b', { types: ['LOC', 'PER'], matrix: [[8, 2], [0, 5]], missed: [1, 3], spurious: [4, 0] });
    expect(html).toContain('data-system="a&lt;b"');
    expect(html).toContain('<th scope="row">LOC</th>');
    expect(html).toContain('>missed</th>');
    expect(html).toContain('<th scope="row">spurious</th>');
    // 8 of LOC's 11 items: the band of 0.727; zeros unshaded.
    expect(html).toMatch(/<td class="num" style="background:#[0-9a-f]{6};color:#[0-9a-f]{6}">8<\/td>/);
    expect(html).toContain('<td class="num">0</td>');
  });

  it('shows a picker and one matrix per system when the evaluation gives them', () => {
    const corpus = corpusOf(FILES);
    const input = htmlReportInput(corpus, { plan: planOptions(), examples: 1 });
    const confusion = new Map(input.evaluation.systems.map((s) => [s.name, { types: ['PER'], matrix: [[s.tp]], missed: [s.fn], spurious: [s.fp] }]));
    const html = reportHtml({ ...input, confusion });
    expect(html).toContain('<select id="confusion-system">');
    expect(html.match(/<figure class="table confusion"/g)).toHaveLength(5);
  });
});

describe('the Pareto chart', () => {
  it('puts on the front exactly the points nothing beats on both size and objective, and rings the recommendation', () => {
    const svg = paretoSvg([
      { x: 1, value: 0.8, label: 'a' }, { x: 2, value: 0.9, label: 'b' }, { x: 2, value: 0.85, label: 'c' }, { x: 3, value: 0.88, label: 'd' }, { x: 3, value: 0.95, label: 'e' },
    ], { axis: 'size', objective: 'F1', minimise: false, format: (v) => v.toFixed(2), recommendation: { x: 3, value: 0.95, label: 'e' } });
    const front = /<g class="front"[^>]*>([\s\S]*?)<\/g>/.exec(svg)![1];
    expect([...front.matchAll(/<title>(\w):/g)].map((m) => m[1])).toEqual(['a', 'b', 'e']);
    expect(svg).toContain('<g class="recommendation">');
    expect(svg).toContain('members (size) (lower is better)');
    expect(svg).toContain('<title id="pareto-title">Actual F1 against members (size): 5 candidates, 3 on the Pareto front</title>');
    // Counts with thousands separators, as the scatter and the tables write them.
    const many = Array.from({ length: 1200 }, (_, k) => ({ x: 1 + (k % 5), value: k / 1200, label: `p${k}` }));
    expect(paretoSvg(many, { axis: 'size', objective: 'F1', minimise: false, format: (v) => v.toFixed(2) })).toContain(': 1,200 candidates, ');
    // Candidates whose objective is undefined are not drawn, and the title counts them apart.
    const undefinedToo = paretoSvg([{ x: 1, value: 0.8, label: 'a' }, { x: 2, value: Number.NaN, label: 'b' }], { axis: 'size', objective: 'F1', minimise: false, format: (v) => v.toFixed(2) });
    expect(undefinedToo).toContain('<title id="pareto-title">Actual F1 against members (size): 1 candidate (1 more, whose F1 is undefined, not drawn), 1 on the Pareto front</title>');
  });

  it('takes the other direction for an objective to minimise', () => {
    const svg = paretoSvg([{ x: 1, value: 0.3, label: 'a' }, { x: 2, value: 0.2, label: 'b' }, { x: 2, value: 0.4, label: 'c' }],
      { axis: 'cost', objective: 'SER', minimise: true, format: (v) => v.toFixed(2) });
    const front = /<g class="front"[^>]*>([\s\S]*?)<\/g>/.exec(svg)![1];
    expect([...front.matchAll(/<title>(\w):/g)].map((m) => m[1])).toEqual(['a', 'b']);
    expect(svg).not.toContain('class="recommendation"');
  });
});
