// ESLint: the layering of src/ and no import cycles, plus the recommended JS/TS rules.
// `npm run lint` type-checks src/ and test/ first (tsconfig.test.json), then runs this.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The layers of src/, bottom first. A module may import from its own layer and from the layers
 * below it, never from one above it: data flows one way, from the browser to the views of the
 * decision, so every stage after the browser stays a pure function that can be tested without
 * one. Layers that share a row are siblings and may not import each other either.
 *
 * Why each sits where it does (what it needs from below):
 * - util: text and terminal helpers with no viseg imports; options: the zod options schema
 *   (and the names it validates, such as the strategy names), read by every layer above.
 * - browser: launching Chromium and loading a page. snapshot: the one in-page pass, which runs
 *   in a browser page. segment: VIPS over a snapshot. classify: scores over the block tree.
 *   content: clean HTML, text, Markdown and metadata of the selection classify made.
 * - record: the JSONL record's schema and reader (it names the browser's error codes and
 *   classify's decision). eval: scoring against gold data (reads records).
 * - strategies: the content-extraction algorithms, which reuse classify's features, content's
 *   tree and eval's scorer (MSS training).
 * - annotate: screenshots and overlays of a decision. report: the HTML report of records and
 *   annotated screenshots.
 * - pipeline: runs pages through every stage above. queue, check, bench: batch runners built on
 *   the pipeline (job queue, `viseg check`, `viseg bench`).
 * - cli: one commander file per command, over all of the above.
 * - index.ts: the public API. testing/: the `viseg/testing` matchers, written against it.
 */
export const LAYERS = [
  ['util'],
  ['options.ts'],
  ['browser'],
  ['snapshot'],
  ['segment'],
  ['classify'],
  ['content'],
  ['record'],
  ['eval'],
  ['strategies'],
  ['annotate'],
  ['report'],
  ['pipeline'],
  ['queue', 'check', 'bench'],
  ['cli'],
  ['index.ts'],
  ['testing'],
];

// Every entry of src/ must have a layer: a new folder cannot slip past the rule unplaced.
const placed = new Set(LAYERS.flat());
const unplaced = readdirSync(path.join(root, 'src')).filter((e) => !placed.has(e));
if (unplaced.length) throw new Error(`eslint.config.js: place ${unplaced.join(', ')} in LAYERS`);

const at = (entry) => `./src/${entry}`;
const zones = LAYERS.flatMap((row, i) =>
  row.map((entry) => ({
    target: at(entry),
    from: [...row.filter((e) => e !== entry), ...LAYERS.slice(i + 1).flat()].map(at),
    message: `src/${entry} may import only from its own layer and the layers below it (see LAYERS in eslint.config.js).`,
  })),
).filter((z) => z.from.length > 0);

export default tseslint.config(
  // build output, and the fixture sites' own page scripts (pages under test, not viseg's code);
  // other .js/.mjs files get no rules here, only a syntax check
  { ignores: ['dist/', 'out/', 'test-results/', 'playwright-report/', '.viseg-cache/', 'fixtures/'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', '*.config.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      // viseg matches control characters on purpose: it strips them from hostile pages' text
      // before it reaches a terminal, an XML/HTML output or a Markdown file.
      'no-control-regex': 'off',
      // tsc finds unused names (noUnusedLocals in tsconfig.test.json) in the type-check that
      // runs anyway; the ESLint rule cost as much as every other rule here together.
      '@typescript-eslint/no-unused-vars': 'off',
      // under noUncheckedIndexedAccess, `a[i]!` tells the compiler an element exists without
      // checking it, so a wrong index flows on as undefined (NaN in the scores). Reads say what
      // happens instead: `at(a, i)` or `(a[i] ?? outOfRange(i))` throw, or the code handles it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSNonNullExpression > MemberExpression[computed=true]',
          message: 'No `a[i]!`: read with at(a, i) or (a[i] ?? outOfRange(i)) from src/util/at.ts, or handle the missing element.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // without these the rules cannot read the .ts files an import leads to, and no-cycle
      // finds no cycle at all
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
);
