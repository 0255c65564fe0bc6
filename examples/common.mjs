// What the example generators (generate.mjs, generate-selection.mjs) share: seeded random
// streams, type confusions drawn from a table, and conlleval's B/I/O chunking to read tags back.
// No dependencies; Node 20+.

/** mulberry32: a 32-bit seeded generator of floats in [0, 1). */
export function mulberry32(a) {
  return function next() {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, unsigned 32-bit. */
export function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Random streams under one seed, one per purpose, named by a string. */
export const streams = (seed) => (name) => mulberry32((hashString(name) ^ seed) >>> 0);

/** The label a type confusion turns `label` into, drawn from `table[label]` ([to, probability] pairs). */
export function confuseWith(table, label, rng) {
  let r = rng();
  for (const [to, p] of table[label]) {
    if (r < p) return to;
    r -= p;
  }
  return table[label][0][0];
}

export const isCap = (t) => /^[A-Z]/.test(t);
export const isWord = (t) => /^[A-Za-z0-9]/.test(t);

/** conlleval chunking (B/I/O only): an I- after O or after another type opens a chunk. */
export function decode(tags) {
  const spans = [];
  let cur = null;
  tags.forEach((tag, i) => {
    const [prefix, type] = tag === 'O' ? ['O', ''] : [tag[0], tag.slice(2)];
    if (cur && (prefix !== 'I' || type !== cur.label)) {
      spans.push(cur);
      cur = null;
    }
    if (prefix !== 'O' && !cur) cur = { start: i, end: i + 1, label: type };
    else if (cur) cur.end = i + 1;
  });
  if (cur) spans.push(cur);
  return spans;
}
