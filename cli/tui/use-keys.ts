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

/** A key of a chunk: its input and flags, as Ink gives a key typed alone. */
export interface SplitKey {
  input: string;
  key: Key;
}

export const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

/**
 * One character of a chunk as Ink reads it typed alone: Enter (`\r`) is `return`, Tab `tab`,
 * `\b` backspace, DEL `delete`, another control character Ctrl and its letter; a capital has
 * `shift`. (Ink hands each escape sequence over as a chunk of its own, so none is here.)
 */
function keyOf(c: string): SplitKey {
  switch (c) {
    case '\r': return { input: c, key: { ...NO_KEY, return: true } };
    case '\t': return { input: '', key: { ...NO_KEY, tab: true } };
    case '\b': return { input: '', key: { ...NO_KEY, backspace: true } };
    case '\u007f': return { input: '', key: { ...NO_KEY, delete: true } };
    case '\n': return { input: c, key: NO_KEY };
  }
  if (c <= '\u001a') return { input: String.fromCharCode(c.charCodeAt(0) + 96), key: { ...NO_KEY, ctrl: true } };
  return { input: c, key: /^[A-Z]$/.test(c) ? { ...NO_KEY, shift: true } : NO_KEY };
}

/**
 * The keys of one chunk of input. A chunk of several keys (typed fast, a paste, `2` then Enter)
 * comes from Ink as one string, which a view comparing the input with a single key would not
 * see: each of its characters is then a key of its own, Enter and Tab among them. A single key
 * (an arrow, Ctrl-C, one character) is the chunk as Ink read it.
 */
export function splitKeys(input: string, key: Key): SplitKey[] {
  const chars = [...input];
  // Ink has read an escape sequence (an arrow) or a Ctrl or Meta key: one key.
  if (chars.length <= 1 || key.ctrl || key.meta || input.includes('\u001b')) return [{ input, key }];
  return chars.map(keyOf);
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
    for (const one of splitKeys(input, key)) latest.current(one.input, one.key);
  }, { isActive: slot === undefined && (options?.isActive ?? true) });
}
