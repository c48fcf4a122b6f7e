import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { ElicitRequestFormParams } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { applyElicitationDefaults, finishFormAnswer, validateElicitationContent } from './elicitation.js';
import { ServerRequestResponder } from './server-requests.js';

const schema: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    colors: { type: 'array', items: { type: 'string', enum: ['red', 'blue'] }, default: ['red'] },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    email: { type: 'string', format: 'email' },
  },
  required: ['name'],
};

describe('applyElicitationDefaults', () => {
  it('fills only missing fields that have a default, without touching the input', () => {
    const content = { name: 'Ada' };
    const filled = applyElicitationDefaults(schema, content);
    expect(filled).toEqual({ name: 'Ada', colors: ['red'] });
    expect(content).toEqual({ name: 'Ada' });
    (filled.colors as string[]).push('blue');
    expect((schema.properties.colors as { default: string[] }).default).toEqual(['red']);
  });
});

describe('validateElicitationContent', () => {
  it('checks enums, titled options, formats and required fields', () => {
    expect(
      validateElicitationContent(schema, { name: 'A', colors: ['blue'], size: 'l', email: 'a@b.co' }),
    ).toEqual([]);
    expect(validateElicitationContent(schema, { name: 'A', colors: ['green'] }).join()).toMatch(
      /\/colors\/0/,
    );
    expect(validateElicitationContent(schema, { name: 'A', size: 'xl' }).join()).toMatch(/\/size/);
    expect(validateElicitationContent(schema, { name: 'A', email: 'not-an-email' }).join()).toMatch(
      /\/email/,
    );
    expect(validateElicitationContent(schema, {}).join()).toMatch(/name/);
  });
});

describe('finishFormAnswer', () => {
  const params: ElicitRequestFormParams = { message: 'Details?', requestedSchema: schema };

  it('treats an accept without content as empty content', () => {
    expect(finishFormAnswer(params, { action: 'accept' }, true, true)).toEqual({
      action: 'accept',
      content: { name: 'John Doe', colors: ['red'] },
    });
  });

  it('throws a JsonRpcError quoting the message when the answer is invalid', () => {
    expect(() => finishFormAnswer(params, { action: 'accept', content: {} }, false, true)).toThrow(
      JsonRpcError,
    );
    expect(() => finishFormAnswer(params, { action: 'accept', content: {} }, false, true)).toThrow(
      /"Details\?"/,
    );
  });

  it('passes an invalid answer through when validation is off', () => {
    expect(finishFormAnswer(params, { action: 'accept', content: { x: 1 } }, false, false)).toEqual({
      action: 'accept',
      content: { x: 1 },
    });
  });

  it('is not reached by cancel and decline: the responder drops their content', async () => {
    const responder = new ServerRequestResponder();
    let action: 'cancel' | 'decline' = 'cancel';
    responder.setElicitationHandler(() => ({ action, content: { name: 'x' } }), { applyDefaults: true });
    const ctx = { signal: new AbortController().signal, protocolVersion: '2025-11-25' };
    expect(await responder.answer('elicitation/create', { ...params }, ctx)).toStrictEqual({
      action: 'cancel',
    });
    action = 'decline';
    expect(await responder.answer('elicitation/create', { ...params }, ctx)).toStrictEqual({
      action: 'decline',
    });
  });
});
