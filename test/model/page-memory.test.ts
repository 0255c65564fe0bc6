/**
 * The memory of a load's columns: shared on a load's worker thread, so that what it sends back is
 * handed over rather than transferred; ordinary elsewhere.
 */
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, parseSystemArg, readReferencePart } from '../../src/formats/load.js';
import { referencePartBuffers } from '../../src/formats/reference.js';
import { sharedIndices } from '../../src/formats/gold-handoff.js';
import { IntColumn, IntList } from '../../src/model/int-column.js';
import { int32s, pageMemory, transferable, uint8s } from '../../src/model/page-memory.js';
import { columnBuffers, toColumns } from '../../src/model/span-columns.js';
import { TokenStore, storedBuffers } from '../../src/model/token-store.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('page-memory');

afterEach(() => {
  pageMemory.shared = false;
});

describe('page memory', () => {
  it('is ordinary memory off a worker, and every buffer of it is transferable', () => {
    const a = int32s(8);
    const b = uint8s(8);
    expect(a.buffer).toBeInstanceOf(ArrayBuffer);
    expect(b.buffer).toBeInstanceOf(ArrayBuffer);
    expect([...a]).toEqual(new Array(8).fill(0));
    expect(transferable([a.buffer, b.buffer])).toEqual([a.buffer, b.buffer]);
  });

  it('is shared memory on a worker, of the same zeros and lengths, and none of it is put in a transfer list', () => {
    pageMemory.shared = true;
    const a = int32s(5);
    const b = uint8s(3);
    expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(b.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([a.length, b.length, a.byteLength]).toEqual([5, 3, 20]);
    expect([...a, ...b]).toEqual(new Array(8).fill(0));
    const plain = new ArrayBuffer(4);
    expect(transferable([a.buffer, plain, b.buffer])).toEqual([plain]);
  });

  it('backs the columns a worker fills: int columns and lists, token pages, span columns, shared indices', () => {
    pageMemory.shared = true;
    const column = new IntColumn();
    for (let i = 0; i < 70_000; i++) column.push(i);
    expect(column.toPaged().pages.every((p) => p.buffer instanceof SharedArrayBuffer)).toBe(true);
    expect(column.at(69_999)).toBe(69_999);
    const list = new IntList();
    for (let i = 0; i < 3000; i++) list.push(i);
    expect(list.view().buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(list.at(2999)).toBe(2999);
    const store = new TokenStore();
    for (const t of ['a', 'b', 'a']) store.push(t);
    expect(storedBuffers(store.stored()).every((b) => b instanceof SharedArrayBuffer)).toBe(true);
    expect(store.slice()).toEqual(['a', 'b', 'a']);
    const spans = [{ doc: 0, start: 0, end: 2, label: 'PER' }, { doc: 0, start: 3, end: 4, label: 'LOC' }];
    const cols = toColumns(spans)!;
    expect(columnBuffers(cols).every((b) => b instanceof SharedArrayBuffer)).toBe(true);
    expect([...cols.start, ...cols.end]).toEqual([0, 3, 2, 4]);
    expect(sharedIndices(spans, spans).buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('a part of a file read as a worker reads it has nothing left to transfer', () => {
    const lines: string[] = [];
    for (let d = 0; d < 40; d++) {
      lines.push('-DOCSTART- O O', '');
      for (let s = 0; s < 5; s++) lines.push(`Word${d} B-PER B-PER`, `x${s} I-PER O`, 'y O O', '');
    }
    const file = temp(lines.join('\n'), 'part.conll');
    pageMemory.shared = true;
    const part = readReferencePart({ ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] }, { start: 0, end: statSync(file).size });
    const buffers = referencePartBuffers(part);
    expect(buffers.length).toBeGreaterThan(10);
    expect(transferable(buffers)).toEqual([]);
    expect(part.summary.segments).toBe(200);
    expect(part.gold.length).toBe(200 * 3);
  });

  it('sends a system\'s spans that are the reference\'s as their indices only, the others as columns', () => {
    const lines: string[] = [];
    // Each sentence: a PER both columns have, and an ORG only the prediction has.
    for (let s = 0; s < 30; s++) lines.push(`A${s} B-PER B-PER`, `b I-PER I-PER`, `c O B-ORG`, '');
    const file = temp(lines.join('\n'), 'shared.conll');
    pageMemory.shared = true;
    const part = readReferencePart({ ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] }, { start: 0, end: statSync(file).size });
    const embedded = part.embedded!;
    expect(embedded.shared.length).toBe(60);
    const shared = [];
    for (let j = 0; j < 60; j++) shared.push(embedded.shared.pages[0][j]);
    expect(shared.filter((k) => k >= 0)).toEqual([...Array(30).keys()]);
    expect(embedded.own.start.length).toBe(30);
    expect(embedded.own.labels[embedded.own.label.pages[0][0]]).toBe('ORG');
    expect([embedded.own.start.pages[0][0], embedded.own.end.pages[0][0]]).toEqual([2, 3]);
  });
});
