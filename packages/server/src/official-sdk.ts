// Every export of this file is public API of @mcpkit/server/official-sdk: code written for the
// official SDK (registerTool / registerResource / registerPrompt, ResourceTemplate) on mcpkit.

export type {
  OfficialCompleteCallback,
  OfficialHandleBase,
  OfficialListResourcesCallback,
  OfficialLoosePromptConfig,
  OfficialLooseRegisteredResourceTemplate,
  OfficialLooseToolConfig,
  OfficialPromptCallback,
  OfficialPromptConfig,
  OfficialPromptUpdate,
  OfficialReadResourceCallback,
  OfficialReadTemplateCallback,
  OfficialRegisteredPrompt,
  OfficialRegisteredResource,
  OfficialRegisteredResourceTemplate,
  OfficialRegisteredTool,
  OfficialResourceMetadata,
  OfficialResourceTemplateLike,
  OfficialResourceTemplateUpdate,
  OfficialResourceUpdate,
  OfficialToolCallback,
  OfficialToolConfig,
  OfficialToolUpdate,
} from './compat/official-compat.js';
export { ResourceTemplate } from './compat/official-compat.js';
export type { OfficialHandlerExtra, OfficialNotification, OfficialRequest } from './compat/official-extra.js';
export { McpServer } from './compat/official-server.js';
