import { brief, check, expectError, notApplicable, resultOf, type ServerScenario } from './scenario.js';
import { clientCapabilities } from './session.js';
import type { JsonObject } from './wire.js';

// The 2026-07-28 tasks extension (SEP-2663), checked without knowing the server's tools (2026 tool
// definitions do not say which tools run as tasks): the tasks/* surface and its gating.

const TASKS = 'io.modelcontextprotocol/tasks';
const PROBE_ID = 'mcpkit-conformance-no-such-task';

/** `params` with the tasks extension declared in the request's client capabilities. */
function declaring(params: JsonObject): JsonObject {
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/clientCapabilities': {
        ...clientCapabilities('2026-07-28'),
        extensions: { [TASKS]: {} },
      },
    },
  };
}

const tasksSurface: ServerScenario = {
  id: 'tasks-extension-surface',
  description:
    'a server declaring the tasks extension: -32021 without the client declaration, -32602 for an unknown task, -32601 for the removed tasks/result and tasks/list',
  revisions: ['2026-07-28'],
  async run({ session }) {
    const extensions = session.capabilities.extensions as JsonObject | undefined;
    if (extensions?.[TASKS] === undefined) {
      return [notApplicable('tasks-extension', `server/discover declares no ${TASKS} extension`)];
    }
    const checks = [];
    const gated = await session.call('tasks/get', { taskId: PROBE_ID });
    checks.push(
      expectError(
        'gated-without-declaration',
        gated,
        [-32021],
        'tasks/get from a client without the extension',
      ),
    );
    if ('error' in gated && gated.error.code === -32021) {
      const data = gated.error.data as JsonObject | undefined;
      const required = (data?.requiredCapabilities as JsonObject | undefined)?.extensions as
        | JsonObject
        | undefined;
      checks.push(
        check(
          'gated-data',
          required?.[TASKS] !== undefined,
          `-32021 should name the extension in data.requiredCapabilities.extensions: ${brief(data)}`,
        ),
      );
    }
    for (const method of ['tasks/get', 'tasks/cancel']) {
      const unknown = await session.call(method, declaring({ taskId: PROBE_ID }));
      checks.push(expectError(`${method}-unknown-task`, unknown, [-32602], `${method} for an unknown task`));
    }
    const update = await session.call('tasks/update', declaring({ taskId: PROBE_ID, inputResponses: {} }));
    checks.push(
      expectError('tasks/update-unknown-task', update, [-32602], 'tasks/update for an unknown task'),
    );
    for (const method of ['tasks/result', 'tasks/list']) {
      const removed = await session.call(
        method,
        declaring(method === 'tasks/list' ? {} : { taskId: PROBE_ID }),
      );
      checks.push(
        expectError(`${method}-removed`, removed, [-32601], `${method} (not part of the extension)`),
      );
    }
    const discover = resultOf(session.handshake);
    checks.push(
      check(
        'no-v1-tasks-capability',
        (discover?.capabilities as JsonObject | undefined)?.tasks === undefined,
        'server/discover still declares the 2025-11-25 capabilities.tasks beside the extension',
      ),
    );
    return checks;
  },
};

export const TASKS_EXTENSION_SCENARIOS: readonly ServerScenario[] = [tasksSurface];
