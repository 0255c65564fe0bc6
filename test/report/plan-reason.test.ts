/**
 * The recommendation's reason is written by the report layer from the basis the planner records:
 * one sentence per kind of basis, with the figures behind it.
 */
import { describe, expect, it } from 'vitest';
import type { PlanResult, ProcedureName, RecommendationBasis } from '../../src/plan/types.js';
import { recommendationReason } from '../../src/report/plan-reason.js';
import { recommendationLines } from '../../src/report/plan-procedures.js';

const procedure = (name: ProcedureName, members: string[], rule: string, mean: number) => ({
  name, members, rule, size: members.length,
  planning: { objective: mean + 0.01, scores: {} as never },
  heldOut: { mean, sd: 0.004, splits: 5, planningMean: mean + 0.01, optimism: 0.01 },
});

function result(pick: ProcedureName, basis: RecommendationBasis, objective = 'f1'): PlanResult {
  const all = ['a', 'b', 'c', 'd'];
  return {
    systems: all,
    notes: [],
    objective: { text: objective, minimise: objective === 'ser', description: objective === 'ser' ? 'SER' : 'F1' },
    selection: procedure('selection', ['a', 'b', 'c'], 'vote', 0.93),
    baselines: [
      procedure('best-single', ['a'], 'union', 0.9), procedure('majority-all', all, 'majority', 0.92),
      procedure('vote-all', all, 'vote', 0.925), { ...procedure('caruana', ['a', 'b'], 'weighted', 0.91), weights: { a: 2, b: 1 } },
    ],
    recommendation: {
      procedure: pick, members: all, rule: 'vote', basis, alpha: 0.05, heldOut: null, tests: null,
      vsBaselines: [
        { name: 'vote-all', meanDiff: 0.012, sd: 0.01, se: 0.004, ci95: [0.004, 0.02], p: 0.004, pBootstrap: 0.01, differing: 12 },
        { name: 'majority-all', meanDiff: 0.02, sd: 0.01, se: 0.004, ci95: [0.01, 0.03], p: 0.0004, pBootstrap: 0.001, differing: 12 },
      ],
    },
  } as unknown as PlanResult;
}

