import { configDefaults } from 'vitest/config';
import { workspaceProject } from '../vitest.shared.js';

// Every example and README program runs as a real process; type-checking the README blocks runs tsc.
// `.readme-blocks/` holds the README programs the docs test writes out (one is named `add.test.ts`
// because the README's recipe is a node:test file): they run as programs, never as vitest suites.
export default workspaceProject('examples', {
  testTimeout: 120_000,
  hookTimeout: 60_000,
  exclude: [...configDefaults.exclude, '.readme-blocks/**'],
});
