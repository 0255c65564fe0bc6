/**
 * Keys, one at a time, to the view shown. Keys that reach the terminal together (typed fast, key
 * repeat, a paste, a slow SSH link) come in one chunk: Ink hands printable text over as one
 * string (`ss`), which views comparing the input with a single key would not see, so printable
 * chunks are split into their characters, each handled in turn; views update their state
 * functionally (or from a ref), so each key acts on the state the previous one left.
 *
 * A chunk can also change the view (`2 → Enter`): the keys after the change are the new view's,
 * though it is not drawn yet (and, shown for the first time, not even made). So under the App,
 * views do not listen to Ink themselves: the App takes every key ({@link KeyRouter}), acts on the
 * keys that switch views at once, and hands the others to the view shown by then — kept for it
 * until it is made, when it has never been shown. A view rendered alone (in a test) listens to
 * Ink directly.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { useInput, type Key } from 'ink';

/** The keys of one chunk of input: its characters when it is printable text of several, else the chunk. */
export function splitKeys(input: string, key: Pick<Key, 'ctrl' | 'meta'>): string[] {
  const chars = [...input];
  // eslint-disable-next-line no-control-regex
  if (chars.length > 1 && !key.ctrl && !key.meta && !/[\u0000-\u001f\u007f]/.test(input)) return chars;
  return [input];
}

type KeyHandler = (input: string, key: Key) => void;

/** Hands keys to the handlers of the view shown; keys for a view not made yet wait for it. */
export class KeyRouter {
  /** The view keys go to (set as a key switches views, before anything is drawn). */
  view = 0;
  private readonly handlers = new Map<number, Set<{ current: KeyHandler }>>();
  private waiting: Array<{ view: number; input: string; key: Key }> = [];

  /** Hands a key to the view shown, or keeps it until that view is made. */
  dispatch(input: string, key: Key): void {
    const mine = this.handlers.get(this.view);
    if (mine === undefined || mine.size === 0) {
      this.waiting.push({ view: this.view, input, key });
      return;
    }
    for (const h of mine) h.current(input, key);
  }

  /** Adds a view's handler (read through the ref, so always its latest); returns its removal. */
  add(view: number, handler: { current: KeyHandler }): () => void {
    let mine = this.handlers.get(view);
    if (mine === undefined) this.handlers.set(view, (mine = new Set()));
    mine.add(handler);
    // Keys typed for this view before it was made, in their order.
    const now = this.waiting.filter((w) => w.view === view);
    if (now.length > 0) {
      this.waiting = this.waiting.filter((w) => w.view !== view);
      for (const w of now) handler.current(w.input, w.key);
    }
    return () => {
      mine.delete(handler);
    };
  }
}

/** The router and the view a component belongs to, given by the App around each view. */
export const ViewKeys = createContext<{ router: KeyRouter; view: number } | undefined>(undefined);

/**
 * A view's keys, one at a time: from the App's router when under it (`isActive` is then the
 * router's affair: the view shown gets the keys), else from Ink while `isActive`.
 */
export function useKeys(handler: KeyHandler, options?: { isActive?: boolean }): void {
  const slot = useContext(ViewKeys);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => (slot === undefined ? undefined : slot.router.add(slot.view, latest)), [slot]);
  useInput((input, key) => {
    for (const one of splitKeys(input, key)) latest.current(one, key);
  }, { isActive: slot === undefined && (options?.isActive ?? true) });
}
