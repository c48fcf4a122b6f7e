import type { PromptArgsInput } from '../registry/prompts.js';
import type { SchemaInput } from '../schema/compile-schema.js';
import { McpServer as BaseMcpServer } from '../server.js';
import type {
  OfficialLoosePromptConfig,
  OfficialLooseRegisteredResourceTemplate,
  OfficialLooseToolConfig,
  OfficialPromptCallback,
  OfficialPromptConfig,
  OfficialReadResourceCallback,
  OfficialReadTemplateCallback,
  OfficialRegisteredPrompt,
  OfficialRegisteredResource,
  OfficialRegisteredResourceTemplate,
  OfficialRegisteredTool,
  OfficialResourceMetadata,
  OfficialResourceTemplateLike,
  OfficialToolCallback,
  OfficialToolConfig,
} from './official-compat.js';
import {
  registerOfficialPrompt,
  registerOfficialResource,
  registerOfficialTool,
} from './official-register.js';

/**
 * mcpkit's `McpServer` with the official SDK's `registerTool`, `registerResource` and
 * `registerPrompt` (`@mcpkit/server/official-sdk`): code and helper libraries written for the official
 * SDK run on it unchanged. An entry of its own so that servers that do not use the aliases do not
 * bundle them; everything else is the `McpServer` of `@mcpkit/server`, which it extends.
 */
export class McpServer<TState = undefined> extends BaseMcpServer<TState> {
  /**
   * The official SDK's `registerTool`: `inputSchema` types `(args, extra)`, without one the callback
   * gets `(extra)`; returns the official-shaped handle. An alias of `tool()`.
   */
  registerTool<I extends SchemaInput | undefined = undefined, O extends SchemaInput | undefined = undefined>(
    name: string,
    config: OfficialToolConfig<I, O>,
    callback: OfficialToolCallback<I, TState>,
  ): OfficialRegisteredTool<TState>;
  /** The form helper libraries typed against the official SDK's own types reach; checked at run time. */
  registerTool(
    name: string,
    config: OfficialLooseToolConfig,
    callback: (...args: any[]) => unknown,
  ): OfficialRegisteredTool<TState>;
  registerTool(
    name: string,
    config: OfficialToolConfig<any, any> | OfficialLooseToolConfig,
    callback: OfficialToolCallback<any, TState> | ((...args: any[]) => unknown),
  ): OfficialRegisteredTool<TState> {
    return registerOfficialTool(this, name, config, callback);
  }

  /**
   * The official SDK's `registerResource`: a fixed URI or a `ResourceTemplate`; the read callback gets
   * the URI as a `URL`. An alias of `resource()` / `resourceTemplate()`.
   */
  registerResource(
    name: string,
    uri: string,
    metadata: OfficialResourceMetadata,
    read: OfficialReadResourceCallback<TState>,
  ): OfficialRegisteredResource<TState>;
  registerResource(
    name: string,
    template: OfficialResourceTemplateLike,
    metadata: OfficialResourceMetadata,
    read: OfficialReadTemplateCallback<TState>,
  ): OfficialRegisteredResourceTemplate<TState>;
  /** The forms helper libraries typed against the official SDK's own types reach; checked at run time. */
  registerResource(
    name: string,
    uri: string,
    metadata: OfficialResourceMetadata,
    read: (...args: any[]) => unknown,
  ): OfficialRegisteredResource<TState>;
  registerResource(
    name: string,
    template: OfficialResourceTemplateLike,
    metadata: OfficialResourceMetadata,
    read: (...args: any[]) => unknown,
  ): OfficialLooseRegisteredResourceTemplate<TState>;
  registerResource(
    name: string,
    uriOrTemplate: string | OfficialResourceTemplateLike,
    metadata: OfficialResourceMetadata,
    read: (...args: any[]) => unknown,
  ): OfficialRegisteredResource<TState> | OfficialRegisteredResourceTemplate<TState> {
    return registerOfficialResource(this, name, uriOrTemplate, metadata, read as never);
  }

  /** The official SDK's `registerPrompt`: `argsSchema` as `arguments`. An alias of `prompt()`. */
  registerPrompt<A extends PromptArgsInput | undefined = undefined>(
    name: string,
    config: OfficialPromptConfig<A>,
    callback: OfficialPromptCallback<A, TState>,
  ): OfficialRegisteredPrompt<TState>;
  /** The form helper libraries typed against the official SDK's own types reach; checked at run time. */
  registerPrompt(
    name: string,
    config: OfficialLoosePromptConfig,
    callback: (...args: any[]) => unknown,
  ): OfficialRegisteredPrompt<TState>;
  registerPrompt(
    name: string,
    config: OfficialPromptConfig<any> | OfficialLoosePromptConfig,
    callback: (...args: any[]) => unknown,
  ): OfficialRegisteredPrompt<TState> {
    return registerOfficialPrompt(this, name, config, callback);
  }
}
