import type * as z from 'zod';
import type { ProtocolVersion } from '../constants.js';
import * as r2024_11_05 from './v2024-11-05.js';
import * as r2025_03_26 from './v2025-03-26.js';
import * as r2025_06_18 from './v2025-06-18.js';
import * as r2025_11_25 from './v2025-11-25.js';
import * as r2026_07_28 from './v2026-07-28.js';

// The revision-exact result schemas of the everyday request methods, one table per revision.
// `revisionSchemas` holds every schema of every revision (one dynamic lookup keeps all of them in a
// bundle); this table names each schema statically, so a bundle that only checks results carries
// these and what they are built from, nothing else. Each entry is the very object on
// `revisionSchemas[version]`.

/**
 * The result schemas of one revision, by name, for clients that check results against the negotiated
 * revision.
 */
export interface RevisionResultSchemas {
  InitializeResultSchema: z.ZodType;
  EmptyResultSchema: z.ZodType;
  ListToolsResultSchema: z.ZodType;
  CallToolResultSchema: z.ZodType;
  ListPromptsResultSchema: z.ZodType;
  GetPromptResultSchema: z.ZodType;
  ListResourcesResultSchema: z.ZodType;
  ListResourceTemplatesResultSchema: z.ZodType;
  ReadResourceResultSchema: z.ZodType;
  CompleteResultSchema: z.ZodType;
}

/** The result schemas of each revision, for checking results against the negotiated revision. */
export const revisionResultSchemas: Readonly<Record<ProtocolVersion, RevisionResultSchemas>> = {
  '2024-11-05': {
    InitializeResultSchema: r2024_11_05.InitializeResultSchema,
    EmptyResultSchema: r2024_11_05.EmptyResultSchema,
    ListToolsResultSchema: r2024_11_05.ListToolsResultSchema,
    CallToolResultSchema: r2024_11_05.CallToolResultSchema,
    ListPromptsResultSchema: r2024_11_05.ListPromptsResultSchema,
    GetPromptResultSchema: r2024_11_05.GetPromptResultSchema,
    ListResourcesResultSchema: r2024_11_05.ListResourcesResultSchema,
    ListResourceTemplatesResultSchema: r2024_11_05.ListResourceTemplatesResultSchema,
    ReadResourceResultSchema: r2024_11_05.ReadResourceResultSchema,
    CompleteResultSchema: r2024_11_05.CompleteResultSchema,
  },
  '2025-03-26': {
    InitializeResultSchema: r2025_03_26.InitializeResultSchema,
    EmptyResultSchema: r2025_03_26.EmptyResultSchema,
    ListToolsResultSchema: r2025_03_26.ListToolsResultSchema,
    CallToolResultSchema: r2025_03_26.CallToolResultSchema,
    ListPromptsResultSchema: r2025_03_26.ListPromptsResultSchema,
    GetPromptResultSchema: r2025_03_26.GetPromptResultSchema,
    ListResourcesResultSchema: r2025_03_26.ListResourcesResultSchema,
    ListResourceTemplatesResultSchema: r2025_03_26.ListResourceTemplatesResultSchema,
    ReadResourceResultSchema: r2025_03_26.ReadResourceResultSchema,
    CompleteResultSchema: r2025_03_26.CompleteResultSchema,
  },
  '2025-06-18': {
    InitializeResultSchema: r2025_06_18.InitializeResultSchema,
    EmptyResultSchema: r2025_06_18.EmptyResultSchema,
    ListToolsResultSchema: r2025_06_18.ListToolsResultSchema,
    CallToolResultSchema: r2025_06_18.CallToolResultSchema,
    ListPromptsResultSchema: r2025_06_18.ListPromptsResultSchema,
    GetPromptResultSchema: r2025_06_18.GetPromptResultSchema,
    ListResourcesResultSchema: r2025_06_18.ListResourcesResultSchema,
    ListResourceTemplatesResultSchema: r2025_06_18.ListResourceTemplatesResultSchema,
    ReadResourceResultSchema: r2025_06_18.ReadResourceResultSchema,
    CompleteResultSchema: r2025_06_18.CompleteResultSchema,
  },
  '2025-11-25': {
    InitializeResultSchema: r2025_11_25.InitializeResultSchema,
    EmptyResultSchema: r2025_11_25.EmptyResultSchema,
    ListToolsResultSchema: r2025_11_25.ListToolsResultSchema,
    CallToolResultSchema: r2025_11_25.CallToolResultSchema,
    ListPromptsResultSchema: r2025_11_25.ListPromptsResultSchema,
    GetPromptResultSchema: r2025_11_25.GetPromptResultSchema,
    ListResourcesResultSchema: r2025_11_25.ListResourcesResultSchema,
    ListResourceTemplatesResultSchema: r2025_11_25.ListResourceTemplatesResultSchema,
    ReadResourceResultSchema: r2025_11_25.ReadResourceResultSchema,
    CompleteResultSchema: r2025_11_25.CompleteResultSchema,
  },
  '2026-07-28': {
    InitializeResultSchema: r2026_07_28.InitializeResultSchema,
    EmptyResultSchema: r2026_07_28.EmptyResultSchema,
    ListToolsResultSchema: r2026_07_28.ListToolsResultSchema,
    CallToolResultSchema: r2026_07_28.CallToolResultSchema,
    ListPromptsResultSchema: r2026_07_28.ListPromptsResultSchema,
    GetPromptResultSchema: r2026_07_28.GetPromptResultSchema,
    ListResourcesResultSchema: r2026_07_28.ListResourcesResultSchema,
    ListResourceTemplatesResultSchema: r2026_07_28.ListResourceTemplatesResultSchema,
    ReadResourceResultSchema: r2026_07_28.ReadResourceResultSchema,
    CompleteResultSchema: r2026_07_28.CompleteResultSchema,
  },
};

/** The exact result schemas of the task methods, from 2025-11-25 (the revision these tasks belong to). */
export const taskResultSchemas = {
  CreateTaskResultSchema: r2025_11_25.CreateTaskResultSchema,
  GetTaskResultSchema: r2025_11_25.GetTaskResultSchema,
  CallToolResultSchema: r2025_11_25.CallToolResultSchema,
  ListTasksResultSchema: r2025_11_25.ListTasksResultSchema,
  CancelTaskResultSchema: r2025_11_25.CancelTaskResultSchema,
} as const;
/** The result schemas of the task methods (2025-11-25), by name. */
export type TaskResultSchemas = typeof taskResultSchemas;
