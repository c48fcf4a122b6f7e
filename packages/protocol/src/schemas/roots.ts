import * as z from 'zod';
import { MetaObjectSchema } from './base.js';
import { notificationSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { inputRequestSchema } from './sampling.js';

// roots/list: the server asks which filesystem roots the client exposes.

export const RootSchema = z.looseObject({
  uri: z.string(),
  name: z.optional(z.string()),
  _meta: z.optional(MetaObjectSchema),
});
export type Root = z.infer<typeof RootSchema>;

export const ListRootsRequestSchema = inputRequestSchema('roots/list', z.optional(RequestParamsSchema));
export type ListRootsRequest = z.infer<typeof ListRootsRequestSchema>;

export const ListRootsResultSchema = ResultSchema.extend({ roots: z.array(RootSchema) });
export type ListRootsResult = z.infer<typeof ListRootsResultSchema>;

/** Up to 2025-11-25 (2026-07-28 has no server-bound notifications besides cancellation). */
export const RootsListChangedNotificationSchema = notificationSchema(
  'notifications/roots/list_changed',
  z.optional(NotificationParamsSchema),
);
export type RootsListChangedNotification = z.infer<typeof RootsListChangedNotificationSchema>;
