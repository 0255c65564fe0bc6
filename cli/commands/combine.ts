/**
 * `complan combine`: simulates one ensemble and writes its output, aligned to the
 * gold's documents and sentences, as CoNLL or JSONL that `complan eval` reads back.
 * Spans that overlap, which one CoNLL tag column cannot hold, make the output JSONL (to the
 * `--out` path as given, with a note on stderr) unless `--out-format` or `--resolve-overlaps`
 * asks for CoNLL: the file then scores exactly what the ensemble, and the planner, score.
 *
 * `--plan FILE` applies a plan saved by `complan plan --save-plan`: its rule, resolved
 * weights, members (matched by name among the inputs; other inputs are ignored) and label
 * tie-break order. It needs no gold: without `--gold` or an embedded gold column, the first input
 * is the reference for the sentences, the output has no gold column, and nothing is scored.
 */
import { basename, extname, join } from 'node:path';
import { Option, type Command } from 'commander';
import { InputError, showName, showValue, UsageError } from '../../src/errors.js';
import type { ConllWriteScheme } from '../../src/formats/write-conll.js';
import { hasGoldStandard, loadCorpus } from '../../src/formats/load.js';
import { parseRule, ruleName, type Rule } from '../../src/ensemble/rules.js';
import type { Corpus } from '../../src/model/corpus.js';
import type { EnsembleIndex, EnsembleResult } from '../../src/ensemble/simulate.js';
import type { PlanFile } from '../../src/plan/plan-file.js';
import type { SystemScores } from '../../src/metrics/evaluate.js';
import type { Objective } from '../../src/plan/objective.js';
import { fBeta } from '../../src/metrics/prf.js';
import { percent } from '../../src/report/number.js';
import type { Io } from '../io.js';
import { besideSystems, commandInputs, refuseOutputsOverInputs, writeOutput } from '../outputs.js';
import { addInputOptions, announceFifos, commandSettings, loadOptions, printWarnings, refuseGoldAsSystem, warnPlusNames, weightsOption, type InputFlags } from '../options.js';
import { signatureLine } from '../../src/report/settings.js';
import { terminalLine } from '../../src/report/terminal-text.js';
import { typeName } from '../../src/report/type-name.js';
import { refuseAmbiguousPairs, splitNames } from '../../src/model/name-list.js';

type CombineFlags = InputFlags & {
  rule: string;
  systems?: string;
  weights?: string;
  out?: string;
  outFormat?: 'conll' | 'jsonl';
  outScheme: ConllWriteScheme;
  resolveOverlaps?: 'longest' | 'first';
  writeGold: boolean;
  plan?: string;
};

/**
 * The output format: as asked, else from the extension (`.jsonl`/`.json` → JSONL), else CoNLL.
 * The command then writes JSONL instead of that CoNLL default when the ensemble's spans overlap
 * (see {@link overlapNote}).
 */
export function outFormatFor(out: string | undefined, asked: 'conll' | 'jsonl' | undefined): 'conll' | 'jsonl' {
  if (asked !== undefined) return asked;
  if (out === undefined) return 'conll';
  const ext = extname(out).toLowerCase();
  return ext === '.jsonl' || ext === '.json' || ext === '.ndjson' ? 'jsonl' : 'conll';
}

/**
 * The stderr line saying why combine wrote JSONL where it would have written CoNLL: `count`
 * spans overlap others, which one CoNLL tag column cannot hold, and neither `--out-format` nor
 * `--resolve-overlaps` asked for CoNLL. JSONL keeps every span, so the file scores what the
 * ensemble (and the planner) scores.
 */
function overlapNote(count: number): string {
  return `complan: note: ${count} spans overlap others, which one CoNLL tag column cannot hold: wrote JSONL `
    + '(--out-format conll --resolve-overlaps longest|first writes CoNLL and drops spans, which changes the score)\n';
}

/**
 * The output's score under a plan's objective, to set beside the plan's figures, when that is
 * neither F (printed already) nor read with a β or α the plan file does not record (`f`, `k`, or
 * an expression of them; `k:A:B` names its own), nor of costs, which it does not record either:
 * `  ser 9.24`.
 */
