// Every type a revision's schema.json defines has a `<TypeName>Schema` in that revision's namespace.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJson, referenceDir } from '../test/reference.js';
import { PROTOCOL_VERSIONS } from './constants.js';
import { revisionSchemas } from './revisions/index.js';

function schemaFile(revision: string): string {
  const spec = join(referenceDir(), 'spec', revision);
  const nested = join(spec, 'schema', 'schema.json');
  return existsSync(nested) ? nested : join(spec, 'schema.json');
}

describe('every spec type has a schema', () => {
  for (const revision of PROTOCOL_VERSIONS) {
    it(revision, () => {
      const file = schemaFile(revision);
      expect(existsSync(file), file).toBe(true);
      const json = readJson(file) as { definitions?: object; $defs?: object };
      const typeNames = Object.keys(json.$defs ?? json.definitions ?? {});
      expect(typeNames.length).toBeGreaterThan(50);
      const namespace = revisionSchemas[revision] as object;
      const missing = typeNames.filter((name) => !(`${name}Schema` in namespace));
      expect(missing).toEqual([]);
    });
  }
});
