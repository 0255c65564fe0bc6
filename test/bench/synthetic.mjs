// A synthetic corpus for the scale benchmarks: `tokens` tokens in documents of
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

// `correlation` ∈ [0, 1] (default 1, the model above) sets how far systems share the difficulty
// of an entity and the attraction of a decoy: each system sees c·shared + (1 − c)·own, where its
// own value is an independent draw from the same distribution. At 1 every system sees the same
// difficulty (errors strongly correlated); at 0 each system's errors are independent of the
// others'. At 1 no extra random numbers are drawn, so the corpus is the one the model always gave.
export function syntheticCorpus({ tokens = 1_000_000, systems = 30, seed = 7, correlation = 1 } = {}) {
  if (!(correlation >= 0 && correlation <= 1)) throw new RangeError(`correlation must be in [0, 1], got ${correlation}`);
  const c = correlation;
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
    for (const { span, difficulty: shared } of gold) {
      const difficulty = c === 1 ? shared : c * shared + (1 - c) * r() ** 2;
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
    for (const { span, attraction: shared } of decoys) {
      const attraction = c === 1 ? shared : c * shared + (1 - c) * r() ** 3;
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

// ---------------------------------------------------------------------------------------------
// The synthetic corpus as files on disk, as a user would have it: a CoNLL gold standard and one
// CoNLL file per system (`token tag`, IOB2, `-DOCSTART-` documents, a blank line after each
// sentence), written by complan's own CoNLL writer. A tagger's CoNLL output has one tag per
// token, so a system's overlapping spans (a few of its own false positives land on or across
// other spans) are resolved as `--resolve-overlaps first` does: the earliest-starting span
// (ties: the longest) is kept and the spans overlapping it are dropped.

const SYLLABLES = [
  'ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vel', 'dor', 'in', 'ar', 'el', 'ost',
  'ba', 'ne', 'fi', 'gu', 'tha', 'mor', 'is', 'pen', 'quo', 'ri', 'zan', 'wy',
];

/**
 * Invented word number `k` (0, 1, …): syllables spelling k + 24 in base 24, so frequent
 * (small) numbers are short words, rare ones longer; every number is a different word.
 */
export function inventedWord(k) {
  let x = k + SYLLABLES.length;
  let w = '';
  while (x > 0) {
    w = SYLLABLES[x % SYLLABLES.length] + w;
    x = Math.floor(x / SYLLABLES.length);
  }
  return w;
}

/**
 * A word number with a Zipf-like (log-uniform) frequency over a vocabulary of `vocabulary`
 * words: number k is drawn with probability about 1 / ((k + 1) · ln V), as words of text are.
 */
function zipfWord(rnd, vocabulary) {
  return Math.floor(Math.exp(rnd() * Math.log(vocabulary))) - 1;
}

/** Capitalised, as names are. */
const capital = (w) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * The tokens of a synthetic corpus: deterministic invented words, capitalised inside gold
 * entities, and a full stop ending each sentence whose last token is outside every entity.
 */
export function syntheticTokens(corpus, { seed = 7, vocabulary = 50_000 } = {}) {
  const rnd = mulberry32(seed * 7919 + 13);
  const inEntity = new Uint8Array(corpus.length);
  for (const s of corpus.gold.spans) inEntity.fill(1, s.start, s.end);
  const words = new Map();
  const word = (k) => {
    let w = words.get(k);
    if (w === undefined) words.set(k, (w = inventedWord(k)));
    return w;
  };
  const tokens = new Array(corpus.length);
  for (let t = 0; t < corpus.length; t++) {
    const w = word(zipfWord(rnd, vocabulary));
    tokens[t] = inEntity[t] === 1 ? capital(w) : w;
  }
  for (const s of corpus.sentences) if (s.end > s.start && inEntity[s.end - 1] === 0) tokens[s.end - 1] = '.';
  return tokens;
}

/** File names of the synthetic systems, in order: sys01.conll, sys02.conll, … */
export function systemFiles(systems) {
  return Array.from({ length: systems }, (_, m) => `sys${String(m + 1).padStart(2, '0')}.conll`);
}

/**
 * Writes the synthetic corpus (same parameters as {@link syntheticCorpus}) into `dir`:
 * `gold.conll` and `sys01.conll` … one per system. The first k system files of a corpus of n
 * systems are exactly those of a corpus of k systems with the same other parameters (each
 * system has its own random stream), so one directory serves every smaller system count.
 * Returns what was written: bytes, spans dropped by overlap resolution, and the time taken.
 */
export async function writeSyntheticFiles(dir, options = {}) {
  const { formatConll } = await import(new URL('../../dist/src/formats/write-conll.js', import.meta.url));
  const { writeFileAtomic } = await import(new URL('../../dist/src/formats/write-file.js', import.meta.url));
  const { statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const t0 = performance.now();
  const corpus = syntheticCorpus(options);
  corpus.tokens = syntheticTokens(corpus, { seed: options.seed ?? 7 });
  let bytes = 0;
  let dropped = 0;
  const write = (name, spans) => {
    const out = formatConll(corpus, spans, { resolveOverlaps: 'first' });
    writeFileAtomic(join(dir, name), out.chunks);
    bytes += statSync(join(dir, name)).size;
    return out.dropped.length;
  };
  write('gold.conll', corpus.gold.spans);
  const names = systemFiles(corpus.systems.length);
  corpus.systems.forEach((s, m) => { dropped += write(names[m], s.spans); });
  return { tokens: corpus.length, systems: corpus.systems.length, bytes, dropped, ms: performance.now() - t0 };
}

// ---------------------------------------------------------------------------------------------
// A large CoNLL file in the conlleval layout, for the streaming benchmark: one token per line
// with the columns of CoNLL-2003 (token, part of speech, syntactic chunk, gold NE tag) followed
// by a system's prediction, so `complan eval FILE` reads the gold from the embedded column:
//
//   -DOCSTART- -X- -X- O O
//
//   Kalomi NNP B-NP B-PER B-PER
//   renost VBD B-VP O O
//   …
//
// Documents of ~20 sentences, sentences of 8–40 tokens, an entity about one token in eight,
// IOB2 tags. The prediction misses 8% of the entities, mislabels 3%, cuts 2% short, and adds
// false positives on 1% of the other tokens. Words are drawn from a vocabulary of 600,000, so
// about 0.6% of tokens have 13 characters or more, as in the CoNLL-2003 test set (V8 keeps such
// slices of a string as views of it). Written in pieces of ~1 MiB; never held whole.

const POS = ['NN', 'IN', 'DT', 'JJ', 'VBD', 'NNS', 'RB', 'CD', 'VBZ', 'PRP', 'CC', 'TO', 'VB', 'VBN', 'MD'];
const POS_CHUNK = { NN: 'NP', NNS: 'NP', DT: 'NP', JJ: 'NP', CD: 'NP', PRP: 'NP', IN: 'PP', TO: 'PP', VBD: 'VP', VBZ: 'VP', VB: 'VP', VBN: 'VP', MD: 'VP', RB: 'ADVP', CC: 'O' };

/**
 * Writes at least `bytes` bytes (then finishes the document) to `path`. Returns the tokens,
 * sentences, documents, gold entities and bytes written.
 */
export async function writeConllevalFile(path, bytes, { seed = 11, vocabulary = 600_000 } = {}) {
  const { openSync, writeSync, closeSync } = await import('node:fs');
  const rnd = mulberry32(seed);
  const fd = openSync(path, 'w');
  const words = new Map();
  const word = (k) => {
    let w = words.get(k);
    if (w === undefined) words.set(k, (w = inventedWord(k)));
    return w;
  };
  let written = 0;
  let tokens = 0;
  let sentences = 0;
  let documents = 0;
  let entities = 0;
  let buf = '';
  const flush = () => {
    written += writeSync(fd, buf);
    buf = '';
  };
  const gold = [];
  const pred = [];
  try {
    while (written + buf.length < bytes) {
      buf += '-DOCSTART- -X- -X- O O\n\n';
      documents++;
      for (let k = 0; k < 20; k++) {
        const n = 8 + Math.floor(rnd() * 33);
        gold.length = 0;
        pred.length = 0;
        for (let j = 0; j < n; j++) { gold.push('O'); pred.push('O'); }
        // Entities (IOB2), with the prediction's errors.
        for (let j = 0; j < n - 1;) {
          j += 1 + Math.floor(rnd() * 14);
          const len = 1 + Math.floor(rnd() * rnd() * 3);
          if (j + len > n - 1) break;
          const label = LABELS[Math.floor(rnd() * rnd() * 4)];
          for (let i = 0; i < len; i++) gold[j + i] = `${i === 0 ? 'B' : 'I'}-${label}`;
          entities++;
          const u = rnd();
          if (u >= 0.08) {
            const plabel = u < 0.11 ? LABELS[(LABELS.indexOf(label) + 1) % 4] : label;
            const plen = u < 0.13 && len > 1 ? len - 1 : len;
            for (let i = 0; i < plen; i++) pred[j + i] = `${i === 0 ? 'B' : 'I'}-${plabel}`;
          }
          j += len;
        }
        for (let j = 0; j < n - 1; j++) {
          if (gold[j] === 'O' && pred[j] === 'O' && rnd() < 0.01) pred[j] = `B-${LABELS[Math.floor(rnd() * 4)]}`;
        }
        for (let j = 0; j < n; j++) {
          let tok;
          let pos;
          let chunk;
          if (j === n - 1) {
            tok = '.'; pos = '.'; chunk = 'O';
          } else if (gold[j] !== 'O') {
            tok = capital(word(zipfWord(rnd, vocabulary)));
            pos = 'NNP';
            chunk = gold[j].charCodeAt(0) === 66 ? 'B-NP' : 'I-NP';
          } else {
            tok = word(zipfWord(rnd, vocabulary));
            pos = POS[Math.floor(rnd() * rnd() * POS.length)];
            const c = POS_CHUNK[pos];
            chunk = c === 'O' ? 'O' : `B-${c}`;
          }
          buf += `${tok} ${pos} ${chunk} ${gold[j]} ${pred[j]}\n`;
        }
        buf += '\n';
        tokens += n;
        sentences++;
        if (buf.length >= 1 << 20) flush();
      }
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return { bytes: written, tokens, sentences, documents, entities };
}
