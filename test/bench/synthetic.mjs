// A synthetic corpus for the scale benchmarks (DESIGN §10): `tokens` tokens in documents of
// ~400 tokens and sentences of 20, gold entities of 1–3 tokens about one token in eight, and
// `systems` systems whose errors are correlated the way real taggers' are:
// - every gold entity has a difficulty d ∈ [0,1); system m misses it when d + noise exceeds its
//   skill, so hard entities are missed by many systems at once;
// - a found entity gets a wrong type (a substitution) or a shifted end (a boundary error) with a
//   small system-specific probability, more often when it is hard;
// - false positives come mostly from a shared pool of attractive non-entities (each system
//   returns those whose attraction beats its caution), plus a few of its own.
// Deterministic for a seed (mulberry32). Returns a Corpus of complan's model, in memory.
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LABELS = ['PER', 'ORG', 'LOC', 'MISC'];

export function syntheticCorpus({ tokens = 1_000_000, systems = 30, seed = 7 } = {}) {
  const rnd = mulberry32(seed);
  const docLen = 400;
  const sentLen = 20;
  const documents = [];
  const sentences = [];
  for (let start = 0, d = 0; start < tokens; start += docLen, d++) {
    const end = Math.min(tokens, start + docLen);
    const first = sentences.length;
    for (let s = start; s < end; s += sentLen) {
      sentences.push({ index: sentences.length, doc: d, start: s, end: Math.min(end, s + sentLen), line: sentences.length + 1 });
    }
    documents.push({ index: d, id: `doc${d}`, start, end, firstSentence: first, endSentence: sentences.length, marked: true });
  }
  const docOf = (pos) => Math.floor(pos / docLen);
  // Gold entities and decoys, never crossing a sentence end.
  const gold = [];
  const decoys = [];
  for (const s of sentences) {
    let pos = s.start;
    while (pos < s.end) {
      const gap = 1 + Math.floor(rnd() * 12);
      pos += gap;
      const len = 1 + Math.floor(rnd() * rnd() * 3);
      if (pos + len > s.end) break;
      const span = { doc: docOf(pos), start: pos, end: pos + len, label: LABELS[Math.floor(rnd() * rnd() * 4)] };
      if (rnd() < 0.78) gold.push({ span, difficulty: rnd() ** 2 });
      else decoys.push({ span, attraction: rnd() ** 3 });
      pos += len;
    }
  }
  const outputs = [];
  for (let m = 0; m < systems; m++) {
    const r = mulberry32(seed * 1000 + m + 1);
    const skill = 0.78 + 0.17 * r();
    const caution = 0.55 + 0.4 * r();
    const confuse = 0.01 + 0.03 * r();
    const sloppy = 0.005 + 0.02 * r();
    const spans = [];
    for (const { span, difficulty } of gold) {
      if (difficulty + 0.25 * (r() - 0.5) > skill) continue;
      const u = r();
      if (u < confuse * (1 + 2 * difficulty)) {
        const other = LABELS[(LABELS.indexOf(span.label) + 1 + Math.floor(r() * 3)) % 4];
        spans.push({ ...span, label: other });
      } else if (u < (confuse + sloppy) * (1 + 2 * difficulty) && span.end - span.start > 1) {
        spans.push({ ...span, end: span.end - 1 });
      } else {
        spans.push(span);
      }
    }
    for (const { span, attraction } of decoys) {
      if (attraction + 0.2 * (r() - 0.5) > caution) spans.push(span);
    }
    // A few false positives of its own.
    const own = Math.floor(gold.length * 0.01);
    for (let k = 0; k < own; k++) {
      const s = sentences[Math.floor(r() * sentences.length)];
      const start = s.start + Math.floor(r() * (s.end - s.start));
      spans.push({ doc: docOf(start), start, end: Math.min(s.end, start + 1), label: LABELS[Math.floor(r() * 4)] });
    }
    spans.sort((a, b) => a.start - b.start || a.end - b.end);
    outputs.push({ name: `sys${String(m + 1).padStart(2, '0')}`, source: '(synthetic)', format: 'conll', spans, warnings: [] });
  }
  gold.sort((a, b) => a.span.start - b.span.start);
  return {
    unit: 'token', documents, sentences, length: tokens,
    gold: { name: 'gold', source: '(synthetic)', format: 'conll', spans: gold.map((g) => g.span), warnings: [] },
    systems: outputs,
  };
}