async function planObjectiveText(objective: Objective, s: SystemScores, size: number): Promise<string> {
  // F1 and F at the plan's β (f:B) are printed already.
  const named = objective.text.trim().toLowerCase();
  if (named === 'f1' || named.startsWith('f:') || objective.usesSettings === true || objective.usesCost === true) return '';
  const { objectiveText } = await import('../../src/report/plan-values.js');
  const value = objective.value({
    p: s.precision, r: s.recall, f: s.f, ser: s.ser, err: s.err, k: s.k, tp: s.tp, fp: s.fp, fn: s.fn, size, cost: Number.NaN,
  });
  return Number.isFinite(value) ? `  ${terminalLine(objective.text, 40)} ${objectiveText(objective.text, value)}` : '';
}

/** Member indices from `--systems a,b,c` (all systems when absent). */
export function pickMembers(corpus: Corpus, list: string | undefined): number[] {
  const names = corpus.systems.map((s) => s.name);
  if (list === undefined) return names.map((_, k) => k);
  const wanted = splitNames(list, names, '--systems');
  if (wanted.length === 0) throw new UsageError('--systems expects a comma-separated list of system names');
  const members: number[] = [];
  for (const w of wanted) {
    const k = names.indexOf(w);
    if (k < 0) throw new UsageError(`--systems: no system named ${showValue(w)} (systems: ${names.map((n) => showName(n)).join(', ')})`);
    if (members.includes(k)) throw new UsageError(`--systems names "${w}" twice`);
    members.push(k);
  }
  return members;
}

/** `--plan` brings its own rule, weights and members: the options that set them conflict with it. */
function checkPlanConflicts(cmd: Command): void {
  const given = ['rule', 'systems', 'weights'].filter((k) => {
    const source = cmd.getOptionValueSource(k);
    return source !== undefined && source !== 'default';
  });
  if (given.length > 0) {
    throw new UsageError(`--plan applies the plan's rule, weights and members; it cannot be combined with ${given.map((k) => `--${k}`).join(', ')}`);
  }
}

function parseRuleFlags(flags: CombineFlags): Rule {
  const weights = weightsOption(flags.weights);
  let rule: Rule;
  try {
    rule = parseRule(flags.rule, weights);
  } catch (err) {
    throw new UsageError(`--rule: ${(err as Error).message}`);
  }
  if (weights !== undefined && rule.kind !== 'weighted') throw new UsageError(`--weights applies to --rule weighted, not ${ruleName(rule)}`);
  return rule;
}

