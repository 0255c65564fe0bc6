/**
 * The Planner view's search pane: the keys before a search, progress, the outcome, the candidates
 * and the cursor; and, in the Planner at 80 to 120 columns, members that do not fit named as the
 * systems list names them, never by bare numbers; with twelve systems at 80 columns, the candidate
 * under the cursor marks its members in the systems list.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { buildModel, membersOf } from '../../../cli/tui/model.js';
import { candidateMembers, SearchPane } from '../../../cli/tui/SearchPane.js';
import { startSearch, type SearchState } from '../../../cli/tui/search.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { writeManySystems } from '../../helpers/many-systems.js';
import { KEY, LONG_NAMES, namedModel, newsModel, plain, press, render as renderApp, resize, until } from './helpers.js';

afterEach(() => cleanup());

const m = newsModel();
const bit = (name: string) => 1 << m.names.indexOf(name);
const vote = m.ruleNames.indexOf('vote');
const state = (over: Partial<SearchState>): SearchState => ({
  kind: 'exhaustive', objective: 'F1', status: 'done', phase: 'caruana', done: 1, total: 1, evaluated: 124,
  top: [
    { mask: bit('confuser') | bit('crf') | bit('gazetteer'), maskHi: 0, rule: vote, value: 0.9672 },
    { mask: bit('crf'), maskHi: 0, rule: 0, value: 0.8981 },
  ],
  ...over,
});

function lines(search: SearchState | null, width = 60, cursor = -1, rows = 8): string[] {
  return plain(render(<SearchPane model={m} search={search} width={width} rows={rows} cursor={cursor} />).lastFrame()).split('\n');
}

describe('SearchPane', () => {
  it('a refused search: its reason read whole, wrapped between words within the width, not cut', () => {
    const error = 'exhaustive search over 26 systems means 67108863 member sets (more than 16777216): g runs the greedy search';
    const shown = lines(state({ status: 'failed', top: [], error }), 50);
    for (const l of shown) expect(l.length).toBeLessThanOrEqual(50);
    const reason = shown.slice(0, shown.findIndex((l) => l.startsWith('Top candidates'))).map((l) => l.trim()).join(' ');
    expect(reason).toBe(`exhaustive: ${error}`);
  });

  it('before a search: the keys of both searches and of the held-out check', () => {
    const f = lines(null).join('\n');
    expect(f).toContain('g: greedy · e: exhaustive search (objective: actual F1)');
    expect(f).toContain('h: held-out check');
  });

  it('while a search runs: the planner\'s phase and progress, and how to stop it', () => {
    const f = lines(state({ status: 'running', phase: 'exhaustive', done: 62, total: 124, top: [], evaluated: 0 })).join('\n');
    expect(f).toMatch(/exhaustive █+░+ 62\/124 Esc: stop/);
    expect(f).toContain('Top candidates');
    expect(f).not.toContain('Enter loads');
    expect(lines(state({ status: 'running', phase: 'greedy', done: 2, total: 4, top: [] }))[0]).toMatch(/^exhaustive █{10}░{10} greedy 2\/4 Esc: stop$/);
  });

  it('a stopped search lists nothing; a refused one says why', () => {
    const f = lines(state({ status: 'stopped', phase: 'exhaustive', done: 62, total: 124, top: [] }));
    expect(f[0]).toBe('exhaustive stopped at 62/124: nothing listed');
    expect(f[1]).toBe('Top candidates');
    expect(lines(state({ status: 'failed', error: 'too many member sets', top: [] }))[0]).toBe('exhaustive: too many member sets');
  });

  it('when done: the candidates best first, with member names, abbreviated when they do not fit', () => {
    const wide = lines(state({}));
    expect(wide[0]).toMatch(/done, 124 candidates/);
    expect(wide[1]).toBe('Top candidates, in-sample (→ then Enter loads one)');
    // Narrower, the title keeps that the scores are in-sample as long as it can.
    expect(lines(state({}), 40)[1]).toBe('Top candidates, in-sample');
    expect(wide[2]).toMatch(/^ {2}1 F1 96\.72 vote\s+confuser\+crf\+gazetteer$/);
    // A single system under every rule that keeps its output is one candidate, with no rule (as plan lists it).
    expect(wide[3]).toMatch(/^ {2}2 F1 89\.81 —\s+crf$/);
    // Narrower, the first member and how many more, not their numbers in the systems list.
    expect(lines(state({}), 44)[2]).toMatch(/^ {2}1 F1 96\.72 vote\s+confuser\+2 more$/);
    expect(lines(state({}), 60, -1, 1)).toHaveLength(3);
  });

  it('marks the candidate under the cursor', () => {
    const f = lines(state({}), 60, 1);
    expect(f[2]).toMatch(/^ {2}1/);
    expect(f[3]).toMatch(/^› 2 F1 89\.81/);
  });
});

describe('candidateMembers', () => {
  const full = ['flair-glove-lstmcrf', 'elmo-glove-lstmcrf', 'cnn-glove-cnncrf'];
  const short = ['flair…mcrf', 'elmo-…mcrf', 'cnn-g…ncrf'];

  it('gives the full names when they fit, else the names as the systems list shows them, else the first of those and how many more', () => {
    expect(candidateMembers(full, short, 5, 60)).toBe('flair-glove-lstmcrf+elmo-glove-lstmcrf+cnn-glove-cnncrf');
    expect(candidateMembers(full, short, 5, 40)).toBe('flair…mcrf+elmo-…mcrf+cnn-g…ncrf');
    expect(candidateMembers(full, short, 5, 30)).toBe('flair…mcrf+elmo-…mcrf+1 more');
    expect(candidateMembers(full, short, 5, 20)).toBe('flair…mcrf+2 more');
  });

  it('says "all N systems" for a candidate of every system, as plan\'s procedures table does', () => {
    expect(candidateMembers(full, short, 3, 30)).toBe('all 3 systems');
    expect(candidateMembers(['a', 'b'], ['a', 'b'], 2, 30)).toBe('a+b');
  });

  it('keeps within the room, and names with how many more add up to the members', () => {
    for (let room = 12; room <= 60; room++) {
      const text = candidateMembers(full, short, 5, room);
      expect(text.length, String(room)).toBeLessThanOrEqual(room);
      const parts = text.split('+');
      const more = /^(\d+) more$/.exec(parts.at(-1)!);
      const named = more === null ? parts : parts.slice(0, -1);
      expect(named.length + (more === null ? 0 : Number(more[1])), text).toBe(full.length);
    }
  });
});

describe('the Planner\'s candidates with long names, at 80 to 120 columns', () => {
  const m = namedModel(LONG_NAMES);

  it('names the members that fit as the systems list does, then how many more: never numbers alone', async () => {
    // The plan's own list (the search the pane runs), to count each candidate's members.
    let done: SearchState | undefined;
    await startSearch(m, 'exhaustive', (st) => { done = st; }, undefined, 40).finished;
    for (const columns of [80, 90, 100, 120]) {
      const inst = renderApp(<App model={m} initialView={2} />);
      await resize(inst, columns, 24);
      await press(inst.stdin, 'e');
      const frame = await until(() => plain(inst.lastFrame()), (f) => f.includes('done,'));
      const listed = frame.split('\n').map((l) => /^(.*?)[ ›]\s*(\d+) F1 [\d.]+ \S+\s+(.+)$/.exec(l)).filter((x) => x !== null);
      expect(listed.length, String(columns)).toBeGreaterThan(10);
      // The systems list's names, as the frame shows them.
      const shown = frame.split('\n').map((l) => /^[ ›]\s*\d+ \[[ x]\] (\S+)/.exec(l)?.[1]).filter((x) => x !== undefined);
      expect(shown).toHaveLength(5);
      for (const [line, , rank, text] of listed) {
        expect(line.length, `${columns}: ${line}`).toBeLessThanOrEqual(columns);
        expect(text, `${columns}: ${line}`).not.toMatch(/#\d|^\d+( \d+)*$/);
        const c = done!.top[Number(rank) - 1];
        const members = membersOf(c.mask, c.maskHi);
        if (text === `all ${m.names.length} systems`) {
          expect(members).toHaveLength(m.names.length);
          continue;
        }
        const parts = text.split('+');
        const more = /^(\d+) more$/.exec(parts.at(-1)!);
        const named = more === null ? parts : parts.slice(0, -1);
        // Each named member is one of the candidate's, in full or as the systems list shows it.
        named.forEach((name, k) => expect([m.names[members[k]], shown[members[k]]], `${columns}: ${line}`).toContain(name));
        expect(named.length + (more === null ? 0 : Number(more[1])), `${columns}: ${line}`).toBe(members.length);
      }
      inst.unmount();
    }
  });
});

describe('the Planner at 80 columns with twelve systems: the candidate under the cursor marks its members', () => {
  // Invented systems (written here) under names as long as the CoNLL-2003 systems', which the
  // candidates list shortens alike: bert-…mcrf+bert-…ncrf+5 more.
  const NAMES = [...LONG_NAMES, 'bert-large-lstmcrf', 'bert-large-cnncrf', 'cnn-glove-lstmcrf', 'elmo-large-cnncrf', 'flair-large-cnncrf', 'spanner-maxdecode', 'xlnet-large-lstmcrf'];
  const files = writeManySystems(NAMES.length, 8, 5);
  afterAll(() => rmSync(files.dir, { recursive: true, force: true }));
  const model = buildModel(loadCorpus({
    ...DEFAULT_LOAD_OPTIONS, gold: files.gold, systems: files.systems.map((path, i) => parseSystemArg(`${NAMES[i]}=${path}`)),
  }), DEFAULT_EVAL_OPTIONS);

  /** The systems list's rows: the mark before each (the cursor ›, a member of the list's candidate •, or none) and whether it is loaded. */
  const systemRows = (f: string) => f.split('\n').map((l) => /^([ ›•])\s*(\d+) \[([ x])\] /.exec(l)).filter((m) => m !== null)
    .map((m) => ({ mark: m[1], i: Number(m[2]) - 1, loaded: m[3] === 'x' }));
  const marked = (f: string) => systemRows(f).filter((r) => r.mark === '•').map((r) => r.i);
  const loaded = (f: string) => systemRows(f).filter((r) => r.loaded).map((r) => r.i);

  it('marks with • every member of the candidate under the cursor, apart from the loaded selection\'s [x]', async () => {
    expect(model.names).toHaveLength(12);
    // The plan's own list (the search the pane runs), for each candidate's members.
    let done: SearchState | undefined;
    await startSearch(model, 'exhaustive', (st) => { done = st; }, undefined, 40).finished;
    const members = (k: number) => membersOf(done!.top[k].mask, done!.top[k].maskHi);
    const inst = renderApp(<App model={model} initialView={2} />);
    await resize(inst, 80, 24);
    const frame = () => plain(inst.lastFrame());
    await press(inst.stdin, 'e');
    await until(frame, (f) => f.includes('done,'));
    expect(systemRows(frame())).toHaveLength(12);
    // While the systems list has the cursor, nothing is marked.
    expect(marked(frame())).toEqual([]);
    await press(inst.stdin, KEY.right);
    const shown = frame().split('\n').filter((l) => /\d+ F1 [\d.]+ /.test(l)).length;
    expect(shown).toBeGreaterThan(10);
    // Candidates the list writes alike, told apart by their marks.
    const seen = new Map<string, string>();
    let alike = 0;
    for (let k = 0; k < shown; k++) {
      if (k > 0) await press(inst.stdin, KEY.down);
      const f = frame();
      const line = f.split('\n').find((l) => new RegExp(`›\\s*${k + 1} F1 `).test(l))!;
      expect(marked(f), line).toEqual(members(k));
      expect(members(k).length, line).toBeGreaterThan(1);
      expect(systemRows(f).some((r) => r.mark === '›'), line).toBe(false);
      for (const l of f.split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
      const text = /F1 [\d.]+ \S+\s+(.+)$/.exec(line)![1];
      if (seen.has(text) && seen.get(text) !== String(members(k))) alike++;
      seen.set(text, String(members(k)));
    }
    expect(alike).toBeGreaterThan(0);
    // Enter loads the candidate ([x]) and gives the systems list the cursor: no marks.
    const last = shown - 1;
    await press(inst.stdin, KEY.enter);
    expect(loaded(frame())).toEqual(members(last));
    expect(marked(frame())).toEqual([]);
    // Back in the list, another candidate's marks stand beside the loaded one's [x].
    await press(inst.stdin, KEY.right, KEY.up);
    expect(loaded(frame())).toEqual(members(last));
    expect(marked(frame())).toEqual(members(last - 1));
    expect(members(last - 1)).not.toEqual(members(last));
    inst.unmount();
  });
});
