import type { ProtocolVersion } from './constants.js';
import * as v20241105 from './revisions/v2024-11-05.js';
import * as v20250326 from './revisions/v2025-03-26.js';
import * as v20250618 from './revisions/v2025-06-18.js';
import * as v20251125 from './revisions/v2025-11-25.js';
import * as s from './schemas/index.js';
import { z } from './schemas/zod.js';

// The questions a server asks its client (sampling, elicitation, roots), kept apart from the full
// method maps so that a client, which validates only these, bundles only these schemas:
// `method-maps.ts` takes its entries for these methods from here, so both agree by construction.

/** The methods of requests a server sends to a client: sampling, elicitation and roots. */
export type ServerRequestMethod = 'sampling/createMessage' | 'elicitation/create' | 'roots/list';

/** The schemas of the requests a server may send in one revision, by method. */
export interface ServerRequestMaps {
  /** Request params by method; a method missing here does not exist in the revision. */
  readonly requestParams: Readonly<Partial<Record<ServerRequestMethod, z.ZodType>>>;
  /** Result by request method. */
  readonly results: Readonly<Partial<Record<ServerRequestMethod, z.ZodType>>>;
}

/** The lenient schemas, which accept every revision. */
export const anyRevisionServerRequestMaps = {
  requestParams: {
    'sampling/createMessage': s.CreateMessageRequestParamsSchema,
    'elicitation/create': s.ElicitRequestParamsSchema,
    'roots/list': /* @__PURE__ */ z.optional(s.RequestParamsSchema),
  },
  results: {
    'sampling/createMessage': /* @__PURE__ */ z.union([
      s.CreateMessageResultSchema,
      s.CreateTaskResultSchema,
    ]),
    'elicitation/create': /* @__PURE__ */ z.union([s.ElicitResultSchema, s.CreateTaskResultSchema]),
    'roots/list': s.ListRootsResultSchema,
  },
} as const;

/**
 * Exactly the server-to-client questions of each revision (2026-07-28 has none: its questions
 * travel inside input_required results).
 */
export const serverRequestMaps: Readonly<Record<ProtocolVersion, ServerRequestMaps>> = {
  '2024-11-05': {
    requestParams: {
      'sampling/createMessage': v20241105.CreateMessageRequestParamsSchema,
      'roots/list': /* @__PURE__ */ z.optional(v20241105.RequestParamsSchema),
    },
    results: {
      'sampling/createMessage': v20241105.CreateMessageResultSchema,
      'roots/list': v20241105.ListRootsResultSchema,
    },
  },
  '2025-03-26': {
    requestParams: {
      'sampling/createMessage': v20250326.CreateMessageRequestParamsSchema,
      'roots/list': /* @__PURE__ */ z.optional(v20250326.RequestParamsSchema),
    },
    results: {
      'sampling/createMessage': v20250326.CreateMessageResultSchema,
      'roots/list': v20250326.ListRootsResultSchema,
    },
  },
  '2025-06-18': {
    requestParams: {
      'sampling/createMessage': v20250618.CreateMessageRequestParamsSchema,
      'elicitation/create': v20250618.ElicitRequestParamsSchema,
      'roots/list': /* @__PURE__ */ z.optional(v20250618.RequestParamsSchema),
    },
    results: {
      'sampling/createMessage': v20250618.CreateMessageResultSchema,
      'elicitation/create': v20250618.ElicitResultSchema,
      'roots/list': v20250618.ListRootsResultSchema,
    },
  },
  '2025-11-25': {
    requestParams: {
      'sampling/createMessage': v20251125.CreateMessageRequestParamsSchema,
      'elicitation/create': v20251125.ElicitRequestParamsSchema,
      'roots/list': /* @__PURE__ */ z.optional(v20251125.RequestParamsSchema),
    },
    results: {
      'sampling/createMessage': v20251125.CreateMessageResultOrTaskSchema,
      'elicitation/create': v20251125.ElicitResultOrTaskSchema,
      'roots/list': v20251125.ListRootsResultSchema,
    },
  },
  '2026-07-28': { requestParams: {}, results: {} },
};
