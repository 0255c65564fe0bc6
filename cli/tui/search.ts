/**
 * The planner view's searches, run off the render path: the work is cut into chunks with
 * `setImmediate` between them, so keystrokes and redraws are handled while a search runs, and a
 * search can be stopped. The objective is the actual F_β of the ensemble on the gold standard,
 * as `complan plan`'s default; ties go to the smaller member set, then the earlier candidate.
 */
import { actualF, type TuiModel } from './model.js';

export interface Candidate {
  mask: number;
  rule: number;
  f: number;
}

export interface SearchState {
  kind: 'greedy' | 'exhaustive';
  done: number;
  total: number;
  running: boolean;
  /** Best first. */
  top: Candidate[];
  evaluated: number;
}

export interface SearchHandle {
  stop: () => void;
  /** Resolves when the search ends (finished or stopped). */
  finished: Promise<void>;
}

const CHUNK = 256;

function popcount(x: number): number {
  let c = 0;
  for (; x !== 0; x &= x - 1) c++;
  return c;
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.f !== b.f) return (Number.isNaN(b.f) ? -Infinity : b.f) < (Number.isNaN(a.f) ? -Infinity : a.f);
  return popcount(a.mask) < popcount(b.mask);
}

/** Keeps the best `k` candidates, best first. */
export class TopList {
  readonly items: Candidate[] = [];
  constructor(private readonly k: number) {}
  add(c: Candidate): void {
    if (this.items.some((x) => x.mask === c.mask && x.rule === c.rule)) return;
    let i = this.items.length;
    while (i > 0 && better(c, this.items[i - 1])) i--;
    if (i >= this.k) return;
    this.items.splice(i, 0, c);
    if (this.items.length > this.k) this.items.pop();
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The (mask, rule) pairs greedy or exhaustive search visits, as a generator of work units. */
function* exhaustiveWork(n: number, rules: number): Generator<[number, number]> {
  for (let S = 1; S < 1 << n; S++) for (let r = 0; r < rules; r++) yield [S, r];
}

/**
 * Starts a search. `onUpdate` is called after every chunk (and at the end) with a fresh state.
 * Greedy, per rule: start from the best single system and add, while F improves, the system
 * that improves it most. Exhaustive: every non-empty member set under every rule.
 */
export function startSearch(model: TuiModel, kind: 'greedy' | 'exhaustive', onUpdate: (s: SearchState) => void, topK = 8): SearchHandle {
  const n = model.names.length;
  const R = model.rules.length;
  const top = new TopList(topK);
  let stopped = false;
  let evaluated = 0;
  const total = kind === 'exhaustive' ? ((1 << n) - 1) * R : R * n * (n + 1) / 2;
  const state = (done: number, running: boolean): SearchState => ({ kind, done, total, running, top: [...top.items], evaluated });
  const score = (S: number, r: number): number => {
    evaluated++;
    const f = actualF(model, S, r);
    // A single system is the same ensemble under every rule: list it once.
    if (r === 0 || (S & (S - 1)) !== 0) top.add({ mask: S, rule: r, f });
    return f;
  };
  const finished = (async () => {
    onUpdate(state(0, true));
    await tick();
    if (kind === 'exhaustive') {
      let done = 0;
      for (const [S, r] of exhaustiveWork(n, R)) {
        if (stopped) break;
        score(S, r);
        if (++done % CHUNK === 0) {
          onUpdate(state(done, true));
          await tick();
        }
      }
    } else {
      let done = 0;
      for (let r = 0; r < R && !stopped; r++) {
        let S = 0;
        let best = -Infinity;
        while (!stopped) {
          let pick = -1;
          let pickF = best;
          for (let m = 0; m < n; m++) {
            if ((S >> m) & 1) continue;
            const f = score(S | (1 << m), r);
            done++;
            if (f > pickF) { pick = m; pickF = f; }
          }
          if (pick < 0) break;
          S |= 1 << pick;
          best = pickF;
          onUpdate(state(done, true));
          await tick();
        }
      }
    }
    onUpdate({ ...state(0, false), done: stopped ? evaluated : total });
  })();
  return { stop: () => { stopped = true; }, finished };
}
