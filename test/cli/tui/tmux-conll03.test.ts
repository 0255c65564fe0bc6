/**
 * The built `complan tui` in a real terminal (tmux) at 80×24 and 160×50 on the twelve CoNLL-2003
 * systems (read from ../shared, never copied), as a new user meets it: the loading screen first,
 * then every view whole — nothing wrapped, no text left over from an earlier frame, names
 * distinct, lists as long as the height allows, keys sent together acting in order, the
 * planner's greedy search being `plan --search greedy`'s, the help whole, colour only without
 * NO_COLOR — and quitting with status 0.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONLL03_DIR, conll03Present } from '../../helpers/conll03.js';
import { ROOT } from '../helpers.js';
import { hasTmux, startTmux } from './tmux.js';

const present = conll03Present('test/cli/tui/tmux-conll03.test.ts');
const built = existsSync(join(ROOT, 'dist/cli/main.js'));
if (present && !hasTmux) process.stderr.write('test/cli/tui/tmux-conll03.test.ts: skipped: no tmux installed\n');

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const systemFiles = () => readdirSync(CONLL03_DIR)
  .filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).sort().map((f) => join(CONLL03_DIR, f));

/** The screen's lines, checked: none longer than the terminal (a wrapped one is joined back), the tab bar on top, no leftovers. */
function whole(screen: string, columns: number, what: string): string[] {
  const lines = screen.split('\n').map((l) => l.trimEnd());
  for (const l of lines) expect([...l].length, `${what}: ${l}`).toBeLessThanOrEqual(columns);
  expect(lines[0], `${what}: the tab bar stays on the first line`).toMatch(/^complan /);
  // Text left over from an earlier, longer frame runs into what ends a line: `(#1 s13)ndecode`.
  for (const l of lines) expect(l, `${what}: leftover text`).not.toMatch(/\)[A-Za-z]/);
  return lines;
}

