import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS } from './constants.js';
import {
  anyRevisionServerRequestMaps,
  methodSchemas,
  parseAnyRevisionNotificationParams,
  parseNotificationParams,
  parseRequestParams,
  parseResult,
  parseServerRequestParams,
  parseServerRequestResult,
  requestParamsSchemas,
  resultSchemas,
  revisionResultSchemas,
  revisionSchemas,
  serverRequestMaps,
  taskResultSchemas,
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

  it('taskResultSchemas holds the 2025-11-25 schemas', () => {
    const revision = revisionSchemas['2025-11-25'] as unknown as Record<string, unknown>;
    for (const [name, schema] of Object.entries(taskResultSchemas)) expect(schema, name).toBe(revision[name]);
  });

  it('anyRevisionServerRequestMaps agrees with the lenient maps', () => {
    for (const method of SERVER_REQUESTS) {
      expect(anyRevisionServerRequestMaps.requestParams[method]).toBe(requestParamsSchemas[method]);
      expect(anyRevisionServerRequestMaps.results[method]).toBe(resultSchemas[method]);
    }
  });
});

describe('parsers over the statically named tables', () => {
  const samples: [string, unknown][] = [
    ['sampling/createMessage', { messages: [], maxTokens: 10 }],
    ['sampling/createMessage', { messages: 'no' }],
    ['elicitation/create', { message: 'Name?', requestedSchema: { type: 'object', properties: {} } }],
    ['roots/list', {}],
    ['tools/call', { name: 'echo' }],
  ];

  it('answer exactly as parseRequestParams and parseResult do', () => {
    for (const version of [undefined, ...PROTOCOL_VERSIONS]) {
      for (const [method, value] of samples) {
        const label = `${method} ${version ?? 'any'}`;
        const expected = parseRequestParams(method, value, version);
        if (method === 'tools/call') {
          expect(parseServerRequestParams(method, value, version).success, label).toBe(false);
          continue;
        }
        expect(parseServerRequestParams(method, value, version), label).toEqual(expected);
        expect(parseServerRequestResult(method, value, version), label).toEqual(
          parseResult(method, value, version),
        );
      }
    }
  });

  it('parseAnyRevisionNotificationParams is parseNotificationParams without a version', () => {
    for (const [method, params] of [
      ['notifications/progress', { progressToken: 1, progress: 2 }],
      ['notifications/progress', { progress: 'x' }],
      ['notifications/unknown', {}],
    ] as const) {
      expect(parseAnyRevisionNotificationParams(method, params)).toEqual(
        parseNotificationParams(method, params),
      );
    }
  });
});
