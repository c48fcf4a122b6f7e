import type * as z from 'zod';
import type { ProtocolVersion } from '../constants.js';
import { directionSchemas } from './directions.js';
import * as r2024_11_05 from './v2024-11-05.js';
import * as r2025_03_26 from './v2025-03-26.js';
import * as r2025_06_18 from './v2025-06-18.js';
import * as r2025_11_25 from './v2025-11-25.js';
import * as r2026_07_28 from './v2026-07-28.js';

// One object per revision, holding `<TypeName>Schema` for every type of that revision (the shared
// schema where the revision does not differ), so a message can be checked against exactly the
// revision in use: `v2026_07_28.CallToolResultSchema.parse(result)`.

type DirectionSchemas = ReturnType<typeof directionSchemas>;
/** A revision module with its direction unions (which replace the shared all-revision ones). */
type Revision<M> = Omit<M, keyof DirectionSchemas> & DirectionSchemas;

const DIRECTION_KEYS = [
  'ClientRequestSchema',
  'ServerRequestSchema',
  'ClientNotificationSchema',
  'ServerNotificationSchema',
  'ClientResultSchema',
  'ServerResultSchema',
] as const satisfies readonly (keyof DirectionSchemas)[];

/**
 * The revision's module plus its direction unions, built on first read: neither the server nor
 * the client uses them, and building all five revisions' unions cost ~11 ms of every startup.
 */
function withDirections<M extends { ResultSchema: z.ZodType }>(
  module: M,
  version: ProtocolVersion,
): Revision<M> {
  const revision: Record<string, unknown> = { ...module };
  let directions: DirectionSchemas | undefined;
  for (const key of DIRECTION_KEYS) {
    Object.defineProperty(revision, key, {
      enumerable: true,
      get: () => {
        directions ??= directionSchemas(version, module.ResultSchema);
        return directions[key];
      },
    });
  }
  return revision as Revision<M>;
}

/** The schemas of revision 2024-11-05, with the requests and notifications of each direction. */
export const v2024_11_05: Revision<typeof r2024_11_05> = /* @__PURE__ */ withDirections(
  r2024_11_05,
  '2024-11-05',
);
/** The schemas of revision 2025-03-26, with the requests and notifications of each direction. */
export const v2025_03_26: Revision<typeof r2025_03_26> = /* @__PURE__ */ withDirections(
  r2025_03_26,
  '2025-03-26',
);
/** The schemas of revision 2025-06-18, with the requests and notifications of each direction. */
export const v2025_06_18: Revision<typeof r2025_06_18> = /* @__PURE__ */ withDirections(
  r2025_06_18,
  '2025-06-18',
);
/** The schemas of revision 2025-11-25, with the requests and notifications of each direction. */
export const v2025_11_25: Revision<typeof r2025_11_25> = /* @__PURE__ */ withDirections(
  r2025_11_25,
  '2025-11-25',
);
/** The schemas of revision 2026-07-28, with the requests and notifications of each direction. */
export const v2026_07_28: Revision<typeof r2026_07_28> = /* @__PURE__ */ withDirections(
  r2026_07_28,
  '2026-07-28',
);

/** The revision schema objects keyed by protocol version. */
export const revisionSchemas = {
  '2024-11-05': v2024_11_05,
  '2025-03-26': v2025_03_26,
  '2025-06-18': v2025_06_18,
  '2025-11-25': v2025_11_25,
  '2026-07-28': v2026_07_28,
} as const;
