/**
 * Entity types a system predicts that the gold standard never uses. A tag such as `B-PERR` is a
 * well-formed tag of a type of its own: it reads, scores every item of it as a false positive and
 * adds a type to the per-type table, which lowers the type macro-average without a word. A type
 * the gold lacks is often legitimate (a subset of a corpus, a system trained on more types), so
 * this is a warning, not an error: it names the types, how many items each has, and where the
 * first one stands, so that a typo is found at once; an untyped tag (`B-`) and a type that is
 * the start of a gold type (`PE` of `PER`: a file cut inside its last tag) are said to be so.
 */
import type { Corpus, Span, SystemOutput } from '../model/corpus.js';
import { sentenceAt } from '../model/corpus.js';
import { sentenceCount, sentenceOf } from '../model/sentence-table.js';
import { nearestKey } from '../metrics/option-keys.js';

/** Types listed by name in a warning; the others are counted. */
const SHOWN = 3;

/** Where an item stands in the file it was read from (in a directory, the directory's file). */
export interface TypePlace {
  source: string;
  line: number;
}

/**
 * The types of a system's own spans (those that are not the gold's objects), each with where its
 * first item stands in the system's file: a type the gold lacks is never the gold's object, so
 * its first item is among them, and the warning can name the line a user opens to fix it (the
 * gold's line of the sentence is another file's, laid out otherwise).
 */
export type OwnTypes = Map<string, TypePlace>;

/** Adds `type`, first read at `source`:`line`, to `types` unless it is there already. */
export function addOwnType(types: OwnTypes, type: string, source: string, line: number): void {
  if (!types.has(type)) types.set(type, { source, line });
}

/**
 * Every type of a system's spans, where the loader knew them without a pass over the spans: the
 * labels of its own spans (the others are the gold's objects) or of the columns a worker sent.
 * A system whose types are all the gold's needs no pass over its spans at all (a pass over the
 * 450,000 spans of three 1M-token systems took 7–8 ms, reading every span object).
 */
const typesRead = new WeakMap<SystemOutput, Iterable<string>>();
/** Where the first item of each of a system's own types stands, where the loader knew it. */
const placesRead = new WeakMap<SystemOutput, ReadonlyMap<string, TypePlace>>();
/** The types of the gold chunks `--invalid drop` dropped, by gold standard. */
const droppedRead = new WeakMap<SystemOutput, ReadonlySet<string>>();

/**
 * Records the types of the chunks `--invalid drop` dropped from the gold standard `gold`: a type
 * all of whose gold chunks were dropped is in the gold file, but not among its items, and a system
 * that predicts it is told that rather than asked about a typo.
 */
export function recordDroppedGoldTypes(gold: SystemOutput, types: ReadonlySet<string>): void {
  droppedRead.set(gold, types);
}

/**
 * Records `types`, a superset of the types of `system`'s spans that are not the gold's own
 * objects, and where the first item of each of those stands (`places`, when known).
 */
export function recordTypes(system: SystemOutput, types: Iterable<string>, places?: ReadonlyMap<string, TypePlace>): void {
  typesRead.set(system, types);
  if (places !== undefined) placesRead.set(system, places);
}

/** Where the loader read the first item of each of `system`'s own types, when it recorded that: a worker sends it with the system. */
export function typePlaces(system: SystemOutput): ReadonlyMap<string, TypePlace> | undefined {
  return placesRead.get(system);
}

/** The types of `spans` not in `known`: each with its number of items and its first item, in order of first appearance. */
export function unknownTypes(spans: readonly Span[], known: ReadonlySet<string>): Array<{ type: string; items: number; first: Span }> {
  const found = new Map<string, { type: string; items: number; first: Span }>();
  // A run of one label is looked up once.
  let last: string | undefined;
  let lastKnown = true;
  for (let k = 0; k < spans.length; k++) {
    const s = spans[k];
    if (s.label !== last) {
      last = s.label;
      lastKnown = known.has(last);
    }
    if (lastKnown) continue;
    const f = found.get(s.label);
    if (f === undefined) found.set(s.label, { type: s.label, items: 1, first: s });
    else f.items++;
  }
  return [...found.values()];
}

/**
 * What an unknown type may be, as words to add after its count: untyped (a tag such as `B-`, in
 * a file of tags, CoNLL or Hugging Face's `ner_tags`: `tagged`; else an empty label),
 * or the start of a gold type (`PE` of `PER`): a tag cut short at the end of a file when its one
 * item is in the last sentence (`lastOnly`), as an untyped one is then too, else perhaps that
 * gold type under another name; or a gold type written out (`PERSON` for `PER`).
 */
function hint(type: string, known: ReadonlySet<string>, lastOnly: boolean, tagged: boolean): string {
  // Spans given with their labels (JSONL spans, BRAT) have no tags to be untyped: the label is empty.
  if (type === '' && !tagged) return ', an empty label';
  if (type === '') return `, from untyped tags such as B- or I-${lastOnly ? ', in the last sentence only: a tag cut short, as at the end of a file cut inside its last line?' : ''}`;
  const longer = [...known].filter((k) => k.length > type.length && k.startsWith(type)).sort();
  // A file cut inside its last line cuts one tag, in its last sentence; a type of many items, or
  // elsewhere, that starts a gold type is another name for it (PER where the gold has PERSON).
  if (longer.length > 0) return lastOnly ? `, the start of "${longer[0]}": a tag cut short, as at the end of a file cut inside its last line?` : `, perhaps "${longer[0]}"`;
  // A gold type but for case or one letter (`Loc`, `LCO`): the type meant, named.
  const near = nearestKey(type, [...known].sort(), 1);
  if (near !== undefined) return `, perhaps "${near}"${near.toLowerCase() === type.toLowerCase() ? ', as types are case-sensitive' : ''}`;
  // A gold type written out (PERSON, Location where the gold has PER, LOC): the longest gold type
  // of two letters or more that the type starts with, in any case, two letters or more short of it
  // (one letter more is a typo, named above).
  const upper = type.toUpperCase();
  const shorter = [...known].filter((k) => k.length >= 2 && k.length + 2 <= type.length && upper.startsWith(k.toUpperCase()));
  shorter.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return shorter.length > 0 ? `, perhaps "${shorter[0]}" written out` : '';
}

