/**
 * A field made when it is first read: how a loaded corpus gives its users `tokens` and
 * `sentences` as arrays while keeping them in compact storage until something asks.
 */

/**
 * Gives `target` the field `key`, made by `make` the first time it is read and from then on a
 * plain field (enumerable, writable), as is a value assigned to it before; `settled` is told when
 * either happens (the storage behind it may then be forgotten). A field not `enumerable` until
 * then is left out of copies (spread, JSON, structuredClone), which would read it.
 */
export function lazyField<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K], settled: () => void, enumerable = true): void {
  const settle = (value: T[K]): void => {
    settled();
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(target, key, {
    get(): T[K] {
      const value = make();
      settle(value);
      return value;
    },
    set: settle,
    enumerable,
    configurable: true,
  });
}
