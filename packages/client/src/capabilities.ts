import type { ClientCapabilities, JSONObject, ServerCapabilities } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * The server capability each method needs: a top-level key, or `key.flag` for a boolean flag that
 * must be true inside it.
 */
const REQUIREMENTS: Record<string, string> = {
  'tools/list': 'tools',
  'tools/call': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'resources/read': 'resources',
  'resources/subscribe': 'resources.subscribe',
  'resources/unsubscribe': 'resources.subscribe',
  'prompts/list': 'prompts',
  'prompts/get': 'prompts',
  'logging/setLevel': 'logging',
  'completion/complete': 'completions',
};

/**
 * Throws CAPABILITY_NOT_SUPPORTED when `method` needs a server capability that `capabilities`
 * lacks. Methods with no known requirement (ping, custom methods) always pass. The `completions`
 * capability only exists since 2025-03-26; a 2024-11-05 server may answer completion requests
 * without declaring anything.
 */
export function assertServerCapability(
  method: string,
  capabilities: ServerCapabilities,
  protocolVersion: string,
): void {
  const needed = REQUIREMENTS[method];
  if (needed === undefined || (needed === 'completions' && protocolVersion === '2024-11-05')) return;
  // A declared top-level capability passes without splitting the name (this runs on every call).
  if (capabilities[needed as keyof ServerCapabilities] !== undefined) return;
  const [capability, flag] = needed.split('.') as [keyof ServerCapabilities, string | undefined];
  const declared = capabilities[capability] as Record<string, unknown> | undefined;
  if (declared !== undefined && (flag === undefined || declared[flag] === true)) return;
  throw new McpClientError(
    McpClientErrorCode.CapabilityNotSupported,
    `Cannot call ${method}: the server did not declare the '${needed}' capability ` +
      `(declared: ${describeDeclared(capabilities)}). Pass enforceStrictCapabilities: false to send it anyway.`,
    { data: { method, capability: needed } },
  );
}

function describeDeclared(capabilities: ServerCapabilities): string {
  const keys = Object.keys(capabilities);
  return keys.length === 0 ? 'none' : keys.join(', ');
}

/** Which server-to-client features the user wired up; decides the declared client capabilities. */
export interface ClientFeatureSet {
  sampling: boolean;
  elicitation?: { form: boolean; url: boolean; applyDefaults: boolean };
  roots: boolean;
}

/**
 * Builds the capabilities the client declares: the user's explicit ones (experimental,
 * extensions, anything custom) and the tasks extension's declaration, merged with those implied
 * by the handlers that are set.
 */
export function buildClientCapabilities(
  options: {
    capabilities?: ClientCapabilities | undefined;
    tasksExtension?: { readonly declaration: Record<string, JSONObject> } | undefined;
  },
  features: ClientFeatureSet,
): ClientCapabilities {
  const explicit = options.capabilities;
  const extension = options.tasksExtension;
  const capabilities: ClientCapabilities =
    extension === undefined
      ? { ...explicit }
      : { ...explicit, extensions: { ...extension.declaration, ...explicit?.extensions } };
  if (features.sampling) capabilities.sampling = { ...capabilities.sampling };
  if (features.roots) capabilities.roots = { ...capabilities.roots, listChanged: true };
  const elicitation = features.elicitation;
  if (elicitation) {
    const declared: NonNullable<ClientCapabilities['elicitation']> = { ...capabilities.elicitation };
    if (elicitation.form) {
      declared.form = elicitation.applyDefaults
        ? { ...declared.form, applyDefaults: true }
        : { ...declared.form };
    }
    if (elicitation.url) declared.url = { ...declared.url };
    capabilities.elicitation = declared;
  }
  return capabilities;
}

/** Whether `next` declares something `current` does not (a stateful session cannot add it later). */
export function addsCapability(current: ClientCapabilities, next: ClientCapabilities): string | undefined {
  for (const key of ['sampling', 'roots', 'elicitation'] as const) {
    if (next[key] !== undefined && current[key] === undefined) return key;
  }
  if (next.elicitation?.url !== undefined && current.elicitation?.url === undefined) return 'elicitation.url';
  if (next.elicitation?.form !== undefined && current.elicitation?.form === undefined) {
    return 'elicitation.form';
  }
  return undefined;
}
