/**
 * Segments of one shape: every reader the loader takes tokens from hands over segments with the
 * same fields in the same order, whatever the file, so that V8 compiles the loader's code for
 * one shape of object (a second shape made it throw that code away mid-run). Nothing else would
 * notice a reader that drifts from the shape: results stay the same, only slower.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConll } from '../../src/formats/conll.js';
import { readJsonl } from '../../src/formats/jsonl.js';
import { DEFAULT_READ_OPTIONS, newSegment, type Segment } from '../../src/formats/segment.js';

function temp(name: string, content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'complan-segment-')), name);
  writeFileSync(path, content);
  return path;
}

function segments(read: typeof readConll, path: string): Segment[] {
  const out: Segment[] = [];
  read(path, { ...DEFAULT_READ_OPTIONS, role: 'gold' }, (s) => out.push(s));
  return out;
}

describe('segment shape', () => {
  const conll = segments(readConll, temp('g.conll', '-DOCSTART- O\n\nRain O\nin O\nOslo B-LOC\n\nOk O\n'));
  const jsonl = segments(readJsonl, temp('s.jsonl', [
    '{"tokens": ["Rain", "in", "Oslo"], "spans": [{"start": 2, "end": 3, "label": "LOC"}], "id": "a", "doc_id": "d"}',
    '{"text": "Ok", "spans": []}',
    '{"tokens": ["Ok"], "ner_tags": ["O"]}',
  ].join('\n')));
  const keys = Object.keys(newSegment(1, 'x'));

  it('newSegment has every field of Segment', () => {
    expect(new Set(keys)).toEqual(new Set([
      'tokens', 'storedTokens', 'text', 'spans', 'embeddedGold', 'id', 'docId', 'docBreak', 'line', 'tokenPerLine', 'source',
      'tags', 'goldTags', 'tagEvidence', 'sameTags', 'verified',
    ]));
  });

  it('CoNLL and JSONL segments have its fields in its order', () => {
    expect(conll).toHaveLength(2);
    expect(jsonl).toHaveLength(3);
    for (const s of [...conll, ...jsonl]) expect(Object.keys(s)).toEqual(keys);
  });
});
