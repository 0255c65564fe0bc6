/**
 * The pair (A, B) of the heatmap: counts both ways and example items each finds that the other
 * misses, as many as the terminal's height leaves room for.
 */
import { Box, Text } from 'ink';
import { pairAt, type ItemExample } from '../../src/complementarity/matrix.js';
import type { TuiModel } from './model.js';
import { cutAtWord, cutEnd, shortNames, truncate } from './text.js';

function pc(x: number | null): string {
  return x === null ? '—' : (x * 100).toFixed(1);
}

function item(e: ItemExample, width: number): string {
  return truncate(`${e.text}${e.label === null ? '' : ` ${e.label}`} (${e.doc} s${e.sentence})`, width);
}

/**
 * A list's heading in at most `width` columns: its title and how many items it has, and how many
 * are shown when not all are (`(42, 6 shown)`, else `(6 of 42)`, else the count alone), cut after a
 * whole word only when the title and its count do not fit.
 */
export function listTitle(title: string, count: number, shown: number, width: number): string {
  const forms = shown < count ? [`${title} (${count}, ${shown} shown)`, `${title} (${shown} of ${count})`] : [];
  return forms.find((f) => f.length <= width) ?? cutAtWord(`${title} (${count})`, width);
}

/** `Pair  A = … B = …` in at most `width` columns, the names shortened (kept apart) to fit, 28 columns at most. */
export function pairHeading(names: readonly string[], a: number, b: number, width: number): string {
  const fixed = 'Pair  A =    B = '.length;
  const short = shortNames(names, Math.max(3, Math.min(28, Math.floor((width - fixed) / 2))));
  return cutAtWord(`Pair  A = ${short[a]}   B = ${short[b]}`, width);
}

export function PairDetail({ model, a, b, width, height }: { model: TuiModel; a: number; b: number; width: number; height: number }) {
  const ab = pairAt(model.comparison, a, b);
  const ba = pairAt(model.comparison, b, a);
  const half = Math.max(20, Math.floor((width - 3) / 2));
  // Rows left for the two lists of each column: seven above them, their two titles, and the last line.
  const listRows = Math.max(1, Math.floor((height - 10) / 2));
  return (
    <Box flexDirection="column">
      <Text bold>{pairHeading(model.names, a, b, width - 1)}</Text>
      <Text>{cutEnd(`gold items: both find ${ab.bothCorrect} · only A ${ab.onlyACorrect} · only B ${ab.onlyBCorrect} · both miss ${ab.bothMissed}`, width - 1)}</Text>
      <Text>{cutEnd(`spurious:   both return ${ab.bothWrong} · only A ${ab.onlyAWrong} · only B ${ab.onlyBWrong}`, width - 1)}</Text>
      <Text>{cutEnd(`what B offers A: P_Comp ${pc(ab.pComp)}  R_Comp ${pc(ab.rComp)}  F_Comp ${pc(ab.fComp)}`, width - 1)}</Text>
      <Text>{cutEnd(`what A offers B: P_Comp ${pc(ba.pComp)}  R_Comp ${pc(ba.rComp)}  F_Comp ${pc(ba.fComp)}`, width - 1)}</Text>
      <Text>{cutEnd(`Jaccard ${pc(ab.jaccard)}  kappa ${pc(ab.kappa)}  (both ×100, as compare scales them)`, width - 1)}</Text>
      <Box marginTop={1}>
        <Box flexDirection="column" width={half} marginRight={1}>
          <Text underline>{listTitle('B finds, A misses', ab.onlyBCorrect, Math.min(listRows, ab.examples.bFinds.length), half)}</Text>
          {ab.examples.bFinds.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
          <Text underline>{listTitle('A returns wrongly, B avoids', ab.onlyAWrong, Math.min(listRows, ab.examples.bAvoids.length), half)}</Text>
          {ab.examples.bAvoids.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
        </Box>
        <Box flexDirection="column" width={half}>
          <Text underline>{listTitle('A finds, B misses', ab.onlyACorrect, Math.min(listRows, ab.examples.aFinds.length), half)}</Text>
          {ab.examples.aFinds.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
          <Text underline>{listTitle('B returns wrongly, A avoids', ab.onlyBWrong, Math.min(listRows, ab.examples.bAdds.length), half)}</Text>
          {ab.examples.bAdds.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
        </Box>
      </Box>
      <Text>Esc: back to the matrix</Text>
    </Box>
  );
}