/** Whether every one of `types` is the label of some span of `gold`: read until all are found. */
function goldHasAll(gold: readonly Span[], types: ReadonlySet<string>): boolean {
  const pending = new Set(types);
  let last: string | undefined;
  for (let k = 0; k < gold.length && pending.size > 0; k++) {
    if (gold[k].label === last) continue;
    last = gold[k].label;
    pending.delete(last);
  }
  return pending.size === 0;
}

/** Every label of `spans`, added to `into` (a new set by default); a run of one label is added once. */
export function typesOf(spans: readonly Span[], into = new Set<string>()): Set<string> {
  let last: string | undefined;
  for (let k = 0; k < spans.length; k++) {
    if (spans[k].label === last) continue;
    last = spans[k].label;
    into.add(last);
  }
  return into;
}

/**
 * Adds a warning to each system that predicts types the gold standard never uses (none when the
 * gold has no items, where every type would be one). The first item is placed by the line of the
 * system's file it stands on, and the gold sentence it falls in; where the loader did not record
 * that line, by that sentence's line in the gold file, named with it.
 */
export function warnUnknownTypes(corpus: Corpus, systems: readonly SystemOutput[]): void {
  const gold = corpus.gold.spans;
  if (gold.length === 0) return;
  // The systems whose types are known already: when the gold has every one of them, found in
  // its first spans, neither the gold's spans nor theirs need a whole pass.
  const unread = systems.filter((s) => !typesRead.has(s));
  const asked = new Set<string>();
  for (const s of systems) for (const t of typesRead.get(s) ?? []) asked.add(t);
  if (unread.length === 0 && goldHasAll(gold, asked)) return;
  const known = typesOf(gold);
  const list = [...known].sort().map((t) => JSON.stringify(t)).join(', ');
  const dropped = droppedRead.get(corpus.gold);
  for (const system of systems) {
    const types = typesRead.get(system);
    if (types !== undefined && [...types].every((t) => known.has(t))) continue;
    const all = unknownTypes(system.spans, known);
    // Types the gold file has, every chunk of which --invalid drop dropped: said as such.
    const gone = dropped === undefined ? [] : all.filter((u) => dropped.has(u.type));
    if (gone.length > 0) {
      const shown = gone.slice(0, SHOWN).map((u) => `"${u.type}" (${u.items} item${u.items === 1 ? '' : 's'})`).join(', ');
      const others = gone.length > SHOWN ? ` and ${gone.length - SHOWN} more` : '';
      system.warnings.push(
        `${system.source}: ${gone.length === 1 ? 'type' : 'types'} ${shown}${others} ${gone.length === 1 ? 'has' : 'have'} no gold item left: those of the gold standard (${corpus.gold.source}) were all dropped by --invalid drop; every such item counts as a false positive`,
      );
    }
    const unknown = gone.length === 0 ? all : all.filter((u) => !dropped!.has(u.type));
    if (unknown.length === 0) continue;
    // One item in the corpus's last sentence: where a file cut inside its last line leaves one.
    const sentences = sentenceCount(corpus);
    const lastOnly = (u: { items: number; first: Span }) => u.items === 1 && sentences > 0 && sentenceAt(corpus, u.first.start) === sentences - 1;
    const named = unknown.slice(0, SHOWN).map((u) => `"${u.type}" (${u.items} item${u.items === 1 ? '' : 's'}${hint(u.type, known, lastOnly(u), system.format === 'conll' || system.dialect?.includes('huggingface') === true)})`);
    const more = unknown.length > SHOWN ? ` and ${unknown.length - SHOWN} more` : '';
    const first = unknown[0].first;
    const sentence = sentences > 0 ? sentenceAt(corpus, first.start) : -1;
    // The file named with a line is the one that line is in: the system's, else the gold's.
    const place = placesRead.get(system)?.get(unknown[0].type);
    // A gold standard of texts is counted in records (often whole documents), as eval's title counts it.
    const unit = corpus.unit === 'token' ? 'sentence' : 'record';
    const where = place !== undefined
      ? `; the first at ${place.source}:${place.line}${sentence < 0 ? '' : ` (gold ${unit} ${sentence + 1})`}`
      : sentence < 0 ? '' : `; the first in gold ${unit} ${sentence + 1}, which starts at ${corpus.gold.source}:${sentenceOf(corpus, sentence).line}`;
    system.warnings.push(
      `${system.source}: ${unknown.length === 1 ? 'type' : 'types'} ${named.join(', ')}${more} ${unknown.length === 1 ? 'is' : 'are'} not in the gold standard, whose types are ${list}${where}: a typo in the tags? Every such item counts as a false positive`,
    );
  }
}
