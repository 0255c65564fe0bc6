/**
 * The recommendation's reason in words, from its basis (the facts the planner recorded): which
 * procedure is recommended and why — no held-out estimate, no selection beyond noise, or a
 * selection that beats both no-selection baselines held out — with the figures behind it.
 */
import { isRateObjective, signedAmount } from '../plan/scores.js';
import type { PlanResult, Procedure, ProcedureName, TestFigures } from '../plan/types.js';
import { expressionValue, pIs } from './number.js';
import { lowestP } from './significance.js';
import { testOverlap } from './plan-test-set.js';
import { ruleOfMembers, signedObjectives, weightedMembers } from './plan-values.js';

/** How a procedure's choice reads in a sentence. */
function phrase(r: PlanResult, name: ProcedureName): string {
  const p = [r.selection, ...r.baselines].find((x) => x.name === name);
  const systems = r.systems.length;
  switch (name) {
    case 'vote-all': return `the vote of all ${systems} systems (vote-all)`;
    case 'majority-all': return `the majority of all ${systems} systems (majority-all)`;
    case 'best-single': return `the best single system (best-single: ${p === undefined ? '?' : weightedMembers(p.members.slice(0, 1), undefined)[0]})`;
    case 'caruana': return `ensemble selection with replacement (caruana: ${p === undefined ? '?' : choiceText(p)}${sameAs(r, p)})`;
    case 'selection': return `the search's choice ${p === undefined ? '?' : choiceText(p)}${sameAs(r, p)}`;
  }
}

/** `, the same ensemble as majority-all` when a selecting procedure chose what a no-selection baseline is. */
function sameAs(r: PlanResult, p: Procedure | undefined): string {
  if (p === undefined || p.weights !== undefined) return '';
  const members = [...p.members].sort().join('\n');
  const twin = r.baselines.find((b) => (b.name === 'majority-all' || b.name === 'vote-all') && b.rule === p.rule && [...b.members].sort().join('\n') === members);
  return twin === undefined ? '' : `, the same ensemble as ${twin.name}`;
}

/** Longest `rule(a+b+…)` written in a sentence; a longer choice is listed with commas, which a terminal can wrap. */
const JOINED_WIDTH = 60;

