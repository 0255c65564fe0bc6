import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, UsageError } from '../../src/errors.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { countOverlapping, formatConll, OverlapError, type ConllWriteOptions } from '../../src/formats/write-conll.js';
import { inputError, thrown, unknownOption } from '../helpers/errors.js';
import { canonical, fixture, load, NEWS, NEWS_SYSTEMS, text, writeTemp } from './write-helpers.js';

const NEWS_GOLD = join(NEWS, 'gold.conll');
const newsPaths = NEWS_SYSTEMS.map((n) => join(NEWS, 'systems', `${n}.conll`));
const news = load(NEWS_GOLD, newsPaths);

/** Writes `spans` as CoNLL and loads the file back as a system against `gold`. */
function roundTrip(gold: string, corpus: Corpus, spans: readonly Span[], options: ConllWriteOptions = {}): Corpus {
  const path = writeTemp('out.conll', formatConll(corpus, spans, options).chunks);
  return load(gold, [path]);
}

describe('formatConll: round trip through loadCorpus', () => {
  for (const [k, name] of NEWS_SYSTEMS.entries()) {
    it(`reads back the ${name} system's spans exactly (IOB2, two columns)`, () => {
      const spans = news.systems[k].spans;
      const back = roundTrip(NEWS_GOLD, news, spans);
      expect(canonical(back.systems[0].spans)).toEqual(canonical(spans));
      expect(back.systems[0].scheme).toBe('iob2');
    });
  }

  it('reads back every system exactly in IOBES, and with the gold column', () => {
    for (const sys of news.systems) {
      const back = roundTrip(NEWS_GOLD, news, sys.spans, { scheme: 'iobes', gold: news.gold.spans });
      expect(canonical(back.systems[0].spans)).toEqual(canonical(sys.spans));
      expect(back.systems[0].scheme).toBe('iobes');
    }
  });

  it('keeps the gold documents: -DOCSTART- before each, and the per-document scores', () => {
    const out = text(formatConll(news, news.systems[2].spans).chunks);
    expect(out.split('\n').filter((l) => l.startsWith('-DOCSTART-'))).toHaveLength(news.documents.length);
    expect(out.startsWith('-DOCSTART- O\n\nSOCCER O\n')).toBe(true);
    const path = writeTemp('crf.conll', [out]);
    const asGold = load(path, []);
    expect(asGold.documents).toEqual(news.documents);
    expect(asGold.sentences.map((s) => [s.start, s.end, s.doc])).toEqual(news.sentences.map((s) => [s.start, s.end, s.doc]));
    const before = evaluate(news).systems[2];
    const after = evaluate(load(NEWS_GOLD, [path])).systems[0];
    expect(after.byDocument).toEqual(before.byDocument);
  });

  it('writes no -DOCSTART- when the gold had none, and the file still aligns', () => {
    const gold = fixture('load/sys-nodoc.conll');
    const corpus = load(gold, [fixture('load/sys-order.jsonl')]);
    const out = text(formatConll(corpus, corpus.systems[0].spans).chunks);
    expect(out).not.toContain('-DOCSTART-');
    expect(out.split('\n\n')).toHaveLength(corpus.sentences.length + 1);
    const back = load(gold, [writeTemp('x.conll', [out])]);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(corpus.systems[0].spans));
    expect(back.documents).toHaveLength(1);
  });

  it('writes -DOCSTART- for a JSONL gold with doc_id, and reads back against that gold by order', () => {
    const gold = fixture('load/gold-ids.jsonl');
    const corpus = load(gold, [fixture('load/sys-ids.jsonl')]);
    const out = text(formatConll(corpus, corpus.systems[0].spans, { gold: corpus.gold.spans }).chunks);
    expect(out.match(/^-DOCSTART- O O$/gm)).toHaveLength(2);
    const path = writeTemp('ids.conll', [out]);
    const back = load(gold, [path]);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(corpus.systems[0].spans));
    const reread = load(undefined, [path]);
    expect(reread.documents.map((d) => [d.start, d.end, d.marked])).toEqual(corpus.documents.map((d) => [d.start, d.end, true]));
  });

  it('scores the gold written as a system at P = R = F = 1', () => {
    const back = roundTrip(NEWS_GOLD, news, news.gold.spans);
    const s = evaluate(back).systems[0];
    expect(s).toMatchObject({ tp: news.gold.spans.length, fp: 0, fn: 0, precision: 1, recall: 1, f: 1 });
  });

  it('is read with no --gold (the embedded gold is the reference) and scores identically', () => {
    const original = evaluate(news);
    for (const [k, sys] of news.systems.entries()) {
      const path = writeTemp(`${NEWS_SYSTEMS[k]}.conll`, formatConll(news, sys.spans, { gold: news.gold.spans }).chunks);
      const embedded = load(undefined, [path]);
      expect(canonical(embedded.gold.spans)).toEqual(canonical(news.gold.spans));
      expect(embedded.documents).toEqual(news.documents);
      expect(embedded.length).toBe(news.length);
      // The token accuracy compares the written tags (IOB2 as written, with its markers), not the original's.
      const { name: _a, source: _b, tokenAccuracy: _e, tokenTally: _f, ...want } = original.systems[k];
      const { name: _c, source: _d, tokenAccuracy: _g, tokenTally: _h, ...got } = evaluate(embedded).systems[0];
      expect(got).toEqual(want);
    }
  });

  it('writes conlleval-style lines: same columns on every line, a blank line after each sentence', () => {
    const out = text(formatConll(news, news.systems[0].spans, { gold: news.gold.spans, separator: '\t' }).chunks);
    const lines = out.split('\n');
    expect(lines.filter((l) => l !== '').every((l) => l.split('\t').length === 3)).toBe(true);
    expect(lines.filter((l) => l === '')).toHaveLength(news.sentences.length + news.documents.length + 1);
    expect(out.endsWith('.\tO\tO\n\n')).toBe(true);
  });

  it('gives one chunk per sentence and can be iterated twice', () => {
    const { chunks } = formatConll(news, news.systems[0].spans);
    const first = [...chunks];
    expect(first).toHaveLength(news.sentences.length);
    expect([...chunks]).toEqual(first);
  });
});

