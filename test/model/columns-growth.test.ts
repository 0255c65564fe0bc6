/**
 * Growing a load's lists by a known amount at once: arrays lengthened (not pushed to) and
 * integer lists given exactly the room asked for.
 */
import { describe, expect, it } from 'vitest';
import { emptyObjects, lengthen, ReservedSlots } from '../../src/model/arrays.js';
import { IntList } from '../../src/model/int-column.js';
import { SentenceTable } from '../../src/model/sentence-table.js';

describe('lengthen', () => {
  it('adds slots after the elements, returns the first, and leaves the array as it was for none', () => {
    const list = emptyObjects<{ k: number }>();
    list.push({ k: 0 });
    const from = lengthen(list, 3);
    expect(from).toBe(1);
    expect(list.length).toBe(4);
    for (let j = 0; j < 3; j++) list[from + j] = { k: from + j };
    expect(list.map((x) => x.k)).toEqual([0, 1, 2, 3]);
    expect(lengthen(list, 0)).toBe(4);
    expect(list.length).toBe(4);
  });

  it('takes millions of slots at once, as pushes would give them', () => {
    const list: number[] = [1, 2];
    const from = lengthen(list, 3_000_000);
    for (let j = 0; j < 3_000_000; j++) list[from + j] = j;
    expect(list.length).toBe(3_000_002);
    expect([list[0], list[2], list[3_000_001]]).toEqual([1, 0, 2_999_999]);
  });
});

describe('ReservedSlots', () => {
  it('lengthens once for appends to come, hands the slots out in order, then lengthens as appends need', () => {
    const list = [1, 2];
    const slots = new ReservedSlots();
    slots.reserve(list, 5);
    expect(list.length).toBe(7);
    expect(slots.at(list)).toBe(2);
    expect(slots.take(list, 3)).toBe(2);
    // A second reserve while slots are left adds none.
    slots.reserve(list, 4);
    expect(list.length).toBe(7);
    expect(slots.take(list, 2)).toBe(5);
    // All taken: the list grows by what the next append needs.
    expect(slots.at(list)).toBe(7);
    expect(slots.take(list, 1)).toBe(7);
    expect(list.length).toBe(8);
  });
});

describe('IntList.reserve', () => {
  it('keeps the values, and then holds exactly that many more without growing', () => {
    const list = new IntList();
    for (let i = 0; i < 1500; i++) list.push(i);
    list.reserve(10_000);
    const room = list.view().buffer.byteLength;
    expect(room).toBe(11_500 * 4);
    for (let i = 0; i < 10_000; i++) list.push(1500 + i);
    expect(list.view().buffer.byteLength).toBe(room);
    expect([list.length, list.at(0), list.at(1499), list.at(11_499)]).toEqual([11_500, 0, 1499, 11_499]);
    // Past it, pushes grow the list again; a reserve it already has room for changes nothing.
    list.push(-1);
    expect(list.at(11_500)).toBe(-1);
    const before = list.view().buffer;
    list.reserve(1);
    expect(list.view().buffer).toBe(before);
  });

  it('makes room in a sentence table, its shared ends included', () => {
    const table = new SentenceTable();
    table.push(3, 0, 1, undefined);
    table.reserve(5000);
    for (let k = 1; k <= 5000; k++) table.push(3 + k, k, 1 + k, undefined);
    expect(table.length).toBe(5001);
    expect(table.sentence(5000)).toEqual({ index: 5000, doc: 5000, start: 5002, end: 5003, line: 5001, id: undefined });
  });
});
