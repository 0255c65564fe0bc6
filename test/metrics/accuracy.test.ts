/**
 * conlleval's token accuracy: whole tag strings compared token by token, before any repair of
 * invalid transitions; a system file's -DOCSTART- lines count as correct tokens (conlleval reads
 * them as tokens tagged O); a system read as spans has none.
 */
import { describe, expect, it } from 'vitest';
import { tokenAccuracy, tokenAccuracyWithoutMarkers } from '../../src/metrics/accuracy.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, loadInternals, type LoadOptions } from '../../src/formats/load.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('accuracy');

const GOLD = `-DOCSTART- O

Anna B-PER
Berg I-PER
saw O
Oslo B-LOC
. O

-DOCSTART- O

Acme B-ORG
Corp I-ORG
won O
`;

// Sentence 1: "Anna" tagged I-PER (invalid in IOB2; conlleval reads it as the start of the same
// entity, so the entity is right but the tag is not), "Oslo" missed. Sentence 2: all right.
const SYSTEM_LINES = [
  ['Anna', 'B-PER', 'I-PER'], ['Berg', 'I-PER', 'I-PER'], ['saw', 'O', 'O'], ['Oslo', 'B-LOC', 'O'], ['.', 'O', 'O'],
  null,
  ['Acme', 'B-ORG', 'B-ORG'], ['Corp', 'I-ORG', 'I-ORG'], ['won', 'O', 'O'],
];

function systemFile(markers: boolean, columns: 2 | 3): string {
  const lines: string[] = [];
  const marker = columns === 3 ? '-DOCSTART- O O' : '-DOCSTART- O';
  if (markers) lines.push(marker, '');
  for (const l of SYSTEM_LINES) {
    if (l === null) {
      lines.push('');
      if (markers) lines.push(marker, '');
      continue;
    }
    lines.push(columns === 3 ? l.join(' ') : `${l[0]} ${l[2]}`);
  }
  return `${lines.join('\n')}\n`;
}

function load(o: Partial<LoadOptions> & Pick<LoadOptions, 'systems'>) {
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, ...o });
}

describe('tokenAccuracy', () => {
  it('is correct / tokens, null without tokens, and can leave the markers out', () => {
    expect(tokenAccuracy({ tokens: 10, correct: 7, markers: 2 })).toBeCloseTo(0.7, 15);
    expect(tokenAccuracyWithoutMarkers({ tokens: 10, correct: 7, markers: 2 })).toBeCloseTo(5 / 8, 15);
    expect(tokenAccuracy({ tokens: 0, correct: 0, markers: 0 })).toBeNull();
    expect(tokenAccuracyWithoutMarkers({ tokens: 2, correct: 2, markers: 2 })).toBeNull();
    expect(tokenAccuracy(undefined)).toBeNull();
  });
});

