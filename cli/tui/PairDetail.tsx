/** The pair (A, B) of the heatmap: counts both ways and example items each finds that the other misses. */
import { Box, Text } from 'ink';
import { pairAt, type ItemExample } from '../../src/complementarity/matrix.js';
import type { TuiModel } from './model.js';
import { truncate } from './text.js';

function pc(x: number | null): string {
  return x === null ? '—' : (x * 100).toFixed(1);
}

function item(e: ItemExample, width: number): string {
  return truncate(`${e.text}${e.label === null ? '' : ` ${e.label}`} (${e.doc} s${e.sentence})`, width);
}

export function PairDetail({ model, a, b, width, height }: { model: TuiModel; a: number; b: number; width: number; height: number }) {
  const ab = pairAt(model.comparison, a, b);
  const ba = pairAt(model.comparison, b, a);
  const A = truncate(model.names[a], 28), B = truncate(model.names[b], 28);
  const half = Math.max(20, Math.floor((width - 3) / 2));
  const listRows = Math.max(1, Math.min(5, height - 12));
  return (
    <Box flexDirection="column">
      <Text bold>{`Pair  A = ${A}   B = ${B}`}</Text>
      <Text>{`gold items: both find ${ab.bothCorrect} · only A ${ab.onlyACorrect} · only B ${ab.onlyBCorrect} · both miss ${ab.bothMissed}`}</Text>
      <Text>{`spurious:   both return ${ab.bothWrong} · only A ${ab.onlyAWrong} · only B ${ab.onlyBWrong}`}</Text>
      <Text>{`what B offers A: P_Comp ${pc(ab.pComp)}  R_Comp ${pc(ab.rComp)}  F_Comp ${pc(ab.fComp)}`}</Text>
      <Text>{`what A offers B: P_Comp ${pc(ba.pComp)}  R_Comp ${pc(ba.rComp)}  F_Comp ${pc(ba.fComp)}`}</Text>
      <Text>{`Jaccard ${pc(ab.jaccard)}  kappa ${ab.kappa === null ? '—' : ab.kappa.toFixed(3)}`}</Text>
      <Box marginTop={1}>
        <Box flexDirection="column" width={half} marginRight={1}>
          <Text underline>{truncate(`B finds, A misses (${ab.onlyBCorrect})`, half)}</Text>
          {ab.examples.bFinds.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
          <Text underline>{truncate(`A returns wrongly, B avoids (${ab.onlyAWrong})`, half)}</Text>
          {ab.examples.bAvoids.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
        </Box>
        <Box flexDirection="column" width={half}>
          <Text underline>{truncate(`A finds, B misses (${ab.onlyACorrect})`, half)}</Text>
          {ab.examples.aFinds.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
          <Text underline>{truncate(`B returns wrongly, A avoids (${ab.onlyBWrong})`, half)}</Text>
          {ab.examples.bAdds.slice(0, listRows).map((e, i) => <Text key={i}>{item(e, half)}</Text>)}
        </Box>
      </Box>
      <Text dimColor>Esc: back to the matrix</Text>
    </Box>
  );
}
