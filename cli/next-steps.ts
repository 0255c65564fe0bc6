/**
 * The commands a user runs after a plan: save it, apply it, explore. Written from the command
 * line as given, with the system files shortened to a glob when they are every file of one
 * extension in one folder (as `examples/news/systems/*.conll` expands).
 */
import { readdirSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

/**
 * `s` as one shell word: as it is when plain, else in single quotes, or, when it holds control
 * characters (which must not reach the terminal raw), in bash's `$'...'` with them escaped.
 */
export function shellWord(s: string): string {
  if (/^[\w./*=+@:-]+$/.test(s)) return s;
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f-\u009f]/g;
  if (!control.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  const body = s.replace(/[\\']/g, (c) => `\\${c}`).replace(control, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `$'${body}'`;
}

/** `systems` as a shell argument list: `dir/*.ext` when they are exactly that folder's files of that extension. */
export function systemsArgument(systems: readonly string[]): string {
  const quote = shellWord;
  if (systems.length > 1 && systems.every((s) => !s.includes('='))) {
    const dir = dirname(systems[0]);
    const ext = extname(systems[0]);
    if (ext !== '' && systems.every((s) => dirname(s) === dir && extname(s) === ext)) {
      try {
        const all = readdirSync(dir).filter((f) => extname(f) === ext && !f.startsWith('.')).map((f) => join(dir, f)).sort();
        const given = systems.map((s) => join(dir, s.slice(dir.length + 1))).sort();
        if (all.length === given.length && all.every((f, k) => f === given[k])) return `${quote(dir)}/*${ext}`;
      } catch {
        // Not a readable folder: list the files.
      }
    }
  }
  return systems.map(quote).join(' ');
}

/** The next-steps lines of `plan --brief`: save the recommendation, apply it, open the TUI, the full report. */
export function planNextSteps(gold: string | undefined, systems: readonly string[]): string[] {
  const inputs = `${gold === undefined ? '' : `--gold ${shellWord(gold)} `}${systemsArgument(systems)}`;
  return [
    `  complan plan ${inputs} --save-plan plan.json`,
    '      saves the recommendation',
    `  complan combine --plan plan.json ${systemsArgument(systems)} --out ensemble.conll`,
    '      applies it: writes the ensemble\'s output, from these or new outputs',
    `  complan tui ${inputs}`,
    '      explores the systems, what each offers another, and the ensembles',
    `  complan plan ${inputs}`,
    '      the full report: greedy path, prediction quality, splits, paired tests',
  ];
}

/** The next-steps section: its title (bold when `color`), then the lines. */
export function nextStepsText(lines: readonly string[], color: boolean): string {
  return [color ? '\u001B[1mNext:\u001B[22m' : 'Next:', ...lines].join('\n');
}