describe('the tally of a CoNLL system', () => {
  const gold = temp(GOLD, 'gold.conll');

  it('compares whole tags before repair, and counts the file\'s -DOCSTART- lines as correct tokens', () => {
    for (const inPlace of [true, false]) {
      const saved = loadInternals.verifyInPlace;
      loadInternals.verifyInPlace = inPlace;
      try {
        const corpus = load({
          gold,
          systems: [
            { name: 'marked', path: temp(systemFile(true, 3)) },
            { name: 'plain', path: temp(systemFile(false, 2)) },
          ],
        });
        const [marked, plain] = corpus.systems;
        // 8 tokens, 6 right ("Anna" I-PER and "Oslo" O are wrong); 2 markers in the marked file.
        expect(marked.tokenTally, `in place: ${inPlace}`).toEqual({ tokens: 10, correct: 8, markers: 2 });
        expect(plain.tokenTally, `in place: ${inPlace}`).toEqual({ tokens: 8, correct: 6, markers: 0 });
        const r = evaluate(corpus);
        // The entity "Anna Berg" is found (conlleval's reading), though a tag of it is wrong.
        expect(r.systems.map((s) => [s.tp, s.fp, s.fn])).toEqual([[2, 0, 1], [2, 0, 1]]);
        expect(r.systems.map((s) => s.tokenAccuracy)).toEqual([0.8, 0.75]);
      } finally {
        loadInternals.verifyInPlace = saved;
      }
    }
  });

  it('counts a system whose tags are all the gold\'s as all correct', () => {
    const same = GOLD.replace(/^(\S+) (\S+)$/gm, '$1 $2 $2');
    const corpus = load({ gold, systems: [{ name: 'same', path: temp(same) }] });
    expect(corpus.systems[0].tokenTally).toEqual({ tokens: 10, correct: 10, markers: 2 });
  });

  it('without --gold compares the first file\'s own columns, and the others with that reference', () => {
    const corpus = load({
      systems: [
        { name: 'first', path: temp(systemFile(true, 3)) },
        { name: 'second', path: temp(systemFile(false, 3)) },
      ],
    });
    expect(corpus.systems.map((s) => s.tokenTally)).toEqual([
      { tokens: 10, correct: 8, markers: 2 },
      { tokens: 8, correct: 6, markers: 0 },
    ]);
  });

  it('is read with --strict-scheme too', () => {
    const valid = systemFile(false, 2).replace('Anna I-PER', 'Anna B-PER');
    const corpus = load({ gold, strictScheme: true, systems: [{ name: 'valid', path: temp(valid) }] });
    expect(corpus.systems[0].tokenTally).toEqual({ tokens: 8, correct: 7, markers: 0 });
  });

  it('is absent for a system read as spans, and for every system when the gold has no tags', () => {
    const spans = [
      { tokens: ['Anna', 'Berg', 'saw', 'Oslo', '.'], spans: [{ start: 0, end: 2, label: 'PER' }] },
      { tokens: ['Acme', 'Corp', 'won'], spans: [{ start: 0, end: 2, label: 'ORG' }] },
    ].map((r) => JSON.stringify(r)).join('\n');
    const jsonl = temp(`${spans}\n`, 'sys.jsonl');
    const corpus = load({ gold, systems: [{ name: 'spans', path: jsonl }, { name: 'tags', path: temp(systemFile(false, 2)) }] });
    const r = evaluate(corpus);
    expect(r.systems.map((s) => [s.name, s.tokenAccuracy, s.tokenTally])).toEqual([
      ['spans', null, null], ['tags', 0.75, { tokens: 8, correct: 6, markers: 0 }],
    ]);
    const fromSpans = load({ gold: jsonl, systems: [{ name: 'tags', path: temp(systemFile(false, 2)) }] });
    expect(fromSpans.systems[0].tokenTally).toBeUndefined();
  });
});

describe('the tally of Hugging Face rows (tokens and ner_tags)', () => {
  const rows = (tags: string[][]) => `${[['Anna', 'Berg', 'saw', 'Oslo', '.'], ['Acme', 'Corp', 'won']]
    .map((tokens, k) => JSON.stringify({ tokens, ner_tags: tags[k] })).join('\n')}\n`;
  const goldRows = temp(rows([['B-PER', 'I-PER', 'O', 'B-LOC', 'O'], ['B-ORG', 'I-ORG', 'O']]), 'gold.jsonl');
  const systemRows = temp(rows([['I-PER', 'I-PER', 'O', 'O', 'O'], ['B-ORG', 'I-ORG', 'O']]), 'sys.jsonl');

  it('counts their tags as a CoNLL file\'s, against a CoNLL gold or as the gold', () => {
    const gold = temp(GOLD, 'gold.conll');
    expect(load({ gold, systems: [{ name: 'rows', path: systemRows }] }).systems[0].tokenTally).toEqual({ tokens: 8, correct: 6, markers: 0 });
    expect(load({ gold: goldRows, systems: [{ name: 'rows', path: systemRows }] }).systems[0].tokenTally).toEqual({ tokens: 8, correct: 6, markers: 0 });
    expect(load({ gold: goldRows, systems: [{ name: 'conll', path: temp(systemFile(true, 3)) }] }).systems[0].tokenTally)
      .toEqual({ tokens: 10, correct: 8, markers: 2 });
  });
});
