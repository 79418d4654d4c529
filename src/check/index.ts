/** `viseg check`: regression checks of extraction against fixture sites with expected.json. */
export {
  compareSite, parseExpected, parseExpectedText, updateExpected, pickSnippets, trimSnippet, paragraphs, normalizeWs, datePrefix,
  fieldMatches, containsHaystack, pageTextOf, failedComparison, f1Failed, serializeExpected, describeChanges, describeFailures,
  summarizeFailures, DEFAULT_MIN_F1, MAX_SNIPPET, MIN_SNIPPET, NEW_SNIPPETS, EXPECTED_TYPES,
  type Expected, type ExpectedFile, type ExpectedType, type CheckInput, type CheckedRecord, type SiteComparison, type FieldMismatch,
  type Change, type UpdateOptions, type UpdateResult,
} from './compare.js';
export { formatTable, formatDiff, toJsonResult, useColor, type SiteRow } from './format.js';
export { runCheck, discoverSites, MISSING_EXPECTED, type Site, type SiteResult, type CheckRun, type CheckRunOptions } from './run.js';
