// Broken on purpose: the HTTP server never looks at Origin (the header is hidden from the security gate).
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'http',
  wrapHandler: (handler) => (request) => {
    if (!request.headers.has('origin')) return handler(request);
    const headers = new Headers(request.headers);
    headers.delete('origin');
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers,
      signal: request.signal,
    };
    if (request.body !== null) {
      init.body = request.body;
      init.duplex = 'half';
    }
    return handler(new Request(request.url, init));
  },
});
