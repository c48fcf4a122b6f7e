import { sampleArguments } from '../matrix/interop-script.js';
import type { CheckOutcome } from '../types.js';
import {
  brief,
  cachedList,
  check,
  expectError,
  fail,
  notApplicable,
  pass,
  resultOf,
  type ServerScenario,
} from './scenario.js';
import type { JsonObject } from './wire.js';

// One scenario per feature the server declares; a feature it does not declare is not applicable.

const lifecycle: ServerScenario = {
  id: 'lifecycle-handshake',
  description: 'initialize (or server/discover) answers with the revision, capabilities and server info',
  async run({ session, revision }) {
    const result = resultOf(session.handshake);
    if (result === undefined) return [fail('handshake', `the handshake failed: ${brief(session.handshake)}`)];
    const checks: CheckOutcome[] = [
      check(
        'capabilities',
        typeof result.capabilities === 'object' && result.capabilities !== null,
        `no capabilities object: ${brief(result)}`,
      ),
    ];
    if (revision === '2026-07-28') {
      checks.push(
        check(
          'supported-versions',
          Array.isArray(result.supportedVersions),
          `server/discover has no supportedVersions: ${brief(result)}`,
        ),
      );
    } else {
      checks.push(
        check(
          'protocol-version',
          result.protocolVersion === revision,
          `asked for ${revision}, the server answered ${brief(result.protocolVersion)}`,
        ),
      );
      const info = result.serverInfo as JsonObject | undefined;
      checks.push(
        check(
          'server-info',
          typeof info?.name === 'string' && typeof info?.version === 'string',
          `serverInfo needs name and version: ${brief(info)}`,
        ),
      );
    }
    return checks;
  },
};

const ping: ServerScenario = {
  id: 'ping',
  description: 'ping answers with an empty result',
  // 2026-07-28 removed ping.
  revisions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
  async run({ session }) {
    const response = await session.call('ping');
    const result = resultOf(response);
    return [
      check('ping', result !== undefined && typeof result === 'object', `ping failed: ${brief(response)}`),
    ];
  },
};

const toolsList: ServerScenario = {
  id: 'tools-list',
  description: 'tools/list pages through every tool; names unique; each has an object input schema',
  async run(context) {
    const listed = await cachedList(context, 'tools', 'tools/list', 'tools');
    if (listed === undefined) return [notApplicable('tools', 'the server declares no tools capability')];
    if (listed.error) return [fail('tools-list', listed.error)];
    const names = listed.items.map((tool) => tool.name);
    const badSchemas = listed.items.filter(
      (tool) => (tool.inputSchema as JsonObject | undefined)?.type !== 'object',
    );
    return [
      pass('tools-list', `${listed.items.length} tools in ${listed.pages} page(s)`),
      check(
        'tool-names-unique',
        new Set(names).size === names.length,
        `duplicate tool names: ${brief(names)}`,
      ),
      check(
        'tool-input-schemas',
        badSchemas.length === 0,
        `inputSchema.type must be "object": ${brief(badSchemas.map((t) => t.name))}`,
      ),
    ];
  },
};

const toolsCall: ServerScenario = {
  id: 'tools-call',
  description: 'calling a tool with arguments from its schema gives a CallToolResult with content',
  async run(context) {
    const listed = await cachedList(context, 'tools', 'tools/list', 'tools');
    if (listed === undefined) return [notApplicable('tools-call', 'the server declares no tools capability')];
    const tool =
      listed.items.find((t) => t.name === 'echo') ??
      listed.items.find(
        (t) =>
          (((t.inputSchema as JsonObject | undefined)?.required as unknown[] | undefined)?.length ?? 0) === 0,
      ) ??
      listed.items[0];
    if (tool === undefined) return [notApplicable('tools-call', 'the server lists no tools')];
    const response = await context.session.call('tools/call', {
      name: tool.name as string,
      arguments: sampleArguments(tool.inputSchema),
    });
    const result = resultOf(response);
    if (result === undefined)
      return [fail('tools-call', `tools/call ${String(tool.name)} failed: ${brief(response)}`)];
    if (result.resultType === 'input_required')
      return [pass('tools-call', `${String(tool.name)} asked for input (input_required)`)];
    return [
      check(
        'tools-call',
        Array.isArray(result.content),
        `tools/call ${String(tool.name)}: result has no content array: ${brief(result)}`,
        `called ${String(tool.name)}`,
      ),
    ];
  },
};