/** How many colours the screen's SGR sequences set (foreground or background, 16, 256 or RGB; not the defaults 39 and 49). */
function colours(screen: string): number {
  let n = 0;
  // eslint-disable-next-line no-control-regex
  for (const m of screen.matchAll(/\u001B\[([0-9;]*)m/g)) {
    const params = m[1].split(';').map((x) => (x === '' ? 0 : Number(x)));
    for (let i = 0; i < params.length; i++) {
      const q = params[i];
      if (q === 38 || q === 48) { n++; i += params[i + 1] === 2 ? 4 : 2; }
      else if ((q >= 30 && q <= 37) || (q >= 40 && q <= 47) || (q >= 90 && q <= 97) || (q >= 100 && q <= 107)) n++;
    }
  }
  return n;
}

const itemCount = (lines: readonly string[]) => lines.join('\n').match(/\(#\d+ s\d+\)/g)?.length ?? 0;

describe.skipIf(!present || !hasTmux || !built)('complan tui in tmux on the twelve CoNLL-2003 systems', () => {
  const counts = new Map<number, { pair: number; ablation: number; candidates: number }>();

  for (const [columns, rows, noColor] of [[80, 24, true], [160, 50, false]] as const) {
    it(`${columns}×${rows}${noColor ? ', NO_COLOR' : ''}: loading screen, every view whole, keys in order, greedy as plan's, quit with 0`, async () => {
      const env = noColor ? 'NO_COLOR=1 ' : 'NO_COLOR= ';
      const command = `cd ${quote(ROOT)} && ${env}node dist/cli/main.js tui --gold ${quote(join(CONLL03_DIR, 'gold.conll'))} ${systemFiles().map(quote).join(' ')}; echo EXIT=$?; sleep 60`;
      const t = startTmux(command, columns, rows);
      try {
        // The loading screen comes first, with the files read and their items.
        const start = await t.waitFor((s) => s.includes('[1 Systems]'), 60000, 20);
        const loading = start.seen.filter((s) => s.includes('complan: Loading'));
        expect(loading.length, 'a loading screen before the Systems view').toBeGreaterThan(0);
        expect(loading.some((s) => /\d+ of 13 files read, [\d,]+ items/.test(s))).toBe(true);

        // 1 Systems: all twelve, numbered by name, said so.
        let lines = whole(start.screen, columns, '1');
        expect(lines.filter((l) => /^\s+\d+ \S+\s+\d+\.\d\d/.test(l))).toHaveLength(12);
        expect(start.screen).toContain('12 systems, strict match; sorted by # (by name)');

        // 2 Complementarity: twelve numbered columns, twelve distinct row names; colour only without NO_COLOR.
        t.keys('2');
        let s = (await t.waitFor((x) => x.includes('[2 Comp'))).screen;
        lines = whole(s, columns, '2');
        expect(lines.some((l) => /^\s+1\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+9\s+10\s+11\s+12$/.test(l))).toBe(true);
        const rowNames = lines.map((l) => /^\s+\d+ (\S+)\s+(?:·|\[|\d)/.exec(l)?.[1]).filter((x) => x !== undefined);
        expect(rowNames).toHaveLength(12);
        expect(new Set(rowNames).size).toBe(12);
        const coloured = colours(t.screen(true));
        if (noColor) expect(coloured, 'no colour under NO_COLOR').toBe(0);
        else expect(coloured, 'the heatmap coloured, a cell at least per row').toBeGreaterThan(12);

        // The pair under the cursor, its example items as many as the height holds.
        t.keys('Enter');
        s = (await t.waitFor((x) => x.includes('Esc: back to the matrix'))).screen;
        lines = whole(s, columns, '2 pair');
        const pair = itemCount(lines);
        t.keys('Escape');
        await t.waitFor((x) => x.includes('F_Comp (%)'));

        // 3 Planner: ↓ ↓ space sent together toggle the third system, where the cursor ends.
        t.keys('3');
        await t.waitFor((x) => x.includes('Systems (0 of 12)'));
        t.keys('Down', 'Down', 'Space');
        s = (await t.waitFor((x) => x.includes('Systems (1 of 12)'))).screen;
        lines = whole(s, columns, '3');
        const third = lines.find((l) => /^[ ›]\s*3 \[/.test(l))!;
        expect(third).toMatch(/^› {1,2}3 \[x\] cnn/);
        expect(lines.filter((l) => /\[x\]/.test(l))).toHaveLength(1);
        t.keys('Up', 'Up', 'Space');
        s = (await t.waitFor((x) => x.includes('Systems (2 of 12)'))).screen;
        lines = whole(s, columns, '3');
        expect(lines.find((l) => /^[ ›]\s*1 \[/.test(l))).toMatch(/^› {1,2}1 \[x\] bert/);
        // The planner's names are distinct, the flair systems' too.
        const names = lines.map((l) => /^[ ›]\s*\d+ \[[ x]\] (\S+)/.exec(l)?.[1]).filter((x) => x !== undefined);
        expect(names).toHaveLength(12);
        expect(new Set(names).size).toBe(12);
        // Predicted scores, fractional counts included, stand apart.
        const predicted = lines.find((l) => l.includes('predicted'))!;
        const fields = predicted.slice(predicted.indexOf('predicted')).trim().split(/\s+/).slice(1);
        expect(fields.length).toBeGreaterThanOrEqual(7);
        for (const v of fields) expect(v).toMatch(/^\d+(?:\.\d{1,2})?$/);

        // g: the library's greedy search, as plan --search greedy: 185 candidates, 93.84 first.
        t.keys('g');
        s = (await t.waitFor((x) => x.includes('done, 185 candidates'), 60000)).screen;
        lines = whole(s, columns, '3 g');
        expect(s).toMatch(/ 1 F1 93\.84 vote /);
        const candidates = lines.filter((l) => /\s\d+ F1 \d+\.\d\d /.test(l)).length;

        // 4 Ablation: the flag on its variant's line; moving to the longest name and back leaves nothing behind.
        t.keys('4');
        s = (await t.waitFor((x) => x.includes('[4 Ablation]'))).screen;
        lines = whole(s, columns, '4');
        expect(lines[1]).toMatch(/^Baseline bert-glove-lstmcrf\s+F 92\.01/);
        expect(lines[2]).toMatch(/^\s+variant\s+F\s+ΔF\s+V→B\s+B→V\s+flag$/);
        expect(lines.some((l) => /^\s*(?:different|same F,?)\s*$/.test(l))).toBe(false);
        for (const l of lines.filter((x) => x.includes('same F') && !x.startsWith('V→B'))) expect(l).toMatch(/^[ ›] \S.*\d\s+same F/);
        // The line under the table says when the flag is raised.
        expect(s).toContain('same F, different: |ΔF| < 0.5, F_Comp > 25 one way');
        t.keys(...Array<string>(10).fill('Down'));
        await t.waitFor((x) => /gained by spanner-lendecode \(147\)/.test(x));
        t.keys(...Array<string>(10).fill('Up'));
        s = (await t.waitFor((x) => /gained by bert-lstmcrf \(71\)/.test(x))).screen;
        lines = whole(s, columns, '4 after ↓×10 ↑×10');
        expect(s).not.toContain('ndecode (147)');
        const ablation = itemCount(lines);

        // ? : the help, each description whole (wrapped under itself where narrow).
        t.keys('?');
        s = (await t.waitFor((x) => x.includes('Everywhere'))).screen;
        lines = whole(s, columns, '?');
        expect(s).toContain("next sort column (# P R F");
        expect(s).toMatch(/ FP FN\) /);

        // q quits, from the help too: status 0, the alternate screen gone.
        t.keys('q');
        s = (await t.waitFor((x) => x.includes('EXIT='))).screen;
        expect(s).toContain('EXIT=0');
        expect(s).not.toContain('Ablation');
        counts.set(columns, { pair, ablation, candidates });
      } finally {
        t.kill();
      }
    }, 240_000);
  }

  it('160×50 lists more than 80×24: the pair\'s and the ablation\'s example items, the planner\'s candidates', () => {
    const small = counts.get(80), large = counts.get(160);
    expect(small, 'the 80×24 run finished').toBeDefined();
    expect(large, 'the 160×50 run finished').toBeDefined();
    expect(large!.pair).toBeGreaterThan(2 * small!.pair);
    expect(large!.ablation).toBeGreaterThan(2 * small!.ablation);
    // Every row below the scores: the height, less the tab bar, a spare line and eight rows above the list.
    expect(small!.candidates).toBe(24 - 2 - 8);
    expect(large!.candidates).toBe(50 - 2 - 8);
  });
});
