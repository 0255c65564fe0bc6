/**
 * The Planner view's explanation panel (`x`): what `plan --explain` prints for the highlighted
 * candidate — its actual and predicted F, each member's F alone and the candidate without it
 * (the leave-one-out gain), and the pairs behind the prediction — fitted to the panel's size,
 * saying what it leaves out.
 */
import { Box, Text } from 'ink';
import type { CandidateExplanation } from '../../src/plan/types.js';
import { explanationTables, type ExplainFormat } from '../../src/report/plan-explain.js';
import { displayWidth } from '../../src/report/display-width.js';
import { renderText, type Table } from '../../src/report/table.js';
import { cutAtWord, cutEnd, plural, wrapKeepingFigures } from './text.js';

/** A part of the panel: lines always shown with it (a title, a table's header), then its rows, which may be cut. */
interface Part {
  head: string[];
  rows: string[];
  /** What the part is (`the pairs`), and its rows when `n` of them are not shown (`2 more pairs`). */
  whole: string;
  more: (n: number) => string;
  /** Headers of the columns left out to fit the width. */
  dropped: string[];
}

/** A table as a part: its title wrapped, its columns from the right left out until its rows fit `w` (a figure is shown whole or not at all). */
function tablePart(t: Table, noun: string, w: number): Part {
  let k = t.columns.length;
  const lines = (n: number) => renderText([{ columns: t.columns.slice(0, n), rows: t.rows.map((r) => r.slice(0, n)) }]).trimEnd().split('\n');
  while (k > 2 && lines(k).some((l) => displayWidth(l) > w)) k--;
  // Only the first two columns (the number and a name) are ever cut, and only a name: at the end.
  const [header, rule, ...rows] = lines(k).map((l) => cutEnd(l, w));
  return {
    head: [...wrapKeepingFigures(t.title ?? '', w), header, rule], rows, whole: `the ${noun}s`,
    more: (n) => plural(n, `more ${noun}`), dropped: t.columns.slice(k).map((c) => c.header),
  };
}

/** `a`, `a and b`, `a, b and c`. */
const listed = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * The panel's lines, at most `height` (the last says how to close it), each within `width`.
 * What does not fit is left out whole — rows from the end, columns from the right — and a line
 * says what (`… 2 more pairs and the notes: a taller terminal shows them`).
 */
export function explainLines(e: CandidateExplanation, fmt: ExplainFormat, width: number, height: number): string[] {
  const w = Math.max(20, width - 1);
  // Titles and notes wrap, a figure keeping its label on its line (`predicted 95.35`, `ρ = Spearman's ρ`);
  // the notes come last, as room allows.
  const tables = explanationTables(e, fmt);
  const parts: Part[] = [
    ...tables.map((t, i) => tablePart({ ...t, note: undefined }, i === 0 ? 'member' : 'pair', w)),
    {
      head: [], rows: tables.flatMap((t) => (t.note ?? '').split('\n').flatMap((l) => wrapKeepingFigures(l, w))),
      whole: 'the notes', more: (n) => `${plural(n, 'more line')} of notes`, dropped: [],
    },
  ];
  const budget = Math.max(1, height - 1);
  const size = (p: Part) => p.head.length + p.rows.length;
  const out: string[] = [];
  const rows: string[] = [];
  const columns: string[] = [];
  const wholes: string[] = [];
  parts.forEach((p, i) => {
    const rest = parts.slice(i);
    const avail = budget - out.length;
    if (wholes.length > 0 || rows.length > 0) { wholes.push(p.whole); return; }
    // The rest fits, with a line for the columns left out if any.
    const saying = columns.length > 0 || rest.some((x) => x.dropped.length > 0) ? 1 : 0;
    if (rest.reduce((a, x) => a + size(x), 0) + saying <= avail || size(p) <= avail - 1) {
      out.push(...p.head, ...p.rows);
      columns.push(...p.dropped);
      return;
    }
    // Else this part takes what leaves a line for saying what is not shown.
    const shown = avail - 1 - p.head.length;
    if (shown <= 0) { wholes.push(p.whole); return; }
    out.push(...p.head, ...p.rows.slice(0, shown));
    rows.push(p.more(p.rows.length - shown));
    columns.push(...p.dropped);
  });
  const hidden = [...rows, ...(columns.length === 0 ? [] : [`${columns.length === 1 ? 'column' : 'columns'} ${listed(columns)}`]), ...wholes];
  if (hidden.length > 0) {
    const onlyColumns = rows.length + wholes.length === 0;
    const larger = columns.length === 0 ? 'taller' : onlyColumns ? 'wider' : 'larger';
    const forms = [`… ${listed(hidden)}: a ${larger} terminal shows ${onlyColumns && columns.length === 1 ? 'it' : 'them'}`, `… ${listed(hidden)}`];
    out.push(forms.find((f) => displayWidth(f) <= w) ?? cutAtWord(forms[1], w));
  }
  return [...out, 'x or Esc: close'];
}

export function ExplainPanel({ explanation, format, width, height }: { explanation: CandidateExplanation; format: ExplainFormat; width: number; height: number }) {
  const lines = explainLines(explanation, format, width, height);
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => (
        <Text key={i} bold={i === 0}>{l}</Text>
      ))}
    </Box>
  );
}
