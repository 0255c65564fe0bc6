/**
 * Pure metric functions: counts, P/R/F_β with zero-division conventions, micro/macro averaging,
 * the K-measure, Makhoul's slot error rates, Nakache's contingency indicators, graded credit,
 * the D-measure, conlleval's token accuracy and the type-confusion matrix. See each module's doc comments for formulas, edge cases and sources.
 */
export * from './prf.js';
export * from './average.js';
export * from './kmeasure.js';
export * from './errors.js';
export * from './indicators.js';
export * from './graded.js';
export * from './dmeasure.js';
export * from './accuracy.js';
export * from './confusion.js';
