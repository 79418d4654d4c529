/** `viseg check`: regression checks of extraction against fixture sites with expected.json. */
export {
  compareSite, parseExpected, parseExpectedText, normalizeWs, datePrefix, fieldMatches, containsHaystack, pageTextOf,
  failedComparison, f1Failed, describeFailures, summarizeFailures, DEFAULT_MIN_F1, EXPECTED_TYPES,
  type Expected, type ExpectedFile, type ExpectedType, type CheckInput, type CheckedRecord, type SiteComparison, type FieldMismatch,
} from './compare.js';
export {
  updateExpected, pickSnippets, trimSnippet, paragraphs, serializeExpected, describeChanges, MAX_SNIPPET, MIN_SNIPPET, NEW_SNIPPETS,
  type Change, type UpdateOptions, type UpdateResult,
} from './update.js';
export { formatTable, formatDiff, toJsonResult, useColor, type SiteRow } from './format.js';
export { runCheck, discoverSites, MISSING_EXPECTED, type Site, type SiteResult, type CheckRun, type CheckRunOptions } from './run.js';
