/** The pairs' data of the HTML report: the figures a pair shows, rounded as every table rounds. */
import { describe, expect, it } from 'vitest';
import type { Comparison, PairStats } from '../../src/complementarity/matrix.js';
import { heatmapData, heatmapHtml } from '../../src/report/html-heatmap.js';

const EMPTY = { bFinds: [], bAvoids: [], bothMiss: [], bothWrong: [], aFinds: [], bAdds: [] };

function pair(a: string, b: string, pComp: number | null, rComp: number | null, fComp: number | null): PairStats {
  return {
    a, b, pComp, rComp, fComp, fBetaComp: fComp, comp: null, kappa: null, jaccard: 0, itemComp: null,
    bothCorrect: 0, onlyACorrect: 0, onlyBCorrect: 0, bothMissed: 0, bothWrong: 0, onlyAWrong: 0, onlyBWrong: 0,
    examples: EMPTY,
  } as unknown as PairStats;
}

describe('heatmapData', () => {
  it('gives each pair its P_Comp, R_Comp and F_Comp as shown: two decimals, an exact tie to even, undefined as such', () => {
    const c = {
      match: 'strict', beta: 1, basis: 'tokens', goldItems: 0, systems: [],
      pairs: [pair('a', 'b', 267 / 480, 2 / 3, null)],
    } as unknown as Comparison;
    const [p] = heatmapData(c, () => ({ before: '', item: '', after: '' }) as never).pairs;
    // 267/480 is 55.625 %: toFixed would show 55.63, conlleval and every table 55.62.
    expect(p.shown).toEqual({ pComp: '55.62%', rComp: '66.67%', fComp: 'undefined' });
  });
});

describe('heatmapHtml', () => {
  it('says why a whole row is undefined: a system with no spurious item (P_Comp undefined) among the types shown', () => {
    const counts = (p: PairStats, fp: number, fn: number) => ({ ...p, onlyAWrong: fp, onlyBCorrect: fn });
    const systems = ['a', 'b', 'c'].map((name) => ({ name }));
    // a: no spurious item, so its row is — throughout; b and c have defined pairs.
    const pairs = [
      counts(pair('a', 'b', null, 0.5, null), 0, 4), counts(pair('a', 'c', null, 0.25, null), 0, 4),
      counts(pair('b', 'a', 0.5, 0.5, 0.5), 2, 2), counts(pair('b', 'c', 0.5, 0.5, 0.5), 2, 2),
      counts(pair('c', 'a', 0.5, 0.5, 0.5), 2, 2), counts(pair('c', 'b', 0.5, 0.5, 0.5), 2, 2),
    ];
    const c = { match: 'strict', beta: 1, basis: 'tokens', goldItems: 10, systems, pairs, types: ['PER'] } as unknown as Comparison;
    expect(heatmapHtml(c)).toContain('A whole row is —: a returns no spurious item (P_Comp undefined) among the types shown; open a pair for the half that is defined.');
    // Every row with a defined cell: nothing said.
    const defined = { ...c, pairs: pairs.map((p) => ({ ...p, fComp: 0.5 })) } as unknown as Comparison;
    expect(heatmapHtml(defined)).not.toContain('A whole row is');
  });
});
