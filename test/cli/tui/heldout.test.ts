/**
 * The held-out panel's text: plan's procedures table cut to the panel's columns and fitted to a
 * width, what its figures were measured on, and the recommendation in two lines, with runPlan's
 * figures (computed here on their own).
 */
import { describe, expect, it } from 'vitest';
import { parseObjective } from '../../../src/plan/objective.js';
import { runPlan } from '../../../src/plan/plan.js';
import type { PlanResult, Procedure } from '../../../src/plan/types.js';
import { dataLines, MARKS, measuredAgainst, procedureLines, recommendationSummary } from '../../../cli/tui/heldout.js';
import { dataLine, planningDataPhrase, splitsPhrase } from '../../../src/report/plan-procedures.js';
import { weightedMembers } from '../../../src/report/plan-values.js';
import { esc, exampleCorpus, examplePlan, figuresLine, HELPS, NEWS, pc } from './helpers.js';

const all = (r: PlanResult): Procedure[] => [r.selection, ...r.baselines];

describe('procedureLines', () => {
  it('lists the five procedures in plan\'s order, each with its rule, in-sample and held-out F (mean, sd)', () => {
    for (const dir of [NEWS, HELPS]) {
      const r = examplePlan(dir);
      const { header, rows } = procedureLines(r, 100);
      expect(header).toMatch(/^procedure\s+chose\s+rule\s+in-sample\s+held-out\s+± sd$/);
      expect(rows.map((x) => x.name)).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana']);
      for (const { name, text } of rows) {
        const p = all(r).find((x) => x.name === name)!;
        const rule = p.members.length === 1 ? '—' : p.rule;
        const re = new RegExp(`^${esc(name)}\\s+.+\\s${esc(rule)}\\s+${esc(pc(p.planning.objective))}\\s+${esc(pc(p.heldOut!.mean))}\\s+${esc(pc(p.heldOut!.sd!))}$`);
        expect(text, `${dir} ${name}`).toMatch(re);
      }
    }
  });

  it('writes the members in full when they fit, "all N systems" for every system, and abbreviates to fit a narrow width', () => {
    const r = examplePlan(NEWS);
    const wide = procedureLines(r, 100).rows;
    const caruana = all(r).find((x) => x.name === 'caruana')!;
    expect(wide.find((x) => x.name === 'caruana')!.text).toContain(weightedMembers(caruana.members, caruana.weights).join('+'));
    expect(wide.find((x) => x.name === 'vote-all')!.text).toContain('all 5 systems');
    for (const width of [70, 79, 99]) {
      const { header, rows } = procedureLines(r, width);
      for (const l of [header, ...rows.map((x) => x.text)]) expect(l.length + MARKS, `${width}: ${l}`).toBeLessThanOrEqual(width);
    }
    expect(procedureLines(r, 60).rows.find((x) => x.name === 'caruana')!.text).toMatch(/more\s+weighted/);
  });
});

describe('recommendationSummary', () => {
  it('says what is recommended, its held-out F, and its difference from vote-all with p, as runPlan has them', () => {
    for (const dir of [NEWS, HELPS]) {
      const r = examplePlan(dir);
      const rec = r.recommendation;
      const [what, figures] = recommendationSummary(r, 100);
      expect(what).toContain(`Recommendation (${rec.procedure}): ${rec.rule}(`);
      expect(figures).toBe(`  ${figuresLine(r)}`);
    }
    // News (eight documents): no selection beats vote-all beyond noise; helps: the search's choice.
    expect(recommendationSummary(examplePlan(NEWS), 100)[0]).toBe(`Recommendation (vote-all): vote(${examplePlan(NEWS).systems.join('+')})`);
    expect(recommendationSummary(examplePlan(HELPS), 100)[0]).toBe('Recommendation (selection): majority(strong-a+strong-b+strong-c)');
  });

  it('measures vote-all against majority-all when vote-all is the recommendation', () => {
    const r = examplePlan(HELPS);
    const majority = r.recommendation.vsBaselines.find((c) => c.name === 'majority-all')!;
    const asVoteAll: PlanResult = { ...r, recommendation: { ...r.recommendation, procedure: 'vote-all', rule: 'vote', members: r.systems } };
    expect(measuredAgainst(asVoteAll)).toBe('majority-all');
    expect(recommendationSummary(asVoteAll, 120)[1]).toContain(`+${pc(majority.meanDiff)} points over majority-all`);
    expect(recommendationSummary(asVoteAll, 120)[0]).toBe(`Recommendation (vote-all): vote(${r.systems.join('+')})`);
  });

  it('breaks the figures onto a third line, which says the difference is held out, and abbreviates the members, when the width is short', () => {
    const r = examplePlan(HELPS);
    for (const [width, label] of [[79, ' on the same held-out splits'], [60, ', held out']] as const) {
      const lines = recommendationSummary(r, width);
      expect(lines).toHaveLength(4);
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(width);
      expect(lines[0]).toMatch(/^Recommendation \(selection\): majority\(.+\)$/);
      // The figures line as one, its difference on a line of its own with what it was measured on.
      const [held, vs] = figuresLine(r).split('; ');
      const [diff, p] = vs.split(' (');
      expect(lines[1]).toBe(`  ${held}`);
      expect(lines[2], String(width)).toBe(`  ${diff}${label} (${p}`);
      expect(lines[3]).toBe('  (these figures also picked it, so slightly optimistic)');
    }
  });

  it('says so when there is no held-out estimate', () => {
    const r = runPlan(exampleCorpus(NEWS), { objective: parseObjective('f1'), folds: 0 }).result;
    expect(recommendationSummary(r, 100)[1]).toBe('  no held-out estimate');
    expect(procedureLines(r, 100).header).not.toContain('held-out');
  });
});

describe('dataLines', () => {
  it('gives plan\'s sentence, wrapped, where the rows hold it', () => {
    const r = examplePlan(NEWS);
    for (const width of [79, 99, 119]) {
      const lines = dataLines(r, width, 3);
      expect(lines.join(' '), String(width)).toBe(dataLine(r));
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
    }
  });

  it('where they do not, a line for each kind of figure, its label first and what it was measured on whole', () => {
    const r = examplePlan(NEWS);
    // At 79 columns the sentence takes three lines; the Planner at 80×24 leaves two.
    expect(dataLines(r, 79, 3)).toHaveLength(3);
    expect(dataLines(r, 79, 2)).toEqual([`In-sample: ${planningDataPhrase(r)}`, `Held-out: ${splitsPhrase(r.heldOut!)}`]);
    // One row: the first kind, marked as cut.
    expect(dataLines(r, 79, 1)).toEqual([`In-sample: ${planningDataPhrase(r)}…`]);
    const none = runPlan(exampleCorpus(NEWS), { objective: parseObjective('f1'), folds: 0 }).result;
    expect(dataLines(none, 40, 2)).toEqual([expect.stringMatching(/^In-sample: the planning data/), 'No held-out estimate']);
  });
});
