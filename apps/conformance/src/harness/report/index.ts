// Reporting shared by every mode: summary line, progress, expected failures, JSON/HTML, referee folding.
export { AGREEMENT_PAIRS, compareWithReferee } from './agreement.js';
export type { ExpectationOutcome, ExpectedFailures } from './expected-failures.js';
export { applyExpectedFailures, parseExpectedFailures } from './expected-failures.js';
export { escapeHtml, matrixGrid, renderReportHtml } from './html.js';
export { escapeMarkdown, renderReportMarkdown } from './markdown.js';
export { ProgressLine } from './progress.js';
export { readRefereeResults, refereeChecks } from './referee-results.js';
export type { Rule } from './rules.js';
export { CLIENT_RULES, SERVER_RULES, specLink, withRule } from './rules.js';
export type { Summary } from './summary.js';
export { buildReport, formatResultLine, formatSummary, summarize } from './summary.js';