describe('recommendationReason', () => {
  it('says when no held-out estimate was made', () => {
    expect(recommendationReason(result('vote-all', { kind: 'no-held-out' })))
      .toBe('No held-out estimate was made, so no selection can be shown to beat the vote of all 4 systems (vote-all): recommending it.');
    // A test set that disagrees is said so: the procedures beating the recommendation there significantly.
    const withTest = result('vote-all', { kind: 'no-held-out' });
    withTest.recommendation.test = {
      objective: 0.92, scores: {} as never, tests: { on: 'test', units: 'document', samples: 1000, seed: 1, reselected: false },
      vsBaselines: [
        { name: 'selection', meanDiff: -0.017, sd: null, se: 0.004, ci95: [-0.025, -0.009], p: 0.001, pBootstrap: 0.001, differing: 40 },
        { name: 'majority-all', meanDiff: -0.002, sd: null, se: 0.004, ci95: [-0.01, 0.006], p: 0.6, pBootstrap: 0.6, differing: 30 },
      ],
    };
    expect(recommendationReason(withTest)).toBe('No held-out estimate was made, so no selection can be shown to beat the vote of all 4 systems (vote-all): recommending it. '
      + 'The test set, which chose nothing, disagrees: selection by +1.70 points (p = 0.001) scores better there. '
      + 'It stays a check, not a choice: hold out development documents (--folds) for a plan that can choose beyond the baselines.');
    // With a bootstrap, what was not made is a held-out split, and the reason says which way the bootstrap leans.
    const boot = result('vote-all', { kind: 'no-held-out' });
    boot.bootstrap = {
      samples: 200, seed: 1, confidence: 0.95, units: 'document', reselected: true, procedure: 'vote-all', procedures: [], skipped: 0,
      vsBaselines: [
        { name: 'selection', mean: -0.0117, low: -0.0285, high: 0, notBetter: 1 },
        { name: 'caruana', mean: -0.0153, low: -0.0429, high: 0.0045, notBetter: 0.965 },
        { name: 'best-single', mean: 0.0533, low: -0.0088, high: 0.1123, notBetter: 0.045 },
      ],
    };
    expect(recommendationReason(boot)).toBe('No held-out split was made (--folds 0), so no selection can be shown to beat the vote of all 4 systems (vote-all): recommending it. '
      + 'Out of bootstrap (200 resamples, every choice made again in each), a check and not a choice, caruana leads vote-all by +1.53 points '
      + '(95% interval -0.45 to +4.29; vote-all not better in 96.5% of resamples): hold out documents (--folds) for a plan that can choose on such figures.');
    boot.bootstrap.vsBaselines = boot.bootstrap.vsBaselines.filter((c) => c.mean > 0);
    expect(recommendationReason(boot)).toMatch(/a check and not a choice, no procedure scores above vote-all on average\.$/);
    // With held-out splits too: the reason would otherwise be silent where the test table is not shown (--brief).
    const folds = result('vote-all', { kind: 'within-noise', best: 'selection', behind: 0.005, se: 0.006 });
    folds.recommendation.test = withTest.recommendation.test;
    expect(recommendationReason(folds)).toMatch(/Recommending the baseline, which needs no selection\. The test set, which chose nothing, disagrees: selection by \+1\.70 points \(p = 0\.001\) scores better there\. It stays a check, not a choice: the recommendation rests on the held-out figures of the planning data\.$/);
    // A test set some of whose documents chose the plan is no clean check: it is not said to disagree.
    const shared = { ...folds, notes: [{ kind: 'test-shares-documents', shared: 115, of: 231, first: { other: 'a', base: 'b' } }] } as PlanResult;
    expect(recommendationReason(shared)).toMatch(/Recommending the baseline, which needs no selection\. On the test set selection by \+1\.70 points \(p = 0\.001\) scores better, but 115 of its 231 documents are planning documents, which took part in every choice: not a clean check \(keep the test documents out of the planning data for one\)\.$/);
    expect(recommendationReason(shared)).not.toContain('chose nothing');
    // One all of whose documents chose it tests nothing: no word of it here (the notes say so).
    const inside = { ...folds, notes: [{ kind: 'test-shares-documents', shared: 8, of: 8, first: { other: 'a', base: 'b' } }] } as PlanResult;
    expect(recommendationReason(inside)).toMatch(/Recommending the baseline, which needs no selection\.$/);
  });

  it('names the procedure that failed the significance test, with both tests', () => {
    const text = recommendationReason(result('vote-all', {
      kind: 'not-significant', failed: 'caruana', best: 'selection', vsVoteAll: { diff: 0.003, p: 0.21, ci95: [-0.0015, 0.0045], differing: 12 }, vsMajorityAll: { diff: 0.01, p: 0.0002, ci95: [0.005, 0.015], differing: 12 },
    }));
    expect(text).toBe('No selection beats the vote of all 4 systems (vote-all) beyond noise: ensemble selection with replacement (caruana: weighted(a×2+b)), '
      + 'the simplest procedure within one standard error of the best held out, does not beat both no-selection baselines significantly '
      + '(+0.30 points over vote-all, 95% interval -0.15 to +0.45, p = 0.21; +1.00 points over majority-all, 95% interval +0.50 to +1.50, p < 0.001; a randomization p below 0.05 and a 95% interval above zero are needed against both), '
      + 'and neither does any other. Recommending the baseline, which needs no selection.');
  });

  it('says when the failed procedure differs from a baseline in too few units for any p below alpha', () => {
    const r = result('vote-all', {
      kind: 'not-significant', failed: 'selection', best: 'selection', vsVoteAll: { diff: 0.0098, p: 0.051, ci95: [-0.0049, 0.0147], differing: 5 }, vsMajorityAll: { diff: 0.0198, p: 0.051, ci95: [-0.0099, 0.0297], differing: 6 },
    });
    (r.recommendation as { tests: unknown }).tests = { on: 'held-out', units: 'document', samples: 1000, seed: 1, reselected: false };
    // 2/2^5 = 0.0625 is above 0.05; 2/2^6 = 0.031 is not, so majority-all is not named.
    expect(recommendationReason(r)).toContain('Recommending the baseline, which needs no selection. The search\'s choice differs from vote-all in only 5 held-out documents, '
      + 'so randomization\'s p cannot fall below 1/16: no difference could reach 0.05 there, however large; more documents are needed to tell.');
    const both = result('vote-all', {
      kind: 'not-significant', failed: 'caruana', best: 'selection', vsVoteAll: { diff: 0.0098, p: 0.051, ci95: [-0.0049, 0.0147], differing: 5 }, vsMajorityAll: { diff: 0.0198, p: 0.27, ci95: [-0.0099, 0.0297], differing: 3 },
    });
    expect(recommendationReason(both)).toContain('Caruana differs from vote-all in only 5 held-out units, and from majority-all in 3, so randomization\'s p cannot fall below 1/16');
    const many = recommendationReason(result('vote-all', {
      kind: 'not-significant', failed: 'selection', best: 'selection', vsVoteAll: { diff: 0.0098, p: 0.06, ci95: [-0.0049, 0.0147], differing: 6 }, vsMajorityAll: { diff: 0.0198, p: 0.01, ci95: [0.0099, 0.0297], differing: 9 },
    }));
    expect(many).not.toContain('exact p');
    expect(recommendationReason(result('vote-all', { kind: 'majority-not-beyond-vote', best: 'selection', majorityVsVote: { diff: 0.005, p: 1, ci95: [-0.0025, 0.0075], differing: 1 } })))
      .toContain('Majority-all differs from vote-all in only 1 held-out unit, so randomization\'s p cannot fall below 1');
    expect(recommendationReason(result('vote-all', { kind: 'majority-not-beyond-vote', best: 'selection', majorityVsVote: { diff: 0.005, p: 0.25, ci95: [-0.0025, 0.0075], differing: 3 } })))
      .toContain('Majority-all differs from vote-all in only 3 held-out units, so randomization\'s p cannot fall below 1/4');
  });

  it('calls the failed procedure the best held out when it is, and says when a choice is a baseline\'s ensemble', () => {
    // The search's choice has the best held-out mean of the fixture (0.93).
    const best = recommendationReason(result('vote-all', {
      kind: 'not-significant', failed: 'selection', best: 'selection', vsVoteAll: { diff: 0.005, p: 0.2, ci95: [-0.0025, 0.0075], differing: 12 }, vsMajorityAll: { diff: 0.01, p: 0.01, ci95: [0.005, 0.015], differing: 12 },
    }));
    expect(best).toContain('the search\'s choice vote(a+b+c), the best procedure held out, does not beat both');
    // The same members under the same rule as majority-all.
    const r = result('vote-all', { kind: 'majority-not-beyond-vote', best: 'selection', majorityVsVote: { diff: 0.005, p: 0.5, ci95: [-0.0025, 0.0075], differing: 12 } });
    r.selection = { ...r.selection, members: ['d', 'c', 'b', 'a'], rule: 'majority' };
    expect(recommendationReason(r)).toContain('(the search\'s choice majority(d+c+b+a), the same ensemble as majority-all) is majority-all, which selects nothing either and does not beat vote-all');
  });

  it('says when too few resamples were drawn for any p below alpha', () => {
    const r = result('vote-all', {
      kind: 'not-significant', failed: 'selection', best: 'selection', vsVoteAll: { diff: 0.0364, p: 0.091, ci95: [-0.0182, 0.0546], differing: 40 }, vsMajorityAll: { diff: 0.0372, p: 0.091, ci95: [-0.0186, 0.0558], differing: 40 },
    });
    r.notes = [{ kind: 'alpha-unreachable', samples: 10, alpha: 0.05 }];
    expect(recommendationReason(r)).toMatch(/Recommending the baseline, which needs no selection\. With 10 resamples no p can fall below 1\/11, so none could reach 0\.05, however large the difference: raise --samples\.$/);
  });

  it('explains majority-all set aside for vote-all, a baseline best held out, and one within noise', () => {
    expect(recommendationReason(result('vote-all', { kind: 'majority-not-beyond-vote', best: 'selection', majorityVsVote: { diff: -0.005, p: 0.5, ci95: [-0.0075, 0.0025], differing: 12 } })))
      .toBe('No selection beats the vote of all 4 systems (vote-all) beyond noise: the simplest procedure within one standard error of the best held out (the search\'s choice vote(a+b+c)) '
        + 'is majority-all, which selects nothing either and does not beat vote-all significantly (-0.50 points over vote-all, 95% interval -0.75 to +0.25, p = 0.50; '
        + 'a randomization p below 0.05 and a 95% interval above zero are needed). Recommending vote-all, the reference of the two baselines that need no selection.');
    // majority-all itself the best held out: said once, not as the best it is within noise of.
    const own = recommendationReason(result('vote-all', { kind: 'majority-not-beyond-vote', best: 'majority-all', majorityVsVote: { diff: 0.005, p: 0.5, ci95: [-0.0025, 0.0075], differing: 12 } }));
    expect(own).toMatch(/^No selection beats the vote of all 4 systems \(vote-all\) beyond noise: the best procedure held out is majority-all, which selects nothing either and does not beat vote-all significantly \(\+0\.50 points over vote-all/);
    expect(own).not.toContain('(the majority of all 4 systems (majority-all)) is majority-all');
    expect(recommendationReason(result('vote-all', { kind: 'best-held-out' })))
      .toBe('No selection beats the vote of all 4 systems (vote-all) held out: it has the best held-out F1 of the five procedures (92.50 ± 0.40 (sd over 5 splits)). Recommending it: no selection did better on the units held out.');
    // Held out on a few documents, no difference could have been shown: the reason says so, not that selection does not pay.
    const tiny = result('vote-all', { kind: 'best-held-out' });
    tiny.recommendation.vsBaselines = tiny.recommendation.vsBaselines.map((c) => ({ ...c, differing: 3 }));
    tiny.recommendation.tests = { units: 'document' } as never;
    expect(recommendationReason(tiny)).toBe('No selection beats the vote of all 4 systems (vote-all) held out: it has the best held-out F1 of the five procedures (92.50 ± 0.40 (sd over 5 splits)). '
      + 'Recommending it, though these figures cannot tell whether selection would pay. The vote of all 4 systems (vote-all) differs from vote-all in only 3 held-out documents, and from majority-all in 3, '
      + 'so randomization\'s p cannot fall below 1/4: no difference could reach 0.05 there, however large; more documents are needed to tell.');
    // Every procedure tied held out: the baseline shares the best figure, it does not have it alone.
    const tied = result('vote-all', { kind: 'best-held-out' });
    const held = tied.baselines.find((b) => b.name === 'vote-all')!.heldOut!;
    tied.selection = { ...tied.selection, heldOut: { ...held } };
    tied.baselines = tied.baselines.map((b) => (b.name === 'majority-all' ? { ...b, heldOut: { ...held } } : b));
    expect(recommendationReason(tied)).toBe('No selection beats the vote of all 4 systems (vote-all) held out: it shares the best held-out F1 of the five procedures with the search\'s choice vote(a+b+c) '
      + 'and the majority of all 4 systems (majority-all) (92.50 ± 0.40 (sd over 5 splits)). Recommending it: no selection did better on the units held out.');
    expect(recommendationReason(result('vote-all', { kind: 'within-noise', best: 'selection', behind: 0.005, se: 0.006 })))
      .toBe('No selection beats the vote of all 4 systems (vote-all) beyond noise: the best procedure held out, the search\'s choice vote(a+b+c), leads it by +0.50 points, within one standard error (0.60). Recommending the baseline, which needs no selection.');
  });

  it('says when the search\'s choice leads the recommended baseline in-sample and trails it held out', () => {
    const trails = (kind: 'within-noise' | 'best-held-out') => {
      const r = result('vote-all', kind === 'within-noise' ? { kind, best: 'caruana', behind: 0.0008, se: 0.0029 } : { kind });
      r.selection = { ...r.selection, planning: { ...r.selection.planning, objective: 0.9384 }, heldOut: { ...r.selection.heldOut!, mean: 0.933 } };
      r.baselines = r.baselines.map((b) => (b.name === 'vote-all' ? { ...b, planning: { ...b.planning, objective: 0.9356 }, heldOut: { ...b.heldOut!, mean: 0.9339 } } : b));
      return r;
    };
    const said = ' The search\'s choice leads vote-all in-sample (93.84 against 93.56) but trails it held out (93.30 against 93.39): its in-sample lead did not hold on units it was not chosen on.';
    expect(recommendationReason(trails('within-noise'))).toMatch(/Recommending the baseline, which needs no selection\. The search's choice leads/);
    expect(recommendationReason(trails('within-noise')).endsWith(said)).toBe(true);
    expect(recommendationReason(trails('best-held-out')).endsWith(said)).toBe(true);
    // Ahead held out too, or not ahead in-sample: nothing to say.
    expect(recommendationReason(result('vote-all', { kind: 'within-noise', best: 'caruana', behind: 0.0008, se: 0.0029 }))).not.toContain('did not hold on units');
    const notAhead = trails('within-noise');
    notAhead.selection = { ...notAhead.selection, planning: { ...notAhead.selection.planning, objective: 0.93 } };
    expect(recommendationReason(notAhead)).not.toContain('did not hold on units');
  });

  it('gives a selection that beats both baselines its figures, and what simpler procedures did', () => {
    const text = recommendationReason(result('selection', { kind: 'beats-baselines', best: 'selection', skipped: ['best-single'] }));
    expect(text).toBe('The search\'s choice vote(a+b+c) beats both no-selection baselines beyond noise held out (93.00 ± 0.40 (sd over 5 splits)): '
      + '+1.20 points over vote-all (95% interval +0.40 to +2.00, p = 0.004) and +2.00 points over majority-all (95% interval +1.00 to +3.00, p < 0.001). '
      + 'Simpler procedures within one standard error of the best (best-single) do not beat both baselines significantly.');
  });
});

describe('reasons with tiny differences and limits', () => {
  it('shows a tiny difference and its interval at the decimals that keep their signs', () => {
    const r = result('vote-all', {
      kind: 'not-significant', failed: 'selection', best: 'selection',
      vsVoteAll: { diff: 0.000017, p: 0.0005, ci95: [-0.000008, 0.000054], differing: 200 }, vsMajorityAll: { diff: 0.01, p: 0.0005, ci95: [0.005, 0.015], differing: 200 },
    });
    expect(recommendationReason(r)).toContain('(+0.002 points over vote-all, 95% interval -0.001 to +0.005, p < 0.001; +1.00 points over majority-all');
  });

  it('writes a tiny lead and its standard error with the decimals that tell them from zero', () => {
    expect(recommendationReason(result('vote-all', { kind: 'within-noise', best: 'selection', behind: 0.0000123, se: 0.0000456 })))
      .toContain('leads it by +0.001 points, within one standard error (0.005).');
  });

  it('says which procedure outside the limits does better held out, and by how much', () => {
    const r = result('selection', { kind: 'within-limits', best: 'selection', behind: 0, se: 0 });
    const vote = r.baselines.find((b) => b.name === 'vote-all')!;
    (vote as { outside?: string }).outside = '4 members, above --max-size 3';
    (r.baselines.find((b) => b.name === 'majority-all')! as { outside?: string }).outside = '4 members, above --max-size 3';
    r.recommendation.vsBaselines = [
      { name: 'vote-all', meanDiff: -0.0011, sd: 0.01, se: 0.004, ci95: [-0.006, 0.004], p: 0.54, pBootstrap: 0.5, differing: 30 },
      { name: 'majority-all', meanDiff: 0.001, sd: 0.01, se: 0.004, ci95: [-0.004, 0.006], p: 0.6, pBootstrap: 0.5, differing: 30 },
    ];
    expect(recommendationReason(r)).toBe('Neither vote-all nor majority-all is within the limits given, so of the procedures within them the search\'s choice vote(a+b+c) '
      + '(held out 93.00 ± 0.40 (sd over 5 splits)) is recommended: it is the best held out among them. '
      + 'Outside the limits, vote-all does better held out (92.50 ± 0.40 (sd over 5 splits): +0.11 points over it, 95% interval -0.40 to +0.60, p = 0.54). '
      + 'Not considered, as outside the limits given: majority-all (4 members, above --max-size 3), vote-all (4 members, above --max-size 3).');
  });
});

describe("the recommendation's first line", () => {
  const long = (k: number) => `a-system-with-a-long-name-${k}`;
  const withMembers = (members: string[], systems: string[]): PlanResult => {
    const r = result('selection', { kind: 'no-held-out' });
    return { ...r, systems, recommendation: { ...r.recommendation, members } } as PlanResult;
  };

  it('is rule(a+b+c) while that fits in 100 columns', () => {
    expect(recommendationLines(withMembers(['a', 'b', 'c'], ['a', 'b', 'c', 'd']))[0]).toBe('Recommendation (selection): vote(a+b+c)');
  });

  it('lists a longer choice with commas, and every system as "all N systems"', () => {
    const names = [0, 1, 2, 3, 4].map(long);
    expect(recommendationLines(withMembers(names.slice(0, 4), names))[0]).toBe(`Recommendation (selection): vote of 4: ${names.slice(0, 4).join(', ')}`);
    expect(recommendationLines(withMembers(names, names))[0]).toBe('Recommendation (selection): vote of all 5 systems');
  });
});

describe('the choices named in the reason', () => {
  it('are rule(a+b) when short and listed with commas when long, so that the sentence wraps', () => {
    const names = [0, 1, 2, 3, 4].map((k) => `a-system-with-a-long-name-${k}`);
    const r = result('vote-all', { kind: 'not-significant', failed: 'caruana', best: 'selection', vsVoteAll: { diff: 0.003, p: 0.21, ci95: [-0.0015, 0.0045], differing: 12 }, vsMajorityAll: { diff: 0.01, p: 0.0002, ci95: [0.005, 0.015], differing: 12 } });
    const long = { ...r, baselines: r.baselines.map((b) => (b.name === 'caruana' ? { ...b, members: names, weights: { [names[0]]: 3, [names[1]]: 1, [names[2]]: 1, [names[3]]: 1, [names[4]]: 2 } } : b)) } as PlanResult;
    expect(recommendationReason(long)).toContain(`(caruana: weighted of 5: ${names[0]}×3, ${names[1]}, ${names[2]}, ${names[3]}, ${names[4]}×2)`);
    expect(recommendationReason(r)).toContain('(caruana: weighted(a×2+b))');
  });
});
