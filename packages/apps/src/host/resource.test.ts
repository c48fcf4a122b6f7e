import type { ReadResourceResult } from '@mcpkit/protocol/essentials';
import { describe, expect, it } from 'vitest';
import { UI_RESOURCE_MIME_TYPE } from '../index.js';
import { readAppResource } from './resource.js';

const URI = 'ui://counter/app.html';
const clientReturning = (result: ReadResourceResult) => ({ readResource: async () => result });

describe('readAppResource', () => {
  it('reads the HTML from text or from a base64 blob (UTF-8), with the content _meta.ui', async () => {
    const meta = { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } };
    expect(
      await readAppResource(
        clientReturning({
          contents: [{ uri: URI, mimeType: UI_RESOURCE_MIME_TYPE, text: '<p>hi</p>', _meta: meta }],
        }),
        URI,
      ),
    ).toEqual({ uri: URI, html: '<p>hi</p>', meta: meta.ui });
    const blob = Buffer.from('<p>Grüße ✓</p>', 'utf8').toString('base64');
    expect(
      await readAppResource(
        clientReturning({ contents: [{ uri: URI, mimeType: UI_RESOURCE_MIME_TYPE, blob }] }),
        URI,
      ),
    ).toEqual({ uri: URI, html: '<p>Grüße ✓</p>', meta: {} });
  });

  it('refuses what is not an app resource, saying why', async () => {
    await expect(
      readAppResource(clientReturning({ contents: [] }), 'https://x.example/app.html'),
    ).rejects.toThrow('an app resource URI must start with ui://, got "https://x.example/app.html"');
    await expect(readAppResource(clientReturning({ contents: [] }), URI)).rejects.toThrow(
      `resources/read of ${URI} returned no contents`,
    );
    await expect(
      readAppResource(clientReturning({ contents: [{ uri: URI, mimeType: 'text/html', text: '' }] }), URI),
    ).rejects.toThrow(
      `resources/read of ${URI} returned mimeType "text/html"; an app resource must be ${UI_RESOURCE_MIME_TYPE}`,
    );
    await expect(
      readAppResource(
        clientReturning({
          contents: [
            {
              uri: URI,
              mimeType: UI_RESOURCE_MIME_TYPE,
              text: '',
              _meta: { ui: { csp: { connectDomains: 'x' } } },
            },
          ],
        }),
        URI,
      ),
    ).rejects.toThrow(
      `resources/read of ${URI}: _meta.ui.csp.connectDomains: expected an array of strings, got string`,
    );
  });
});