/** A procedure's choice as `rule(a+b×2+…)`, or `rule of N: a, b×2, …` when long (whole weights written as multiplicities). */
function choiceText(p: Procedure): string {
  const whole = p.weights !== undefined && Object.values(p.weights).every((x) => Number.isInteger(x));
  return ruleOfMembers(p.rule, weightedMembers(p.members, whole ? p.weights : undefined), JOINED_WIDTH);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Why the plan recommends what it recommends, in words. */
export function recommendationReason(r: PlanResult): string {
  const rec = r.recommendation;
  const b = rec.basis;
  const pick = rec.procedure;
  const rate = isRateObjective(r.objective.text);
  const amount = (x: number) => signedAmount(x, rate);
  // A lead and the standard error it is within, at the decimals that tell them from zero.
  const leadAndSe = (behind: number, se: number) => {
    const [lead, error] = signedObjectives(r, [behind, se]);
    return { lead, se: error.replace(/^\+/, '') };
  };
  const unit = rate ? ' points' : '';
  const show = (x: number) => (rate ? (100 * x).toFixed(2) : expressionValue(x));
  const heldMean = (p: ProcedureName) => {
    const h = [r.selection, ...r.baselines].find((x) => x.name === p)?.heldOut;
    if (h === undefined) return '—';
    const over = `over ${h.splits} ${h.splits === 1 ? 'split' : 'splits'}`;
    return h.sd === null ? `${show(h.mean)} ${over}` : `${show(h.mean)} ± ${show(h.sd)} (sd ${over})`;
  };
  // A difference with its interval, at the decimals that show each one's sign.
  const withInterval = (diff: number, ci: readonly [number, number]) => {
    const [d, lo, hi] = signedObjectives(r, [diff, ...ci]);
    return { diff: `${d}${unit}`, interval: Number.isNaN(ci[0]) ? '' : `95% interval ${lo} to ${hi}` };
  };
  const against = (t: TestFigures, q: ProcedureName) => {
    const w = withInterval(t.diff, t.ci95);
    return `${w.diff} over ${q}, ${w.interval === '' ? '' : `${w.interval}, `}${pIs(t.p)}`;
  };
  const needed = `a randomization p below ${rec.alpha} and a 95% interval above zero are needed`;
  // A test whose two sides differ in k units cannot give an exact randomization p below 2/2^k:
  // when that is alpha or more, no difference could have been significant, and the reader must know.
  const unreachable = (tests: ReadonlyArray<readonly [TestFigures, ProcedureName]>, who: string) => {
    // Too few resamples for any drawn p below alpha: the plan's notes have it, the reason must too.
    const coarse = r.notes.find((n) => n.kind === 'alpha-unreachable');
    if (coarse !== undefined && coarse.kind === 'alpha-unreachable') {
      return ` With ${coarse.samples} resamples no p can fall below 1/${coarse.samples + 1}, so none could reach ${rec.alpha}, however large the difference: raise --samples.`;
    }
    const few = tests.filter(([t]) => t.differing > 0 && 2 / 2 ** t.differing >= rec.alpha);
    if (few.length === 0) return '';
    const unit = r.recommendation.tests?.units ?? 'unit';
    const units = `${unit}s`;
    const each = few.map(([t, q], k) => (k === 0 ? `from ${q} in only ${t.differing} held-out ${t.differing === 1 ? unit : units}` : `from ${q} in ${t.differing}`)).join(', and ');
    const most = Math.max(...few.map(([t]) => t.differing));
    return ` ${who} differs ${each}, so randomization's p cannot fall below ${lowestP(most)}: `
      + `no difference could reach ${rec.alpha} there, however large; more ${units} are needed to tell.`;
  };
  // Procedures whose choice breaks the limits given were not considered: say which, and why.
  const outside = [r.selection, ...r.baselines].filter((p) => p.outside !== undefined);
  const because = outside.length === 0 ? '' : ` Not considered, as outside the limits given: ${outside.map((p) => `${p.name} (${p.outside})`).join(', ')}.`;
  // A test set that disagrees is said so whatever the basis (without held-out splits, reasonOf says it itself).
  return reasonOf(b) + because + (b.kind === 'no-held-out' ? '' : testDisagrees(false));
  /**
   * Where a no-selection baseline is recommended and the search's choice (the top candidate)
   * leads it in-sample but trails it held out: said in figures, as the reader's eye is on that
   * candidate's in-sample lead, which did not hold on units it was not chosen on.
   */
  function selectionFalls(): string {
    if (pick !== 'vote-all' && pick !== 'majority-all') return '';
    const sel = r.selection;
    const base = r.baselines.find((x) => x.name === pick);
    if (sel.heldOut === undefined || base?.heldOut === undefined) return '';
    const values = [sel.planning.objective, base.planning.objective, sel.heldOut.mean, base.heldOut.mean];
    if (!values.every((x) => Number.isFinite(x))) return '';
    const better = (x: number, y: number) => (r.objective.minimise ? x < y : x > y);
    if (!better(values[0], values[1]) || !better(values[3], values[2])) return '';
    return ` The search's choice leads ${pick} in-sample (${show(values[0])} against ${show(values[1])}) but trails it held out `
      + `(${show(values[2])} against ${show(values[3])}): its in-sample lead did not hold on units it was not chosen on.`;
  }

  /**
   * Without held-out splits, what the bootstrap (when run) says of the recommendation: the
   * procedure furthest ahead of it out of bootstrap, with its interval, or that none is ahead. The
   * recommendation does not rest on it, and the reader must know which way it leans.
   */
  function bootstrapSays(): string {
    const boot = r.bootstrap;
    if (boot === undefined) return '';
    // mean: the recommended procedure's out-of-bootstrap score less the other's, positive where it is better.
    const ahead = boot.vsBaselines.filter((c) => c.mean < 0).sort((x, y) => x.mean - y.mean)[0];
    const intro = ` Out of bootstrap (${boot.samples} resamples, every choice made again in each), a check and not a choice,`;
    if (ahead === undefined) return `${intro} no procedure scores above ${pick} on average.`;
    const [lead, lo, hi] = signedObjectives(r, [-ahead.mean, -ahead.high, -ahead.low]);
    const share = (100 * ahead.notBetter).toFixed(1);
    return `${intro} ${ahead.name} leads ${pick} by ${lead}${unit} (${Math.round(100 * boot.confidence)}% interval ${lo} to ${hi}; ${pick} not better in ${share}% of resamples): `
      + `hold out ${boot.units}s (--folds) for a plan that can choose on such figures.`;
  }

  /**
   * Without held-out splits, what the test set says against the recommendation: the procedures
   * that beat it there significantly. The test set chose nothing, and keeps choosing nothing.
   */
  function testDisagrees(noHeldOut = true): string {
    // Beyond noise as the recommendation is judged: p below alpha, the interval clear of zero.
    const better = (rec.test?.vsBaselines ?? []).filter((c) => c.meanDiff < 0 && c.p < rec.alpha && !(c.ci95[1] >= 0));
    if (better.length === 0) return '';
    const each = better.map((c) => `${c.name} by ${amount(-c.meanDiff)}${unit} (${pIs(c.p)})`).join(', ');
    const s = better.length === 1 ? 's' : '';
    // Test documents that chose the plan favour what the planning data chose: no evidence against it.
    const overlap = testOverlap(r);
    if (overlap !== undefined && overlap.shared === overlap.of) return '';
    if (overlap !== undefined) {
      return ` On the test set ${each} score${s} better, but ${overlap.shared} of its ${overlap.of} ${overlap.unit}s ${overlap.shared === 1 ? `is a planning ${overlap.unit}` : `are planning ${overlap.unit}s`}, `
        + 'which took part in every choice: not a clean check (keep the test documents out of the planning data for one).';
    }
    return ` The test set, which chose nothing, disagrees: ${each} score${s} better there. `
      + (noHeldOut
        ? 'It stays a check, not a choice: hold out development documents (--folds) for a plan that can choose beyond the baselines.'
        : 'It stays a check, not a choice: the recommendation rests on the held-out figures of the planning data.');
  }
  function reasonOf(b: PlanResult['recommendation']['basis']): string {
    switch (b.kind) {
      case 'no-held-out': {
        // A bootstrap does estimate out of sample: then what was not made is a held-out split.
        const none = r.bootstrap === undefined ? 'No held-out estimate was made' : 'No held-out split was made (--folds 0)';
        if (pick === 'selection') return `${none}, and neither vote-all nor majority-all is within the limits given: recommending ${phrase(r, pick)}, on in-sample figures alone.${bootstrapSays()}`;
        return `${none}, so no selection can be shown to beat ${phrase(r, pick)}: recommending it.${bootstrapSays()}${testDisagrees()}`;
      }
      case 'not-significant':
        return `No selection beats ${phrase(r, pick)} beyond noise: ${phrase(r, b.failed)}, ${b.best === b.failed ? 'the best procedure held out' : 'the simplest procedure within one standard error of the best held out'}, `
          + `does not beat both no-selection baselines significantly (${against(b.vsVoteAll, 'vote-all')}; ${against(b.vsMajorityAll, 'majority-all')}; `
          + `${needed} against both), and neither does any other. Recommending the baseline, which needs no selection.`
          + unreachable([[b.vsVoteAll, 'vote-all'], [b.vsMajorityAll, 'majority-all']], b.failed === 'selection' ? "The search's choice" : capitalise(b.failed));
      case 'majority-not-beyond-vote':
        // When majority-all is itself the best held out, naming it as the best it is within noise of would say it twice.
        return `No selection beats ${phrase(r, pick)} beyond noise: ${b.best === 'majority-all'
          ? 'the best procedure held out'
          : `the simplest procedure within one standard error of the best held out (${phrase(r, b.best)})`} `
          + `is majority-all, which selects nothing either and does not beat vote-all significantly (${against(b.majorityVsVote, 'vote-all')}; ${needed}). `
          + 'Recommending vote-all, the reference of the two baselines that need no selection.'
          + unreachable([[b.majorityVsVote, 'vote-all']], 'Majority-all');
      case 'best-held-out': {
        // Best held out is what was seen, not that selection cannot pay: with few units held out no difference could be shown.
        const few = unreachable(rec.vsBaselines.map((c) => [{ diff: c.meanDiff, p: c.p, ci95: c.ci95, differing: c.differing }, c.name] as const), capitalise(phrase(r, pick)));
        // Procedures whose held-out mean is the pick's exactly: it is then one of the best, not the best.
        const mean = [r.selection, ...r.baselines].find((x) => x.name === pick)?.heldOut?.mean;
        const tied = [r.selection, ...r.baselines].filter((x) => x.name !== pick && x.outside === undefined && x.heldOut !== undefined && x.heldOut.mean === mean).map((x) => phrase(r, x.name));
        const shares = tied.length === 0 ? 'has' : 'shares';
        const others = tied.length === 0 ? '' : ` with ${tied.length === 1 ? tied[0] : `${tied.slice(0, -1).join(', ')} and ${tied.at(-1)}`}`;
        return `No selection beats ${phrase(r, pick)} held out: it ${shares} the best held-out ${r.objective.description} of the five procedures${others} (${heldMean(pick)}). `
          + (few === '' ? 'Recommending it: no selection did better on the units held out.' : `Recommending it, though these figures cannot tell whether selection would pay.${few}`)
          + selectionFalls();
      }
      case 'within-noise':
        return `No selection beats ${phrase(r, pick)} beyond noise: the best procedure held out, ${phrase(r, b.best)}, leads it by ${leadAndSe(b.behind, b.se).lead}${unit}, `
          + `within one standard error (${leadAndSe(b.behind, b.se).se}). Recommending the baseline, which needs no selection.${selectionFalls()}`;
      case 'beats-baselines': {
        const vote = rec.vsBaselines.find((v) => v.name === 'vote-all');
        const majority = rec.vsBaselines.find((v) => v.name === 'majority-all');
        let text = `${capitalise(phrase(r, pick))} beats both no-selection baselines beyond noise held out (${heldMean(pick)})`;
        const shown = (c: typeof vote & object) => {
          const w = withInterval(c.meanDiff, c.ci95);
          return `${w.diff} over ${c.name} (${w.interval === '' ? '' : `${w.interval}, `}${pIs(c.p)})`;
        };
        text += vote === undefined || majority === undefined ? '.' : `: ${shown(vote)} and ${shown(majority)}.`;
        if (b.skipped.length > 0) text += ` Simpler procedures within one standard error of the best (${b.skipped.join(', ')}) do not beat both baselines significantly.`;
        else if (pick !== b.best) text += ` The best held out, ${phrase(r, b.best)}, is not simpler and not ahead beyond one standard error.`;
        return text;
      }
      case 'within-limits': {
        // Procedures outside the limits may do better held out: the reader must see by how much.
        const ahead = rec.vsBaselines.filter((c) => outside.some((p) => p.name === c.name) && c.meanDiff < 0);
        const beyond = ahead.length === 0
          ? ''
          : ` Outside the limits, ${ahead.map((c) => {
            const w = withInterval(-c.meanDiff, [-c.ci95[1], -c.ci95[0]]);
            return `${c.name} does better held out (${heldMean(c.name)}: ${w.diff} over it, ${w.interval === '' ? '' : `${w.interval}, `}${pIs(c.p)})`;
          }).join('; ')}.`;
        return `Neither vote-all nor majority-all is within the limits given, so of the procedures within them ${phrase(r, pick)} (held out ${heldMean(pick)}) is recommended: `
          + (pick === b.best
            ? 'it is the best held out among them.'
            : `the simplest within one standard error (${leadAndSe(b.behind, b.se).se}) of the best held out among them, ${phrase(r, b.best)}, which leads it by ${leadAndSe(b.behind, b.se).lead}${unit}.`)
          + beyond;
      }
    }
  }
}