describe('formatConll: tags', () => {
  const corpus = load(fixture('write/gold-overlap.conll'), []);
  const span = (start: number, end: number, label: string): Span => ({ doc: 0, start, end, label });
  const tags = (spans: Span[], options: ConllWriteOptions = {}) =>
    text(formatConll(corpus, spans, options).chunks).split('\n').filter((l) => l !== '' && !l.startsWith('-DOCSTART-')).map((l) => l.split(' ').slice(1).join(' '));

  it('keeps adjacent spans of one label apart in IOB2 and IOBES', () => {
    const spans = [span(0, 1, 'PER'), span(1, 2, 'PER'), span(3, 5, 'ORG'), span(5, 8, 'ORG')];
    expect(tags(spans).slice(0, 8)).toEqual(['B-PER', 'B-PER', 'O', 'B-ORG', 'I-ORG', 'B-ORG', 'I-ORG', 'I-ORG']);
    expect(tags(spans, { scheme: 'iobes' }).slice(0, 8)).toEqual(['S-PER', 'S-PER', 'O', 'B-ORG', 'E-ORG', 'B-ORG', 'I-ORG', 'E-ORG']);
    const path = writeTemp('adj.conll', formatConll(corpus, spans, { scheme: 'iobes' }).chunks);
    expect(canonical(load(fixture('write/gold-overlap.conll'), [path]).systems[0].spans)).toEqual(canonical(spans));
  });

  it('writes identical spans once and does not count them as overlapping', () => {
    const out = formatConll(corpus, [span(0, 2, 'PER'), span(0, 2, 'PER')]);
    expect(out.dropped).toEqual([]);
    expect(tags([span(0, 2, 'PER'), span(0, 2, 'PER')]).slice(0, 2)).toEqual(['B-PER', 'I-PER']);
  });
});