export function registerCombine(program: Command, io: Io): void {
  const cmd = program
    .command('combine')
    .description("simulate an ensemble of the systems and write its output (CoNLL or JSONL) for eval to score");
  addInputOptions(cmd);
  cmd
    .option('--rule <rule>', 'the ensemble rule: union, intersection, kofn:K, majority, vote or weighted', 'vote')
    .option('--systems <names>', 'members, comma-separated system names (default: all)')
    .option('--weights <weights>', 'for --rule weighted: f1 (default), label-f1, or name=w,name=w,...')
    .option('--plan <file>', 'apply a plan saved by complan plan --save-plan (rule, weights, members); needs no gold')
    .option('--out <file>', 'output file, written atomically (default, or -: standard output)')
    .addOption(new Option('--out-format <format>', 'output format (default: from the --out extension, .jsonl, .ndjson or .json → jsonl, else conll; jsonl when spans overlap)').choices(['conll', 'jsonl']))
    .addOption(new Option('--out-scheme <scheme>', 'tag scheme of CoNLL output').choices(['iob2', 'iobes']).default('iob2'))
    .addOption(new Option('--resolve-overlaps <how>', 'write CoNLL even when spans overlap, keeping the longest or the first of each overlapping group').choices(['longest', 'first']))
    // Both spellings, as the settings line names it write-gold:true|false.
    .option('--write-gold', 'CoNLL output: write token gold pred lines, as conlleval reads', true)
    .option('--no-write-gold', 'CoNLL output: write token pred lines, without the gold column');
  cmd.action(async (systems: string[], flags: CombineFlags, command: Command) => {
    if (flags.out === '-') flags.out = undefined;
    // Standard input may hold a system's output: a plan is a file (a FIFO works, as /dev/stdin does).
    if (flags.plan === '-') throw new UsageError('--plan -: a plan is read from a file, not from standard input (a pipe works as --plan /dev/stdin, or --plan <(cmd))');
    refuseOutputsOverInputs([{ option: '--out', path: flags.out ?? '-', stdout: true }], commandInputs(systems, flags.gold, [{ what: 'the --plan file', path: flags.plan }, { what: 'the --labels file', path: flags.labels }]));
    // Loaded here, not at start-up: other commands never pay for them.
    const { countOverlapping, formatConll } = await import('../../src/formats/write-conll.js');
    const { formatJsonl } = await import('../../src/formats/write-jsonl.js');
    const { buildEnsembleIndex, ensembleName, ensembleSpans, simulate } = await import('../../src/ensemble/simulate.js');
    const { evaluate } = await import('../../src/metrics/evaluate.js');
    let plan: PlanFile | undefined;
    let rule: Rule;
    if (flags.plan !== undefined) {
      checkPlanConflicts(command);
      const { planRule, readPlanFile } = await import('../../src/plan/plan-file.js');
      announceFifos(io, [flags.plan]);
      plan = readPlanFile(flags.plan);
      rule = planRule(plan);
    } else {
      rule = parseRuleFlags(flags);
    }
    if (flags.out !== undefined && /\.ann$/i.test(flags.out)) {
      throw new UsageError(`--out ${flags.out}: combine writes CoNLL or JSONL, not BRAT standoff; name a .jsonl file (character offsets, as BRAT's are: the one to use for a gold standard of texts), or .conll for a tokenised gold standard`);
    }
    let format = outFormatFor(flags.out, flags.outFormat);
    // CoNLL asked for under a JSONL name: readers (eval among them) take such a name for JSONL.
    if (format === 'conll' && flags.out !== undefined && /\.(jsonl|ndjson|json)$/i.test(flags.out)) {
      io.stderr(`complan: note: --out-format conll under the JSONL name ${terminalLine(flags.out)}: eval reads a .jsonl, .ndjson or .json file as JSONL; name it .conll, or read it with --input-format conll\n`);
    }
    if (format === 'jsonl' && flags.resolveOverlaps !== undefined) {
      throw new UsageError('--resolve-overlaps applies to CoNLL output; JSONL keeps overlapping spans');
    }
    const load = loadOptions(systems, flags, 'combine', io);
    refuseGoldAsSystem(load, '--gold', 'the ensemble would vote with the gold standard itself');
    const corpus = loadCorpus({ ...load, allowNoGold: plan !== undefined });
    // A plan made on some entity types combines and scores those only, as the planner did.
    const types = plan?.types;
    // (Whether the gold has a plan's types is the plan's concern: applyPlan names the file.)
    printWarnings(corpus, io, plan === undefined ? types : undefined);
    warnPlusNames(corpus, io);
    // What follows the reading takes a while on large inputs (combining, writing, scoring): a
    // bar names each step, erased before any line is written to the terminal it is drawn on.
    const { createProgress } = await import('../progress.js');
    const steps = createProgress(io, undefined, flags.progress === true);
    const tell = (text: string) => {
      steps.end();
      io.stderr(text);
    };
    // Each step a phase of its own, reported as it completes (a line each with --progress off a terminal).
    const combining = `combine: ${ruleName(rule)}`;
    steps.update(combining, 0, 1);
    const hasGold = hasGoldStandard(corpus);
    let index: EnsembleIndex;
    let members: number[];
    let result: EnsembleResult;
    if (plan !== undefined) {
      // The library's application of a plan: members by name, its weights, ranking and types.
      const { applyPlan, labelsWithoutWeights } = await import('../../src/plan/plan-apply.js');
      ({ index, members, result } = applyPlan(corpus, plan, flags.plan));
      // Per-label weights resolved on the planning data weigh only the labels it had.
      const unweighted = labelsWithoutWeights(plan, { index, members });
      if (unweighted.length > 0) {
        tell(`${terminalLine(`complan: warning: ${flags.plan}: the plan's per-label weights have none for ${unweighted.map((l) => showValue(l)).join(', ')}, which the members return but the planning data did not: votes for ${unweighted.length === 1 ? 'it' : 'them'} weigh each member's overall weight, so this is not quite the ensemble planned (are the labels named as they were in planning?)`)}\n`);
      }
    } else {
      members = pickMembers(corpus, flags.systems);
      if (flags.weights !== undefined) refuseAmbiguousPairs(flags.weights, corpus.systems.map((s) => s.name), '--weights');
      index = buildEnsembleIndex(corpus, { noGold: !hasGold, types });
      try {
        result = simulate(index, members, rule);
      } catch (err) {
        throw err instanceof UsageError ? err : new UsageError((err as Error).message);
      }
    }
    const spans = ensembleSpans(index, result);
    // CoNLL by default only: text without tokens, and overlapping spans, go to JSONL unless CoNLL was asked for by name.
    const byDefault = format === 'conll' && flags.outFormat === undefined;
    // A name with an extension other than JSONL's says CoNLL: JSONL is not written under it,
    // where a reader other than complan (conlleval, seqeval) would take it for CoNLL.
    const named = flags.out !== undefined && extname(flags.out) !== '' ? flags.out : undefined;
    if (byDefault && corpus.unit === 'char') {
      if (named !== undefined) {
        throw new InputError(`cannot write ${terminalLine(named)} as CoNLL: the gold standard has character offsets (text without tokens), which CoNLL cannot hold; name a .jsonl file (or pass --out-format jsonl to write JSONL under this name)`);
      }
      format = 'jsonl';
      tell('complan: note: the gold standard has character offsets (text without tokens), which CoNLL cannot hold: wrote JSONL\n');
    }
    const overlapping = format === 'conll' && byDefault && flags.resolveOverlaps === undefined
      ? countOverlapping(spans)
      : 0;
    if (overlapping > 0 && named !== undefined) {
      throw new InputError(`cannot write ${terminalLine(named)} as CoNLL: ${overlapping} of the ensemble's spans overlap others, which one CoNLL tag column cannot hold; `
        + 'name a .jsonl file to keep them all (eval scores it as plan does), or pass --resolve-overlaps longest|first to write CoNLL with one span of each overlapping group, which changes the score');
    }
    if (overlapping > 0) format = 'jsonl';
    if (format === 'jsonl') {
      // CoNLL's options that JSONL has no use for, given by name: said once, not ignored without a word.
      const unused = [
        ...(command.getOptionValueSource('outScheme') === 'cli' ? ['--out-scheme'] : []),
        ...(flags.writeGold ? [] : ['--no-write-gold']),
        // (Given with a JSONL --out it is refused before any work; here JSONL was chosen for text without tokens.)
        ...(flags.resolveOverlaps === undefined ? [] : ['--resolve-overlaps']),
      ];
      if (unused.length > 0) tell(`complan: note: ${unused.join(' and ')} ${unused.length === 1 ? 'applies' : 'apply'} to CoNLL output only, not to the JSONL written (spans, without tags or a gold column)\n`);
    }
    steps.update(combining, 1, 1);
    const writing = `write ${flags.out ?? 'standard output'}`;
    steps.update(writing, 0, 1);
    let chunks: Iterable<string>;
    let written = spans;
    let dropped = 0;
    if (format === 'conll') {
      const out = formatConll(corpus, spans, {
        gold: flags.writeGold && hasGold ? corpus.gold.spans : undefined,
        scheme: flags.outScheme,
        resolveOverlaps: flags.resolveOverlaps ?? 'error',
      });
      chunks = out.chunks;
      dropped = out.dropped.length;
      if (dropped > 0) {
        const gone = new Set(out.dropped);
        written = spans.filter((x) => !gone.has(x));
      }
      if (out.droppedGold.length > 0) {
        tell(`complan: warning: the gold column omits ${out.droppedGold.length} overlapping gold span(s) (--resolve-overlaps ${flags.resolveOverlaps}); `
          + 'score the output against the gold standard itself (eval --gold GOLD --ignore-embedded-gold), or write it without the gold column (--no-write-gold)\n');
      }
    } else {
      chunks = formatJsonl(corpus, spans);
    }
    if (flags.out === undefined) {
      // Standard output may be the terminal the bar is drawn on.
      if (io.isTTY) steps.end();
      for (const c of chunks) io.stdout(c);
    } else {
      writeOutput('--out', flags.out, chunks);
    }
    steps.update(writing, 1, 1);
    const full = ensembleName(index, result);
    const name = full.length <= 72 ? full : `${ruleName(rule)} of ${members.length} systems`;
    const parts = [`${written.length} spans${types === undefined ? '' : ` of the plan's types ${types.map(typeName).join(', ')} only`}`];
    if (result.ties > 0) parts.push(`${result.ties} label tie(s) broken by ${plan === undefined ? 'the best member' : "the plan's ranking of its members"}`);
    if (dropped > 0) parts.push(`${dropped} overlapping span(s) dropped (--resolve-overlaps ${flags.resolveOverlaps})`);
    const where = flags.out ?? 'standard output';
    const reference = flags.gold ?? 'the embedded gold';
    const from = plan === undefined ? '' : ` (plan ${flags.plan})`;
    tell(`${terminalLine(`complan: ${name}${from} → ${where} (${format}): ${parts.join(', ')}`)}\n`);
    if (overlapping > 0) tell(overlapNote(overlapping));
    if (hasGold) {
      steps.update('score the output', 0, 1);
      const scores = evaluate({ ...corpus, systems: [{ name, source: '(ensemble)', format: 'ensemble', spans: written, warnings: [] }] }, types === undefined ? {} : { types });
      steps.update('score the output', 1, 1);
      const s = scores.systems[0];
      const on = types === undefined ? '' : `, on the plan's types ${types.map(typeName).join(', ')}`;
      // A plan chosen by F at another beta (f:B) is scored by that F too, to set beside its held-out figure.
      const planBeta = /^f:([0-9.]+)$/.exec(plan?.objective ?? '')?.[1];
      const fPlan = planBeta !== undefined && Number(planBeta) !== 1 ? `  F${planBeta} ${percent(fBeta(s.precision, s.recall, Number(planBeta)))}` : '';
      // The plan's objective, parsed once: scored on the output, and telling whether it reads counts.
      const { parseObjective } = await import('../../src/plan/objective.js');
      const planObjective = plan === undefined ? undefined : parseObjective(plan.objective);
      const objective = planObjective === undefined ? '' : await planObjectiveText(planObjective, s, plan!.members.length);
      // Members and a rule picked by hand may have been picked on this very gold standard (from a plan's report): said, as no plan file records it.
      const picked = plan === undefined ? '; in-sample if the members or the rule were chosen on this gold standard' : '';
      tell(`complan: scored against ${reference}: P ${percent(s.precision)}  R ${percent(s.recall)}  F1 ${percent(s.f)}${fPlan}${objective} (strict${on}${picked})\n`);
      if (plan?.chosenOn !== undefined) {
        const { sameGold } = await import('../../src/model/fingerprint.js');
        const { planSampleNote } = await import('../../src/report/plan-sample.js');
        const counts = planObjective?.usesCounts === true;
        const same = sameGold(corpus, plan.chosenOn.fingerprint);
        // On another gold standard, how many of its documents chose the plan (a plan that recorded them);
        // of its sentences, where documents cannot be compared (either side one document, without markers).
        const { documentsAmong, sentencesAmong } = await import('../../src/model/shared-documents.js');
        const { documents, sentences } = plan.chosenOn;
        const byDocument = same || documents === undefined ? undefined : documentsAmong(corpus, documents);
        const bySentence = !same && sentences !== undefined && (documents === undefined || byDocument?.documents === 1) ? sentencesAmong(corpus, sentences) : undefined;
        const among = bySentence !== undefined ? { ...bySentence, unit: 'sentence' as const } : byDocument;
        tell(`${terminalLine(`complan: ${planSampleNote(plan, same, counts, among)}`)}\n`);
      }
    } else if (format === 'conll' && flags.writeGold) {
      tell('complan: no gold standard: not scored; the CoNLL output has no gold column\n');
    } else {
      tell('complan: no gold standard: not scored\n');
    }
    if (result.members.length === 1 && rule.kind !== 'union') {
      tell(`complan: note: ${ruleName(rule)} of one system is that system\n`);
    }
    // An output among the systems it combines is read as one of them by the next run on their folder.
    const beside = besideSystems(flags.out, systems);
    if (beside !== undefined) {
      const glob = join(beside, `*${extname(flags.out!)}`);
      tell(`${terminalLine(`complan: note: ${flags.out} is in the folder of the systems it combines: a later run on ${glob} would read it as one more system; write it elsewhere, as ${join(beside, '..', basename(flags.out!))}`)}\n`);
    }
    // The settings as applied: a weighted rule's default weights, a plan's rule and members, and no gold column without a gold.
    // The rule as applied (ruleName), as plan's settings give its rules: ` vote` or `kofn:02`, which
    // parseRule reads as vote and kofn:2, would otherwise sign the same run differently.
    const effective: Record<string, unknown> = { 'write-gold': flags.writeGold && hasGold, rule: ruleName(rule) };
    if (rule.kind === 'weighted' && flags.weights === undefined && plan === undefined) effective.weights = 'f1';
    // A plan's rule and members are the run's, not the --rule default and every system.
    if (plan !== undefined) {
      effective.systems = plan.members.join(',');
      if (plan.weights !== undefined) effective.weights = 'plan';
    }
    io.stderr(`complan: ${signatureLine(commandSettings(cmd, effective), 'table')}`);
  });
}
