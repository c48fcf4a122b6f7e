// The Host header is the authority of the URL the adapter builds the Request from. A value that
// is no `host[:port]` (userinfo, spaces, an unclosed `[`, a port past 65535) is the client's
// fault: it gets 400 here, before the URL is built, instead of a 500 from `new Request` or a
// silent fallback to `localhost`.

/** RFC 3986 `host [":" port]`: an IP literal or reg-name/IPv4 characters, then optional digits. */
const HOST_AND_PORT = /^(?:\[[0-9A-Za-z:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::(\d*))?$/;

/** Why a Host header value is malformed, or undefined when it is a usable `host[:port]` (or absent). */
export function malformedHostReason(host: string | undefined): string | undefined {
  // HTTP/1.0 may omit Host (node:http refuses HTTP/1.1 without one); the handler decides then.
  if (host === undefined) return undefined;
  const shown = JSON.stringify(host.length > 100 ? `${host.slice(0, 100)}…` : host);
  if (host === '') return 'malformed Host header: it is empty; expected host[:port]';
  if (host.includes('@'))
    return `malformed Host header ${shown}: userinfo ("…@") is not allowed; expected host[:port]`;
  const match = HOST_AND_PORT.exec(host);
  if (match === null) return `malformed Host header ${shown}: expected host[:port]`;
  const port = match[1];
  if (port !== undefined && port !== '' && Number(port) > 65_535)
    return `malformed Host header ${shown}: port ${port} is out of range (0-65535)`;
  // The WHATWG parser is what builds the Request URL: refuse what it cannot parse (e.g. "%zz").
  if (!URL.canParse(`http://${host}`)) return `malformed Host header ${shown}: not a valid URL host`;
  return undefined;
}
