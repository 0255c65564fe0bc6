/** Progress within a large input: loadCorpus's onBytes shown on the progress display and the TUI's loading screen. */
import { describe, expect, it } from 'vitest';
import { BYTES_PROGRESS_FROM, bytesProgress } from '../../cli/progress.js';
import { loadingLines, startLoadingScreen } from '../../cli/tui/loading.js';

const MIB = 2 ** 20;

describe('bytesProgress', () => {
  it('shows the MiB read of a large file\'s size, and which file of how many it is', () => {
    const calls: string[] = [];
    const on = bytesProgress({ update: (phase, done, total) => calls.push(`${phase} ${done}/${total}`), end: () => calls.push('end') });
    on({ path: '/x/big.conll', bytes: 4 * MIB, size: 954 * MIB + 5, done: 0, total: 1 });
    on({ path: '/x/big.conll', bytes: 954 * MIB + 5, size: 954 * MIB + 5, done: 0, total: 1 });
    expect(calls).toEqual(['reading big.conll (file 1 of 1), MiB: 4/954', 'reading big.conll (file 1 of 1), MiB: 954/954']);
  });

  it('says nothing within a small file, and counts the MiB of a stream once it is large', () => {
    const calls: string[] = [];
    const on = bytesProgress({ update: (phase, done, total) => calls.push(`${phase} ${done}/${total}`), end: () => {} });
    on({ path: '/x/small.conll', bytes: 4096, size: BYTES_PROGRESS_FROM - 1, done: 0, total: 2 });
    on({ path: '-', bytes: 4 * MIB, done: 1, total: 2 });
    on({ path: '-', bytes: 20 * MIB, done: 1, total: 2 });
    expect(calls).toEqual(['reading -, 20 MiB so far: 1/2']);
  });
});

describe('the loading screen', () => {
  it('shows how much of the file being read is read, until the file is done', () => {
    const frames: string[][] = [];
    const screen = startLoadingScreen({ columns: 80, draw: (l) => frames.push([...l]) }, ['/x/big.conll', '/x/sys.conll']);
    screen.bytes({ path: '/x/big.conll', bytes: 120 * MIB, size: 954 * MIB, done: 0, total: 2 });
    expect(frames[frames.length - 1]).toContain('reading big.conll… 120 of 954 MiB');
    // The files bar waits for the file to be read; a bar of its MiB moves meanwhile.
    expect(frames[frames.length - 1].find((l) => l.startsWith('files'))).toMatch(/ 0% 0\/2$/);
    expect(frames[frames.length - 1].at(-1)).toMatch(/^MiB +\[#+\.+\] 12% 120\/954$/);
    screen.bytes({ path: '/x/big.conll', bytes: 954 * MIB, size: 954 * MIB, done: 0, total: 2 });
    expect(frames[frames.length - 1].at(-1)).toMatch(/\] 100% 954\/954$/);
    screen.read({ path: '/x/big.conll', done: 1, total: 2, items: 10 });
    expect(frames[frames.length - 1]).toContain('reading sys.conll…');
    expect(frames[frames.length - 1].some((l) => l.startsWith('MiB'))).toBe(false);
    // A stream's size is not known: its MiB so far, and no bar.
    const stream = loadingLines({ files: 0, total: 1, items: 0, reading: 'f', readingBytes: '3 MiB' }, 80);
    expect(stream).toContain('reading f… 3 MiB');
    expect(stream.some((l) => l.startsWith('MiB'))).toBe(false);
  });

  it('says nothing of the MiB of a file below the CLI threshold (no "0 of 0 MiB" for the CoNLL-2003 gold)', () => {
    const frames: string[][] = [];
    const screen = startLoadingScreen({ columns: 80, draw: (l) => frames.push([...l]) }, ['/x/gold.conll', '/x/sys.conll']);
    screen.bytes({ path: '/x/gold.conll', bytes: 700_000, size: 700_000, done: 0, total: 2 });
    screen.bytes({ path: '-', bytes: 4 * MIB, done: 0, total: 2 });
    expect(frames).toHaveLength(1);
    expect(frames[0].at(-1)).toBe('reading gold.conll…');
    screen.bytes({ path: '/x/gold.conll', bytes: 4 * MIB, size: BYTES_PROGRESS_FROM, done: 0, total: 2 });
    expect(frames.at(-1)!.at(-2)).toBe('reading gold.conll… 4 of 16 MiB');
    expect(frames.at(-1)!.at(-1)).toMatch(/ 25% 4\/16$/);
  });
});