const toolsCallUnknown: ServerScenario = {
  id: 'tools-call-unknown-tool',
  description: 'calling an unknown tool is a -32602 protocol error',
  async run(context) {
    if (context.session.capabilities.tools === undefined)
      return [notApplicable('unknown-tool', 'no tools capability')];
    const response = await context.session.call('tools/call', {
      name: 'mcpkit-conformance-no-such-tool',
      arguments: {},
    });
    if (resultOf(response)?.isError === true) {
      return [
        pass(
          'unknown-tool',
          'warning: an isError result; the spec lists unknown tools as a -32602 protocol error',
        ),
      ];
    }
    return [expectError('unknown-tool', response, [-32602], 'tools/call of an unknown tool')];
  },
};

const resourcesRead: ServerScenario = {
  id: 'resources-read',
  description: 'resources/list pages through every resource; reading one gives contents for its URI',
  async run(context) {
    const listed = await cachedList(context, 'resources', 'resources/list', 'resources');
    if (listed === undefined)
      return [notApplicable('resources', 'the server declares no resources capability')];
    if (listed.error) return [fail('resources-list', listed.error)];
    const first = listed.items[0];
    const checks: CheckOutcome[] = [
      pass('resources-list', `${listed.items.length} resources in ${listed.pages} page(s)`),
    ];
    if (first === undefined)
      return [...checks, notApplicable('resources-read', 'the server lists no resources')];
    const response = await context.session.call('resources/read', { uri: first.uri as string });
    const result = resultOf(response);
    const contents = result?.contents as JsonObject[] | undefined;
    checks.push(
      check(
        'resources-read',
        Array.isArray(contents) && contents.length > 0 && contents.every((c) => typeof c.uri === 'string'),
        `resources/read ${String(first.uri)}: expected non-empty contents with URIs, got ${brief(response)}`,
      ),
    );
    return checks;
  },
};

const resourcesReadUnknown: ServerScenario = {
  id: 'resources-read-unknown',
  description: 'reading an unknown resource is the not-found error, not empty contents',
  async run({ session, revision }) {
    if (session.capabilities.resources === undefined)
      return [notApplicable('unknown-resource', 'no resources capability')];
    const response = await session.call('resources/read', { uri: 'mcpkit-conformance://no/such/resource' });
    const codes = revision === '2026-07-28' ? [-32602] : [-32002, -32602];
    return [expectError('unknown-resource', response, codes, 'resources/read of an unknown URI')];
  },
};

const templatesList: ServerScenario = {
  id: 'resources-templates-list',
  description: 'resources/templates/list pages through every template, each with a uriTemplate',
  async run(context) {
    const listed = await cachedList(context, 'resources', 'resources/templates/list', 'resourceTemplates');
    if (listed === undefined) return [notApplicable('templates', 'no resources capability')];
    if (listed.error) return [fail('templates-list', listed.error)];
    const bad = listed.items.filter((t) => typeof t.uriTemplate !== 'string');
    return [
      check(
        'templates-list',
        bad.length === 0,
        `templates without uriTemplate: ${brief(bad)}`,
        `${listed.items.length} templates`,
      ),
    ];
  },
};

const promptsGet: ServerScenario = {
  id: 'prompts-get',
  description:
    'prompts/list pages through every prompt; getting one gives messages; an unknown one is -32602',
  async run(context) {
    const listed = await cachedList(context, 'prompts', 'prompts/list', 'prompts');
    if (listed === undefined) return [notApplicable('prompts', 'the server declares no prompts capability')];
    if (listed.error) return [fail('prompts-list', listed.error)];
    const checks: CheckOutcome[] = [pass('prompts-list', `${listed.items.length} prompts`)];
    const first = listed.items[0];
    if (first === undefined) checks.push(notApplicable('prompts-get', 'the server lists no prompts'));
    else {
      const args: Record<string, string> = {};
      for (const argument of (first.arguments as JsonObject[] | undefined) ?? []) {
        if (argument.required) args[argument.name as string] = 'conformance';
      }
      const response = await context.session.call('prompts/get', {
        name: first.name as string,
        arguments: args,
      });
      const result = resultOf(response);
      checks.push(
        check(
          'prompts-get',
          Array.isArray(result?.messages),
          `prompts/get ${String(first.name)}: no messages array: ${brief(response)}`,
        ),
      );
    }
    const unknown = await context.session.call('prompts/get', { name: 'mcpkit-conformance-no-such-prompt' });
    checks.push(expectError('unknown-prompt', unknown, [-32602], 'prompts/get of an unknown prompt'));
    return checks;
  },
};

