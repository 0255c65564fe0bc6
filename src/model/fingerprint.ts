/**
 * A gold standard's fingerprint: what a saved plan records of the data it was chosen on, so that
 * `combine --plan` can say whether the score it prints is in-sample.
 *
 * It is a SHA-256 (first 16 hexadecimal digits) of the corpus's unit and length, then every gold
 * span in corpus order as `start end label`, positions counted over the whole corpus (a
 * discontinuous span's fragments as `a-b,c-d`). It depends on what is scored, not on how the file
 * is written: the same annotations as CoNLL or as JSONL, in IOB2 or IOBES, with or without
 * `-DOCSTART-` lines (documents cut elsewhere, or not at all), have one fingerprint; any change of
 * a span, a label or the text's length gives another. Token texts are left out: files that differ
 * only in them are the same gold standard for scoring.
 */
import { createHash } from 'node:crypto';
import type { Corpus } from './corpus.js';

export function goldFingerprint(corpus: Pick<Corpus, 'unit' | 'length' | 'gold'>): string {
  return digest(`${corpus.unit} ${corpus.length}\n`, corpus.gold.spans, false);
}

/**
 * The fingerprint plans saved by earlier versions recorded: the same, with the number of
 * documents and each span's document. A plan that holds it is still recognised on its gold
 * standard, written as it was then ({@link sameGold}).
 */
export function documentFingerprint(corpus: Pick<Corpus, 'unit' | 'length' | 'documents' | 'gold'>): string {
  return digest(`${corpus.unit} ${corpus.length} ${corpus.documents.length}\n`, corpus.gold.spans, true);
}

/** Whether `fingerprint`, from a saved plan, is the gold standard of `corpus`: today's fingerprint, or an earlier version's. */
export function sameGold(corpus: Pick<Corpus, 'unit' | 'length' | 'documents' | 'gold'>, fingerprint: string): boolean {
  return fingerprint === goldFingerprint(corpus) || fingerprint === documentFingerprint(corpus);
}

function digest(head: string, spans: Corpus['gold']['spans'], docs: boolean): string {
  const hash = createHash('sha256');
  hash.update(head);
  // Spans in batches: one update per span would cost more than the hashing.
  let batch = '';
  for (const s of spans) {
    const where = s.fragments === undefined ? `${s.start} ${s.end}` : s.fragments.map(([a, b]) => `${a}-${b}`).join(',');
    batch += docs ? `${s.doc} ${where} ${s.label}\n` : `${where} ${s.label}\n`;
    if (batch.length > 1 << 16) {
      hash.update(batch);
      batch = '';
    }
  }
  hash.update(batch);
  return hash.digest('hex').slice(0, 16);
}
