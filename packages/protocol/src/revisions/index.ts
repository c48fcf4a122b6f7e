import * as v2024_11_05 from './v2024-11-05.js';
import * as v2025_03_26 from './v2025-03-26.js';
import * as v2025_06_18 from './v2025-06-18.js';
import * as v2025_11_25 from './v2025-11-25.js';
import * as v2026_07_28 from './v2026-07-28.js';

// One namespace per revision, each holding `<TypeName>Schema` for every type of that revision
// (shared schemas where the revision does not differ), so a message can be checked against exactly
// the revision in use: `v2026_07_28.CallToolResultSchema.parse(result)`.
export { v2024_11_05, v2025_03_26, v2025_06_18, v2025_11_25, v2026_07_28 };

/** The revision namespaces keyed by protocol version. */
export const revisionSchemas = {
  '2024-11-05': v2024_11_05,
  '2025-03-26': v2025_03_26,
  '2025-06-18': v2025_06_18,
  '2025-11-25': v2025_11_25,
  '2026-07-28': v2026_07_28,
} as const;
