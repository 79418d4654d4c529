import { defineConfig } from 'vitest/config';

/**
 * Test files whose pages burn CPU on purpose (endless loops, alert storms, 500 frames) beside
 * ordinary pages that must still be read before their deadline, or that kill a worker mid-run.
 * They run one at a time, after everything else, so that no other test's browser competes with
 * them for the machine. (The bench test checks the report's shape, not speed, so it need not be alone.)
 */
const ALONE = [
  'test/integration/batch/deadline.test.ts',
  'test/integration/batch/broken-inputs.test.ts',
  'test/integration/batch/isolation.test.ts',
  'test/integration/browser/hostile.test.ts',
  'test/integration/queue/kill.test.ts',
];

const shared = { testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        // The unit tests are pure and leave no state behind, so one worker runs many files with
        // the modules it already loaded: most of a unit file's time was importing src/ again.
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Most integration tests wait on a browser, a server or Redis rather than compute, so two
        // files at a time finish sooner than one even on a 2-core machine (vitest's default is
        // one worker fewer than the cores: one here).
        test: {
          ...shared,
          name: 'shared',
          include: ['test/integration/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
