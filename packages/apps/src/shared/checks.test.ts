import {
  McpUiHostContextSchema,
  McpUiInitializeRequestSchema,
  McpUiInitializeResultSchema,
  McpUiMessageRequestSchema,
  McpUiResourceMetaSchema,
  McpUiSizeChangedNotificationSchema,
  McpUiToolMetaSchema,
} from '@modelcontextprotocol/ext-apps';
import { describe, expect, it } from 'vitest';
import {
  checkHostContext,
  checkInitializeParams,
  checkInitializeResult,
  checkMessageParams,
  checkOpenLinkParams,
  checkSizeChangedParams,
  checkUiResourceMeta,
  checkUiToolMeta,
} from './checks.js';
import { UiMethod } from './methods.js';

// Each check agrees with the ext-apps SDK's own schemas on what is valid, and names the bad field.

const initializeParams = {
  appInfo: { name: 'app', version: '1.0.0' },
  appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
  protocolVersion: '2026-01-26',
};
const initializeResult = {
  protocolVersion: '2026-01-26',
  hostInfo: { name: 'host', version: '1.0.0' },
  hostCapabilities: { openLinks: {}, serverTools: {} },
  hostContext: { theme: 'dark', displayMode: 'inline', locale: 'en-US' },
};

describe('MCP Apps message checks', () => {
  it('accept what the ext-apps schemas accept', () => {
    expect(
      McpUiInitializeRequestSchema.safeParse({ method: UiMethod.Initialize, params: initializeParams })
        .success,
    ).toBe(true);
    expect(checkInitializeParams(initializeParams)).toBeUndefined();
    expect(McpUiInitializeResultSchema.safeParse(initializeResult).success).toBe(true);
    expect(checkInitializeResult(initializeResult)).toBeUndefined();
    const message = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
    expect(McpUiMessageRequestSchema.safeParse({ method: UiMethod.Message, params: message }).success).toBe(
      true,
    );
    expect(checkMessageParams(message)).toBeUndefined();
    const size = { width: 300, height: 200 };
    expect(
      McpUiSizeChangedNotificationSchema.safeParse({ method: UiMethod.SizeChanged, params: size }).success,
    ).toBe(true);
    expect(checkSizeChangedParams(size)).toBeUndefined();
    const resourceMeta = {
      csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
      permissions: { clipboardWrite: {} },
      domain: 'a1b2.example-host.com',
      prefersBorder: true,
    };
    expect(McpUiResourceMetaSchema.safeParse(resourceMeta).success).toBe(true);
    expect(checkUiResourceMeta(resourceMeta)).toBeUndefined();
    const toolMeta = { resourceUri: 'ui://chart/view.html', visibility: ['app'] };
    expect(McpUiToolMetaSchema.safeParse(toolMeta).success).toBe(true);
    expect(checkUiToolMeta(toolMeta)).toBeUndefined();
  });

  it('reject what the ext-apps schemas reject, naming the field', () => {
    const badContext = { theme: 'sepia' };
    expect(McpUiHostContextSchema.safeParse(badContext).success).toBe(false);
    expect(checkHostContext(badContext)).toBe('hostContext.theme: expected light or dark, got "sepia"');
    const badInitialize = { ...initializeParams, appInfo: { name: 'app' } };
    expect(
      McpUiInitializeRequestSchema.safeParse({ method: UiMethod.Initialize, params: badInitialize }).success,
    ).toBe(false);
    expect(checkInitializeParams(badInitialize)).toBe(
      'params.appInfo.version: expected a string, got undefined',
    );
    const badMessage = { role: 'assistant', content: [] };
    expect(
      McpUiMessageRequestSchema.safeParse({ method: UiMethod.Message, params: badMessage }).success,
    ).toBe(false);
    expect(checkMessageParams(badMessage)).toBe('params.role: expected user, got "assistant"');
    const badMeta = { csp: { connectDomains: 'https://api.example.com' } };
    expect(McpUiResourceMetaSchema.safeParse(badMeta).success).toBe(false);
    expect(checkUiResourceMeta(badMeta)).toBe(
      '_meta.ui.csp.connectDomains: expected an array of strings, got string',
    );
    const badVisibility = { visibility: ['user'] };
    expect(McpUiToolMetaSchema.safeParse(badVisibility).success).toBe(false);
    expect(checkUiToolMeta(badVisibility)).toBe('_meta.ui.visibility[0]: expected model or app, got "user"');
  });

  it('reject sizes and links no host can use', () => {
    expect(checkSizeChangedParams({ height: -1 })).toBe(
      'params.height: expected a finite non-negative number, got -1',
    );
    expect(checkSizeChangedParams({ width: Number.NaN })).toMatch(/^params\.width: expected a finite/);
    expect(checkOpenLinkParams({ url: 'not a url' })).toBe(
      'params.url: expected an absolute URL, got "not a url"',
    );
    expect(checkOpenLinkParams({ url: 'https://example.com/' })).toBeUndefined();
    expect(checkUiToolMeta({ resourceUri: 'https://example.com/x' })).toBe(
      '_meta.ui.resourceUri: expected a ui:// URI, got "https://example.com/x"',
    );
  });
});
