import { describe, expect, it } from 'vitest';
import { recordOf } from '../../src/model/record.js';

describe('recordOf', () => {
  it('keeps every key, __proto__ and constructor included, in order, as own enumerable entries', () => {
    const r = recordOf([['b', 1], ['__proto__', 2], ['constructor', 3]]);
    expect(Object.keys(r)).toEqual(['b', '__proto__', 'constructor']);
    expect(r['__proto__']).toBe(2);
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(r))).toEqual(JSON.parse('{"b":1,"__proto__":2,"constructor":3}'));
  });

  it('shows what plain assignment would lose', () => {
    const plain: Record<string, unknown> = {};
    plain['__proto__'] = 2;
    expect(Object.keys(plain)).toEqual([]);
  });
});
