/**
 * Ink's useInput, one key at a time: keys that reach the terminal together (typed fast, key
 * repeat, a paste, a slow SSH link) come in one chunk, which Ink hands over as one string
 * (`ss`); views compare the input with a single key, so they would see none. Printable chunks
 * are split into their characters, each handled in turn; views update their state functionally
 * (or from a ref), so each key acts on the state the previous one left.
 */
import { useInput, type Key } from 'ink';

/** The keys of one chunk of input: its characters when it is printable text of several, else the chunk. */
export function splitKeys(input: string, key: Pick<Key, 'ctrl' | 'meta'>): string[] {
  const chars = [...input];
  // eslint-disable-next-line no-control-regex
  if (chars.length > 1 && !key.ctrl && !key.meta && !/[\u0000-\u001f\u007f]/.test(input)) return chars;
  return [input];
}

export function useKeys(handler: (input: string, key: Key) => void, options?: { isActive?: boolean }): void {
  useInput((input, key) => {
    for (const one of splitKeys(input, key)) handler(one, key);
  }, options);
}
