import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS } from './constants.js';
import {
  anyRevisionServerRequestMaps,
  methodSchemas,
  requestParamsSchemas,
  resultSchemas,
  revisionResultSchemas,
  revisionSchemas,
  serverRequestMaps,
} from './index.js';

// The small tables a client bundles instead of the full ones must hold the very same schema
// objects, so choosing the small table never changes what is accepted.

const SERVER_REQUESTS = ['sampling/createMessage', 'elicitation/create', 'roots/list'] as const;

describe('statically named tables', () => {
  for (const version of PROTOCOL_VERSIONS) {
    it(`revisionResultSchemas['${version}'] holds the revision's own schemas`, () => {
      const revision = revisionSchemas[version] as unknown as Record<string, unknown>;
      for (const [name, schema] of Object.entries(revisionResultSchemas[version])) {
        expect(schema, name).toBe(revision[name]);
      }
    });

    it(`serverRequestMaps['${version}'] agrees with methodSchemas`, () => {
      const full = methodSchemas[version];
      const small = serverRequestMaps[version];
      for (const method of SERVER_REQUESTS) {
        expect(small.requestParams[method], method).toBe(full.requestParams[method]);
        expect(small.results[method], method).toBe(full.results[method]);
      }
    });
  }

  it('anyRevisionServerRequestMaps agrees with the lenient maps', () => {
    for (const method of SERVER_REQUESTS) {
      expect(anyRevisionServerRequestMaps.requestParams[method]).toBe(requestParamsSchemas[method]);
      expect(anyRevisionServerRequestMaps.results[method]).toBe(resultSchemas[method]);
    }
  });
});
