import * as z from 'zod';
import { CapabilityObjectSchema } from './base.js';

// Capabilities are open-ended by design: every object keeps unknown keys, and every revision's
// capabilities (tasks in 2025-11-25, extensions in 2026-07-28) parse with the same schema.

const ListChangedSchema = z.looseObject({ listChanged: z.optional(z.boolean()) });
const CapabilityMapSchema = z.record(z.string(), CapabilityObjectSchema);

export const ClientTasksCapabilitySchema = z.looseObject({
  list: z.optional(CapabilityObjectSchema),
  cancel: z.optional(CapabilityObjectSchema),
  requests: z.optional(
    z.looseObject({
      sampling: z.optional(z.looseObject({ createMessage: z.optional(CapabilityObjectSchema) })),
      elicitation: z.optional(z.looseObject({ create: z.optional(CapabilityObjectSchema) })),
    }),
  ),
});

export const ClientCapabilitiesSchema = z.looseObject({
  experimental: z.optional(CapabilityMapSchema),
  /** 2026-07-28: extension identifiers mapped to their settings. */
  extensions: z.optional(CapabilityMapSchema),
  roots: z.optional(ListChangedSchema),
  sampling: z.optional(
    z.looseObject({ context: z.optional(CapabilityObjectSchema), tools: z.optional(CapabilityObjectSchema) }),
  ),
  elicitation: z.optional(
    z.looseObject({ form: z.optional(CapabilityObjectSchema), url: z.optional(CapabilityObjectSchema) }),
  ),
  /** 2025-11-25 (experimental). */
  tasks: z.optional(ClientTasksCapabilitySchema),
});
export type ClientCapabilities = z.infer<typeof ClientCapabilitiesSchema>;

export const ServerTasksCapabilitySchema = z.looseObject({
  list: z.optional(CapabilityObjectSchema),
  cancel: z.optional(CapabilityObjectSchema),
  requests: z.optional(
    z.looseObject({ tools: z.optional(z.looseObject({ call: z.optional(CapabilityObjectSchema) })) }),
  ),
});

export const ServerCapabilitiesSchema = z.looseObject({
  experimental: z.optional(CapabilityMapSchema),
  /** 2026-07-28: extension identifiers mapped to their settings. */
  extensions: z.optional(CapabilityMapSchema),
  logging: z.optional(CapabilityObjectSchema),
  /** Since 2025-03-26. */
  completions: z.optional(CapabilityObjectSchema),
  prompts: z.optional(ListChangedSchema),
  resources: z.optional(ListChangedSchema.extend({ subscribe: z.optional(z.boolean()) })),
  tools: z.optional(ListChangedSchema),
  /** 2025-11-25 (experimental). */
  tasks: z.optional(ServerTasksCapabilitySchema),
});
export type ServerCapabilities = z.infer<typeof ServerCapabilitiesSchema>;
