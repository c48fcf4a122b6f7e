import { CapabilityObjectSchema } from './base.js';
import { built, lazy } from './lazy.js';
import { z } from './zod.js';

// Capabilities are open-ended by design: every object keeps unknown keys, and every revision's
// capabilities (tasks in 2025-11-25, extensions in 2026-07-28) parse with the same schema.

const ListChangedSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    listChanged: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  }),
);
const CapabilityMapSchema = /* @__PURE__ */ lazy(() =>
  z.record(/* @__PURE__ */ z.string(), built(CapabilityObjectSchema)),
);

/** Zod schema of the client's `tasks` capability (2025-11-25): which task requests the client serves. */
export const ClientTasksCapabilitySchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    list: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
    cancel: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
    requests: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ z.looseObject({
        sampling: /* @__PURE__ */ z.optional(
          /* @__PURE__ */ z.looseObject({
            createMessage: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
          }),
        ),
        elicitation: /* @__PURE__ */ z.optional(
          /* @__PURE__ */ z.looseObject({
            create: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
          }),
        ),
      }),
    ),
  }),
);

/**
 * Zod schema of `ClientCapabilities`. Capabilities a client may support. Known capabilities are
 * defined here, in this schema, but this is not a closed set: any client can define its own,
 * additional capabilities.
 */
export const ClientCapabilitiesSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    experimental: /* @__PURE__ */ z.optional(built(CapabilityMapSchema)),
    /** 2026-07-28: extension identifiers mapped to their settings. */
    extensions: /* @__PURE__ */ z.optional(built(CapabilityMapSchema)),
    roots: /* @__PURE__ */ z.optional(built(ListChangedSchema)),
    sampling: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ z.looseObject({
        context: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
        tools: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
      }),
    ),
    elicitation: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ z.looseObject({
        form: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
        url: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
      }),
    ),
    /** 2025-11-25 (experimental). */
    tasks: /* @__PURE__ */ z.optional(built(ClientTasksCapabilitySchema)),
  }),
);
/**
 * Capabilities a client may support. Known capabilities are defined here, in this schema, but this is
 * not a closed set: any client can define its own, additional capabilities.
 */
export type ClientCapabilities = z.infer<typeof ClientCapabilitiesSchema>;

/** Zod schema of the server's `tasks` capability (2025-11-25): which task requests the server serves. */
export const ServerTasksCapabilitySchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    list: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
    cancel: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
    requests: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ z.looseObject({
        tools: /* @__PURE__ */ z.optional(
          /* @__PURE__ */ z.looseObject({ call: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)) }),
        ),
      }),
    ),
  }),
);

/**
 * Zod schema of `ServerCapabilities`. Capabilities that a server may support. Known capabilities are
 * defined here, in this schema, but this is not a closed set: any server can define its own,
 * additional capabilities.
 */
export const ServerCapabilitiesSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    experimental: /* @__PURE__ */ z.optional(built(CapabilityMapSchema)),
    /** 2026-07-28: extension identifiers mapped to their settings. */
    extensions: /* @__PURE__ */ z.optional(built(CapabilityMapSchema)),
    logging: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
    /** Since 2025-03-26. */
    completions: /* @__PURE__ */ z.optional(built(CapabilityObjectSchema)),
    prompts: /* @__PURE__ */ z.optional(built(ListChangedSchema)),
    resources: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ built(ListChangedSchema).extend({
        subscribe: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
      }),
    ),
    tools: /* @__PURE__ */ z.optional(built(ListChangedSchema)),
    /** 2025-11-25 (experimental). */
    tasks: /* @__PURE__ */ z.optional(built(ServerTasksCapabilitySchema)),
  }),
);
/**
 * Capabilities that a server may support. Known capabilities are defined here, in this schema, but
 * this is not a closed set: any server can define its own, additional capabilities.
 */
export type ServerCapabilities = z.infer<typeof ServerCapabilitiesSchema>;