const completion: ServerScenario = {
  id: 'completion-complete',
  description: 'completion/complete on a prompt argument gives a values array',
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
  async run(context) {
    if (context.session.capabilities.completions === undefined)
      return [notApplicable('completion', 'no completions capability')];
    const prompts = await cachedList(context, 'prompts', 'prompts/list', 'prompts');
    const prompt = prompts?.items.find((p) => ((p.arguments as unknown[] | undefined)?.length ?? 0) > 0);
    if (prompt === undefined) return [notApplicable('completion', 'no prompt with arguments to complete')];
    const argument = ((prompt.arguments as JsonObject[])[0]?.name as string) ?? '';
    const response = await context.session.call('completion/complete', {
      ref: { type: 'ref/prompt', name: prompt.name as string },
      argument: { name: argument, value: '' },
    });
    const values = (resultOf(response)?.completion as JsonObject | undefined)?.values;
    return [
      check(
        'completion',
        Array.isArray(values),
        `completion/complete: no completion.values array: ${brief(response)}`,
      ),
    ];
  },
};

const logging: ServerScenario = {
  id: 'logging-set-level',
  description: 'logging/setLevel answers with an empty result',
  revisions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
  async run({ session }) {
    if (session.capabilities.logging === undefined)
      return [notApplicable('logging', 'no logging capability')];
    const response = await session.call('logging/setLevel', { level: 'warning' });
    return [
      check('set-level', resultOf(response) !== undefined, `logging/setLevel failed: ${brief(response)}`),
    ];
  },
};

const subscriptions: ServerScenario = {
  id: 'resources-subscribe',
  description: 'resources/subscribe and unsubscribe on a listed resource answer with empty results',
  revisions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
  async run(context) {
    const capability = context.session.capabilities.resources as JsonObject | undefined;
    if (capability?.subscribe !== true)
      return [notApplicable('subscribe', 'resources.subscribe is not declared')];
    const listed = await cachedList(context, 'resources', 'resources/list', 'resources');
    const uri = listed?.items[0]?.uri as string | undefined;
    if (uri === undefined) return [notApplicable('subscribe', 'no resource to subscribe to')];
    const subscribed = await context.session.call('resources/subscribe', { uri });
    const unsubscribed = await context.session.call('resources/unsubscribe', { uri });
    return [
      check(
        'subscribe',
        resultOf(subscribed) !== undefined,
        `resources/subscribe ${uri}: ${brief(subscribed)}`,
      ),
      check(
        'unsubscribe',
        resultOf(unsubscribed) !== undefined,
        `resources/unsubscribe ${uri}: ${brief(unsubscribed)}`,
      ),
    ];
  },
};

const pagination: ServerScenario = {
  id: 'pagination-bad-cursor',
  description: 'a list request with a cursor the server never issued is rejected with -32602',
  async run(context) {
    const method = ['tools', 'resources', 'prompts'].find(
      (c) => context.session.capabilities[c] !== undefined,
    );
    if (method === undefined) return [notApplicable('bad-cursor', 'no list capability')];
    const response = await context.session.call(`${method}/list`, {
      cursor: 'mcpkit-conformance-bogus-cursor',
    });
    if (resultOf(response) !== undefined) {
      // The spec says SHOULD, so ignoring a bad cursor is a warning, not a failure.
      return [
        pass('bad-cursor', `warning: ${method}/list accepted a cursor it never issued (SHOULD be -32602)`),
      ];
    }
    return [expectError('bad-cursor', response, [-32602], `${method}/list with a bogus cursor`)];
  },
};

export const FEATURE_SCENARIOS: readonly ServerScenario[] = [
  lifecycle,
  ping,
  toolsList,
  toolsCall,
  toolsCallUnknown,
  resourcesRead,
  resourcesReadUnknown,
  templatesList,
  promptsGet,
  completion,
  logging,
  subscriptions,
  pagination,
];
