/** complan's public API: load a corpus, score it, render the results. */
export { InputError, UsageError } from './errors.js';
export type { Corpus, DocumentInfo, InputFormat, Sentence, Span, SystemOutput, TokenTally, Unit } from './model/corpus.js';
export { sentenceAt, spanKey, spanText } from './model/corpus.js';
export { corpusTokens, tokenSlice } from './model/corpus-tokens.js';
export { SentenceTable, sentenceCount, sentenceOf } from './model/sentence-table.js';
export { TokenStore, type TokenList } from './model/token-store.js';
export { Bitset, popcount } from './model/bitset.js';
export { buildUniverse, type ItemMatch, type Universe } from './model/universe.js';
export type { DroppedChunks, InvalidTags, RawSpan, ReadOptions, ReadSummary, Segment, SegmentSink, TagScheme } from './formats/segment.js';
export { INVALID_TAGS } from './formats/segment.js';
export { decodeTags, detectScheme, parseTag } from './formats/chunking.js';
export { readConll } from './formats/conll.js';
export { readJsonl } from './formats/jsonl.js';
export { JSONL_DIALECTS, type JsonlDialect } from './formats/jsonl-dialect.js';
export { parseLabelList, splitLabelList } from './formats/labels.js';
export { layTokens, spanOnTokens, type TokenLayout } from './formats/char-tokens.js';
export { readBrat } from './formats/brat.js';
export { detectFormat } from './formats/detect.js';
export { compareCodePoints, listDirectory, readDirectory, type DirectoryListing } from './formats/directory.js';
export { isStdin, STDIN, STDIN_NAME } from './formats/source.js';
export { goldCopyWarning, sameInput, sameItems, type GoldCopy } from './formats/gold-copy.js';
export { checkDistinctNames, DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg, type InputSpec, type LoadInput, type LoadOptions, type ReadProgress, type BytesProgress } from './formats/load.js';
export * from './metrics/index.js';
export { alignSlots, MATCH_MODES, overlapLength, walkSlots, type MatchMode, type SlotAlignment, type SlotSink } from './metrics/slots.js';
export { SlotTally } from './metrics/slot-tally.js';
export { pairOverlapping, type Pairing, type PairingRules } from './metrics/pairing.js';
export {
  SCHEMA_NAMES, semevalSchemas, type SchemaCounts, type SchemaName, type SchemaScores, type SchemasReport,
} from './metrics/schemas.js';
export {
  DEFAULT_EVAL_OPTIONS, evaluate, type EvalOptions, type EvalReport, type SystemScores,
} from './metrics/evaluate.js';
export { evalCsv, evalJson, evalTables, SCHEMA_VERSION } from './report/eval.js';
export { confusionCsv, confusionJson, confusionSvg, confusionTables } from './report/confusion.js';
export {
  DEFAULT_PAIRWISE_TEST_OPTIONS, pairwiseTests, systemCountsByUnit, type PairwiseTest, type PairwiseTestOptions, type PairwiseTests,
} from './metrics/pairwise-tests.js';
export { significanceJson, significanceTable } from './report/significance.js';
export { schemasJson, schemasTables } from './report/schemas.js';
export { renderCsv, renderLatex, renderMarkdown, renderText, type Table } from './report/table.js';
export { conllevalPercent, fixed, percent } from './report/number.js';
export { typeName, UNTYPED } from './report/type-name.js';
export {
  formatConll, OverlapError, OVERLAP_RESOLUTIONS,
  type ConllOutput, type ConllWriteOptions, type ConllWriteScheme, type OverlapResolution,
} from './formats/write-conll.js';
export { formatJsonl, unitsToCodePoints, type JsonlSpan } from './formats/write-jsonl.js';
export { writeFileAtomic } from './formats/write-file.js';
export {
  fCompOf, itemComplementarity, setComplementarity, shareFixed,
  type ItemComplementarity, type PairCounts, type SetComplementarity,
} from './complementarity/comp.js';
export { binaryKappa, cohenKappa, LabelIndex, tokenComp, tokenTags, TokenViews } from './complementarity/tokens.js';
export {
  compareSystems, DEFAULT_COMPARE_OPTIONS, pairAt,
  type CompareOptions, type Comparison, type ItemExample, type PairExamples, type PairStats, type SystemCounts,
} from './complementarity/matrix.js';
export {
  BASE_RULES, isBinaryRule, parseRule, parseWeights, ruleName, RULE_NAMES, threshold,
  type BinaryRule, type Rule, type WeightSpec,
} from './ensemble/rules.js';
export {
  buildEnsembleIndex, ensembleCounts, ensembleName, ensembleOutput, ensembleSpans, simulate,
  type EnsembleIndex, type EnsembleResult, type IndexOptions,
} from './ensemble/simulate.js';
export {
  compareCsv, compareJson, compareTables, COMPARE_METRICS, DEFAULT_COMPARE_METRICS, matrixTable, metricValue,
  type CompareMetric,
} from './report/compare.js';
export {
  heatmapDocument, heatmapPanel, type HeatmapCell, type HeatmapOptions, type HeatmapPanel, type HeatmapSpec,
} from './report/svg.js';
export { heatmapSvg } from './report/compare-svg.js';
export {
  ablate, ABLATION_OVERLAP_REASON, DEFAULT_ABLATION_EXAMPLES, DEFAULT_ABLATION_OPTIONS, DEFAULT_DIFFERENT, DEFAULT_SAME_F, itemExample,
  sameScoreDifferentBehaviour, systemIndex,
  type Ablation, type AblationOptions, type AblationScores, type CompDirection, type VariantAblation,
} from './ablation/ablate.js';
export {
  ablateCsv, ablateJson, ablateLatex, ablateTables, CHANGE_LISTS, CHANGE_MEANING, signedPoints, type ChangeList,
} from './report/ablate.js';
export {
  ablateGroups, comparisonPairs, DEFAULT_GROUP_ABLATION_OPTIONS, pooledDeltaSd,
  type ContextExample, type GroupAblation, type GroupAblationOptions, type GroupTest, type RunComparison, type RunGroup,
  type ScoreSet, type SdSet, type TypeDelta, type UnstableExample, type VariantGroupAblation,
} from './ablation/groups.js';
export { checkPaired, hasGroups, parseGroupArg, resolveBaseline, type GroupSpec } from './ablation/group-args.js';
export { verdict, type Verdict } from './ablation/verdict.js';
export { pText } from './report/number.js';
export { itemContext } from './ablation/context.js';
export { DEFAULT_ABLATION_SAMPLES, DEFAULT_ABLATION_SEED, VERDICT_ALPHA } from './ablation/defaults.js';
export {
  ablationTable, byTypeTable, groupCsv, groupJson, groupLatex, groupTables, oneToOne, runsTable, significanceMark, stableTable, verdictTable,
} from './report/ablate-groups.js';
export { buildPlanData, MAX_EXHAUSTIVE_SYSTEMS, MAX_SYSTEMS, type PlanData, type PlanDataOptions, type UnitKind } from './plan/data.js';
export { exactByConstruction, predictBinary, predictCandidate, predictVote, type PredictedCounts } from './plan/predict.js';
export { maxEntVotes } from './plan/maxent.js';
export { parseObjective, type Objective, type ObjectiveInput } from './plan/objective.js';
export { honestRankAgreement, kendallTauB, RANK_TOP_K, rankAgreement, spearman, topKAgreement } from './plan/rank.js';
export { paretoFront } from './plan/pareto.js';
export { defaultThreads } from './plan/exhaustive-threads.js';
export { holdoutSplit, kFolds, mulberry32 } from './plan/split.js';
export { DEFAULT_FOLDS, DEFAULT_SAMPLES, plan, runPlan, unitKindOf, type PlanInput, type PlanOptions, type PlanRun, type SearchStrategy } from './plan/plan.js';
export type {
  BaselineName, BootstrapResult, CandidateExplanation, CandidateScores, GreedyStep, HeldOut, HeldOutSplit, HeldOutSummary, MemberContribution,
  PairComplementarity, PairedComparison, PairExplanation, PlanCandidate, PlanResult, PredictionAccuracy, PredictionMethod, PredictionQuality,
  PlanNote, PredictorAccuracies, Procedure, ProcedureName, QualityGroup, RankAgreement, Recommendation, RecommendationBasis, ScoredOn, TestSet,
} from './plan/types.js';
export { explainCandidate, type ExplainOptions } from './plan/explain.js';
export { accuracy as predictionAccuracy, predictionQuality, type Predictions, type QualityEntry } from './plan/quality.js';
export { choiceCounts, choiceOf, countsByUnit, type Choice } from './plan/choice.js';
export { caruana, type CaruanaOptions, type CaruanaResult } from './plan/caruana.js';
export { pairedBootstrap, pairedTests, pairedTestsOfPairs, type PairedSidesSplit, type PairedSplit, type PairedTest, type PairedTestOptions } from './plan/significance.js';
export { BASELINE_NAMES, PROCEDURE_NAMES } from './plan/procedures.js';
export { formatPlanFile, parsePlanFile, planFileOf, planRule, readPlanFile, resolvePlan, withPlanRanking, type PlanFile, type PlanResolution } from './plan/plan-file.js';
export { applyPlan, planMembers, savedPlan, type AppliedPlan, type SavedPlanOptions } from './plan/plan-apply.js';
export { planCsv, planJson, planJsonObject, planLatex, planMarkdown, planTable } from './report/plan.js';
export { planScatterSvg, type ScatterPoint } from './report/plan-svg.js';
export { reportHtml, type HtmlReportInput, type HtmlScatterPoint } from './report/html.js';
export { htmlReport, htmlReportInput, type HtmlReportOptions } from './report/html-report.js';
export { paretoSvg, type ParetoPoint, type ParetoSvgOptions } from './report/pareto-svg.js';
export { runSettings, settingsJson, signature, signatureLine, withSettings, type RunSettings } from './report/settings.js';
export { VERSION } from './version.js';
export { recommendationReason } from './report/plan-reason.js';
export { noteText } from './report/plan-notes.js';
