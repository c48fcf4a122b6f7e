import type { Verdict } from '../types.js';

// The interop script every matrix client driver runs against a server, whatever SDK it is built
// on: initialize, list tools, call one tool, read one resource (if any). A driver prints one line
// per step on stdout, `MCP-INTEROP {"step": ..., "verdict": ..., "detail": ...}`, which the
// harness reads back.

export const INTEROP_STEPS = ['initialize', 'list-tools', 'call-tool', 'read-resource'] as const;
export type InteropStep = (typeof INTEROP_STEPS)[number];

export interface StepOutcome {
  step: InteropStep;
  verdict: Verdict;
  detail?: string;
}

const LINE_PREFIX = 'MCP-INTEROP ';

/** Where the driver finds the server: env MCP_INTEROP_SERVER holds this as JSON. */
export type InteropTarget =
  | { transport: 'stdio'; command: string; args: string[] }
  | { transport: 'http'; url: string };

export const INTEROP_TARGET_ENV = 'MCP_INTEROP_SERVER';

export function formatStepLine(outcome: StepOutcome): string {
  return `${LINE_PREFIX}${JSON.stringify(outcome)}`;
}

/** The step outcomes in a driver's stdout; other lines are ignored. */
export function parseStepLines(stdout: string): StepOutcome[] {
  const outcomes: StepOutcome[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith(LINE_PREFIX)) continue;
    const parsed = JSON.parse(line.slice(LINE_PREFIX.length)) as StepOutcome;
    if ((INTEROP_STEPS as readonly string[]).includes(parsed.step)) outcomes.push(parsed);
  }
  return outcomes;
}

export function readInteropTarget(env: Record<string, string | undefined>): InteropTarget {
  const raw = env[INTEROP_TARGET_ENV];
  if (raw === undefined)
    throw new Error(`${INTEROP_TARGET_ENV} is not set: the harness passes the server there as JSON`);
  const target = JSON.parse(raw) as InteropTarget;
  if (target.transport !== 'stdio' && target.transport !== 'http') {
    throw new Error(`${INTEROP_TARGET_ENV}.transport must be "stdio" or "http", got ${JSON.stringify(raw)}`);
  }
  return target;
}

/** What a driver wraps around its SDK's client. */
export interface InteropClient {
  /** Connects and initializes; returns the server's name and the negotiated revision. */
  connect(): Promise<{ serverName?: string; protocolVersion?: string }>;
  listTools(): Promise<{ name: string; inputSchema?: unknown }[]>;
  /** Calls a tool; a result with isError is still an answer. */
  callTool(name: string, args: Record<string, unknown>): Promise<{ isError?: boolean }>;
  /** Lists resources, or undefined when the server declares no resources capability. */
  listResources(): Promise<{ uri: string }[] | undefined>;
  readResource(uri: string): Promise<{ contents: unknown[] }>;
  close(): Promise<void>;
}

interface JsonSchemaLike {
  type?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchemaLike>;
  required?: string[];
}

/** Sample values for a tool's required arguments, from their JSON Schema types. */
export function sampleArguments(inputSchema: unknown): Record<string, unknown> {
  const schema = (inputSchema ?? {}) as JsonSchemaLike;
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] ?? {};
    if (Array.isArray(property.enum) && property.enum.length > 0) {
      args[name] = property.enum[0];
      continue;
    }
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    args[name] =
      type === 'number' || type === 'integer'
        ? 1
        : type === 'boolean'
          ? true
          : type === 'array'
            ? []
            : type === 'object'
              ? {}
              : 'interop';
  }
  return args;
}

/** The tool every client calls on a server: `echo` if present, else one without required args, else the first. */
export function chooseTool<T extends { name: string; inputSchema?: unknown }>(
  tools: readonly T[],
): T | undefined {
  return (
    tools.find((tool) => tool.name === 'echo') ??
    tools.find((tool) => ((tool.inputSchema as JsonSchemaLike | undefined)?.required ?? []).length === 0) ??
    tools[0]
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Runs the interop script, reporting each step through `emit`; never throws. */
export async function runInteropScript(
  client: InteropClient,
  emit: (outcome: StepOutcome) => void,
): Promise<void> {
  try {
    const info = await client.connect();
    emit({
      step: 'initialize',
      verdict: 'pass',
      detail: `${info.serverName ?? 'server'} at ${info.protocolVersion ?? 'unknown revision'}`,
    });
  } catch (error) {
    emit({ step: 'initialize', verdict: 'fail', detail: message(error) });
    for (const step of INTEROP_STEPS.slice(1))
      emit({ step, verdict: 'fail', detail: 'not reached: initialize failed' });
    return;
  }
  try {
    let tools: { name: string; inputSchema?: unknown }[] = [];
    try {
      tools = await client.listTools();
      emit({ step: 'list-tools', verdict: 'pass', detail: `${tools.length} tools` });
    } catch (error) {
      emit({ step: 'list-tools', verdict: 'fail', detail: message(error) });
    }
    const tool = chooseTool(tools);
    if (tool === undefined)
      emit({ step: 'call-tool', verdict: 'not-applicable', detail: 'the server lists no tools' });
    else {
      try {
        const result = await client.callTool(tool.name, sampleArguments(tool.inputSchema));
        emit({
          step: 'call-tool',
          verdict: 'pass',
          detail: `${tool.name}${result.isError ? ' (isError result)' : ''}`,
        });
      } catch (error) {
        emit({ step: 'call-tool', verdict: 'fail', detail: `${tool.name}: ${message(error)}` });
      }
    }
    try {
      const resources = await client.listResources();
      const first = resources?.[0];
      if (first === undefined) {
        emit({
          step: 'read-resource',
          verdict: 'not-applicable',
          detail: resources ? 'the server lists no resources' : 'no resources capability',
        });
      } else {
        const read = await client.readResource(first.uri);
        emit(
          Array.isArray(read.contents)
            ? { step: 'read-resource', verdict: 'pass', detail: first.uri }
            : {
                step: 'read-resource',
                verdict: 'fail',
                detail: `${first.uri}: the result has no contents array`,
              },
        );
      }
    } catch (error) {
      emit({ step: 'read-resource', verdict: 'fail', detail: message(error) });
    }
  } finally {
    await client.close();
  }
}

/** The body of every driver: read the target, run the script, print the steps, exit. */
export async function runDriver(makeClient: (target: InteropTarget) => InteropClient): Promise<void> {
  const target = readInteropTarget(process.env);
  await runInteropScript(makeClient(target), (outcome) =>
    process.stdout.write(`${formatStepLine(outcome)}\n`),
  );
  process.exit(0);
}