describe('formatConll: overlapping spans', () => {
  const GOLD = fixture('write/gold-overlap.conll');
  const corpus = load(GOLD, []);
  const span = (start: number, end: number, label: string): Span => ({ doc: 0, start, end, label });
  // Sentence 1: Ada(0) Quell(1) of(2) Vantor(3) Labs(4) met(5) Bo(6) .(7); sentence 2: Lindqvist(8) Fen(9) opened(10).
  const A = span(0, 2, 'PER');
  const B = span(1, 5, 'ORG');
  const C = span(3, 5, 'ORG');
  const D = span(3, 5, 'LOC');
  const E = span(5, 7, 'MISC');
  const F = span(6, 7, 'PER');
  const G = span(8, 10, 'ORG');
  const H = span(8, 9, 'PER');
  const all = [H, G, F, E, D, C, B, A];

  it('is an OverlapError by default, naming both spans with text, label, sentence and tokens', () => {
    const err = inputError(() => formatConll(corpus, all));
    expect(err).toBeInstanceOf(OverlapError);
    expect(err.file).toBeUndefined();
    expect(err.message).toBe(
      'cannot write overlapping spans as CoNLL: PER "Ada Quell" (sentence 1, tokens 1-2) overlaps ORG "Quell of Vantor Labs" '
      + '(sentence 1, tokens 2-5); JSONL keeps them (outFormat jsonl), or pass resolveOverlaps longest|first to keep one span of each overlapping group',
    );
    expect(err.message).not.toContain('\n');
    const o = err as OverlapError;
    expect(o.spans).toEqual([A, B]);
    expect(o.sentence).toBe(0);
    expect(o.which).toBe('prediction');
  });

  it('names the conflict in a later sentence, with single-token positions', () => {
    const err = inputError(() => formatConll(corpus, [A, G, H])) as OverlapError;
    expect(err.message).toContain('PER "Lindqvist" (sentence 2, token 1) overlaps ORG "Lindqvist Fen" (sentence 2, tokens 1-2)');
    expect(err.sentence).toBe(1);
  });

  it('reports the same tokens with two labels as an overlap', () => {
    const err = inputError(() => formatConll(corpus, [C, D]));
    expect(err.message).toContain('LOC "Vantor Labs" (sentence 1, tokens 4-5) overlaps ORG "Vantor Labs" (sentence 1, tokens 4-5)');
  });

  it('checks the gold column too, saying the spans are gold', () => {
    const err = inputError(() => formatConll(corpus, [A], { gold: [A, B] })) as OverlapError;
    expect(err.message).toMatch(/^cannot write overlapping gold spans as CoNLL: PER "Ada Quell"/);
    expect(err.which).toBe('gold');
    // The ways out, one of them for gold spans only: writing no gold column.
    expect(err.template).toMatch(/; JSONL keeps them \({outFormat} jsonl\), a file without the gold column \({noWriteGold}\) needs none of them, or {resolveOverlaps} longest\|first keeps one span of each overlapping group$/);
    expect((inputError(() => formatConll(corpus, [A, B])) as OverlapError).template).not.toContain('noWriteGold');
  });

  it('longest: keeps the longest span, drops what overlaps it, repeatedly', () => {
    const out = formatConll(corpus, all, { resolveOverlaps: 'longest' });
    expect(out.dropped).toEqual([A, D, C, F, H]);
    const back = load(GOLD, [writeTemp('longest.conll', out.chunks)]);
    expect(canonical(back.systems[0].spans)).toEqual(canonical([B, E, G]));
  });

  it('longest: ties go to the earliest start, then to the label first in order', () => {
    expect(formatConll(corpus, [span(1, 3, 'X'), span(0, 2, 'Y')], { resolveOverlaps: 'longest' }).dropped).toEqual([span(1, 3, 'X')]);
    expect(formatConll(corpus, [C, D], { resolveOverlaps: 'longest' }).dropped).toEqual([C]);
  });

  it('first: keeps the earliest-starting span (ties: longest, then label), repeatedly', () => {
    const out = formatConll(corpus, all, { resolveOverlaps: 'first' });
    expect(out.dropped).toEqual([B, C, F, H]);
    const back = load(GOLD, [writeTemp('first.conll', out.chunks)]);
    expect(canonical(back.systems[0].spans)).toEqual(canonical([A, D, E, G]));
    expect(formatConll(corpus, [span(3, 4, 'LOC'), C], { resolveOverlaps: 'first' }).dropped).toEqual([span(3, 4, 'LOC')]);
  });

  it('resolves the gold column separately and reports its drops apart', () => {
    const out = formatConll(corpus, [A], { gold: [A, B], resolveOverlaps: 'first' });
    expect(out.dropped).toEqual([]);
    expect(out.droppedGold).toEqual([B]);
  });

  it('drops nothing when nothing overlaps', () => {
    expect(formatConll(corpus, [A, C, F, G], { resolveOverlaps: 'longest' }).dropped).toEqual([]);
  });

  it('countOverlapping counts the spans that overlap another: exactly when formatConll refuses them', () => {
    expect(countOverlapping([])).toBe(0);
    expect(countOverlapping([A, C, F, G])).toBe(0);
    expect(countOverlapping([A, A, C, C])).toBe(0); // identical spans are one span
    expect(countOverlapping([C, D])).toBe(2); // the same tokens with two labels
    expect(countOverlapping([A, B, C])).toBe(3); // B overlaps A and nests C
    expect(countOverlapping([B, A, C, E, F, G])).toBe(5); // A B C; E F; G alone
    expect(countOverlapping(all)).toBe(8);
    expect(countOverlapping([span(0, 5, 'X'), span(1, 2, 'Y'), span(3, 4, 'Y')])).toBe(3); // two nested in one
    for (const list of [[A, C, F, G], [A, A], [C, D], [A, B, C], all]) {
      let refused = false;
      try {
        formatConll(corpus, list);
      } catch (err) {
        refused = err instanceof OverlapError;
      }
      expect(refused).toBe(countOverlapping(list) > 0);
    }
  });
});

