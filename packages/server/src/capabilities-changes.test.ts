// The server keeps its capabilities between requests; a registration or removal after connect must
// still change what it declares and answers.
import { describe, expect, it } from 'vitest';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';

describe('capabilities after connect', () => {
  it('follow tools, resources, templates and prompts registered and removed while connected', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const { request } = await connect(server);
    expect(server.capabilities()).toEqual({ logging: {} });
    await expect(request('tools/list')).rejects.toThrow(/tools\/list/);

    const tool = server.tool('echo', {}, () => 'x');
    expect(server.capabilities().tools).toEqual({ listChanged: true });
    expect((await request('tools/list')).tools).toHaveLength(1);
    const resource = server.resource('note://1', { name: 'note' }, () => 'x');
    expect(server.capabilities().resources).toBeDefined();
    const prompt = server.prompt('p', {}, () => '');
    expect(server.capabilities().prompts).toBeDefined();

    tool.remove();
    expect(server.capabilities().tools).toBeUndefined();
    await expect(request('tools/list')).rejects.toThrow(/tools\/list/);
    resource.remove();
    expect(server.capabilities().resources).toBeUndefined();
    const template = server.resourceTemplate('notes://{id}', { name: 'notes' }, () => 'x');
    expect(server.capabilities().resources).toBeDefined();
    template.remove();
    prompt.remove();
    expect(server.capabilities()).toEqual({ logging: {} });
  });
});
