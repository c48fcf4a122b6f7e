// The barrel offers a schema for every type of the two current revisions (the lenient, all-revision
// variant; the exact ones live on the revision objects).
import { describe, expect, it } from 'vitest';
import { specTypeNames } from '../test/spec-validator.js';
import * as publicApi from './index.js';

describe('public surface', () => {
  for (const revision of ['2025-11-25', '2026-07-28']) {
    it(`exports <TypeName>Schema for every ${revision} type`, () => {
      const missing = specTypeNames(revision).filter((name) => !(`${name}Schema` in publicApi));
      expect(missing).toEqual([]);
    });
  }
});