describe('formatConll: what CoNLL cannot hold', () => {
  it('rejects a character-mode corpus, saying to write JSONL', () => {
    const corpus = load(fixture('load/gold-text.jsonl'), []);
    const err = inputError(() => formatConll(corpus, corpus.gold.spans));
    expect(err.message).toBe('cannot write CoNLL: the gold standard has character offsets (text without tokens); write JSONL instead (outFormat jsonl)');
  });

  it('rejects a discontinuous span even when resolving overlaps, naming it', () => {
    const corpus = load(fixture('write/gold-frag.jsonl'), []);
    const frag = corpus.gold.spans.find((s) => s.fragments !== undefined)!;
    for (const resolveOverlaps of ['error', 'longest', 'first'] as const) {
      const err = inputError(() => formatConll(corpus, [frag], { resolveOverlaps }));
      expect(err).not.toBeInstanceOf(OverlapError);
      expect(err.message).toBe(
        'cannot write CoNLL: span SITE "left … knee" (sentence 2, token 3, token 6) is discontinuous, which one tag per token cannot express; write JSONL instead (outFormat jsonl)',
      );
    }
  });

  it('rejects a span that runs into the next sentence', () => {
    const corpus = load(fixture('load/gold.conll'), []);
    const err = inputError(() => formatConll(corpus, [{ doc: 0, start: 11, end: 14, label: 'MISC' }]));
    expect(err.message).toBe(
      'span [11, 14) "MISC" runs from sentence 2 into sentence 3; CoNLL output has one block per gold sentence, so a span must stay inside one',
    );
  });

  it('rejects tokens that would not read back as one token, and labels with spaces', () => {
    const dir = writeTemp('g.jsonl', ['{"tokens": ["New York", "is", "big"], "spans": []}\n']);
    const corpus = load(dir, []);
    expect(inputError(() => formatConll(corpus, [])).message).toBe(
      'cannot write CoNLL: token 1 of sentence 1 is "New York", which would not read back as one token; write JSONL instead (outFormat jsonl)',
    );
    const ok = load(fixture('write/gold-overlap.conll'), []);
    expect(inputError(() => formatConll(ok, [{ doc: 0, start: 0, end: 1, label: 'A B' }])).message).toContain('contains a space');
  });

  it('rejects a first token that would not read back where it starts the file: a byte-order mark, or {" read as JSONL', () => {
    for (const [first, why] of [['{"', 'as JSONL'], ['\ufeffI', 'without its byte-order mark']]) {
      const corpus = load(writeTemp('g.jsonl', [`${JSON.stringify({ tokens: [first, 'saw', 'Bob'], spans: [[2, 3, 'PER']] })}\n`]), []);
      expect(inputError(() => formatConll(corpus, corpus.gold.spans)).message).toBe(
        `cannot write CoNLL: the first token, ${JSON.stringify(first).replace('\ufeff', '\\ufeff')}, would start the file, which would read back ${why}; write JSONL instead (outFormat jsonl)`,
      );
    }
    // After a document marker, or later in the file, such a token reads back.
    const later = load(writeTemp('g.jsonl', [`${JSON.stringify({ tokens: ['I', 'saw', '{"'], spans: [] })}\n`]), []);
    expect(text(formatConll(later, []).chunks)).toBe('I O\nsaw O\n{" O\n\n');
  });

  it('skips a gold sentence without tokens, and the file still reads back against that gold', () => {
    const gold = fixture('write/gold-empty-sentence.jsonl');
    const corpus = load(gold, []);
    expect(corpus.sentences.map((s) => s.end - s.start)).toEqual([2, 0, 1]);
    const out = text(formatConll(corpus, corpus.gold.spans).chunks);
    expect(out).toBe('A B-X\nb O\n\nC B-Y\n\n');
    const back = load(gold, [writeTemp('e.conll', [out])]);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(corpus.gold.spans));
  });

  it('rejects spans outside the corpus', () => {
    const corpus = load(fixture('write/gold-overlap.conll'), []);
    expect(inputError(() => formatConll(corpus, [{ doc: 0, start: 9, end: 12, label: 'X' }])).message)
      .toBe('span [9, 12) "X" is not a range inside the corpus (0 to 11)');
  });

  it('validates before producing anything, so an error never leaves a partial file', () => {
    const corpus = load(fixture('write/gold-overlap.conll'), []);
    expect(() => formatConll(corpus, [{ doc: 0, start: 0, end: 2, label: 'A' }, { doc: 0, start: 1, end: 2, label: 'B' }]))
      .toThrow(InputError);
  });
});

describe('formatConll: the bundled example', () => {
  it('matches the layout of the example systems (same tokens, tags and markers line by line)', () => {
    const crf = readFileSync(join(NEWS, 'systems/crf.conll'), 'utf8');
    const out = text(formatConll(news, news.systems[2].spans, { gold: news.gold.spans }).chunks);
    const norm = (s: string) => s.replace(/\n+$/, '').split('\n');
    expect(norm(out)).toEqual(norm(crf));
  });
});

describe('formatConll: a corpus without a gold standard', () => {
  it('refuses its gold spans as a gold column, which would be all O, and writes token pred lines without them', () => {
    // The example system's tokens and predictions alone, loaded as new outputs are, with no gold standard.
    const twoColumns = readFileSync(join(NEWS, 'systems/crf.conll'), 'utf8').replace(/^(\S+) \S+ (\S+)$/gm, '$1 $2');
    const path = writeTemp('crf-2col.conll', [twoColumns]);
    const fresh = load(undefined, [path], { allowNoGold: true });
    const err = thrown(() => formatConll(fresh, fresh.systems[0].spans, { gold: fresh.gold.spans }));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).param).toBe('gold');
    expect(err.message).toContain('the corpus was loaded without a gold standard (allowNoGold)');
    const lines = text(formatConll(fresh, fresh.systems[0].spans).chunks).split('\n').filter((l) => l !== '' && !l.startsWith('-DOCSTART-'));
    expect(lines.every((l) => l.split(' ').length === 2)).toBe(true);
    // With a gold standard, its spans make the gold column.
    expect(text(formatConll(news, news.systems[2].spans, { gold: news.gold.spans }).chunks)).toContain('CASTLEBRIDGE B-ORG B-ORG');
  });
});

describe('formatConll: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => formatConll(news, news.systems[0].spans, { seperator: '\t' } as never), 'seperator', 'separator');
    unknownOption(() => formatConll(news, news.systems[0].spans, { resolveOverlap: 'longest' } as never), 'resolveOverlap', 'resolveOverlaps');
    expect(text(formatConll(news, news.systems[0].spans, { separator: '\t' }).chunks)).toContain('\t');
  });
});
