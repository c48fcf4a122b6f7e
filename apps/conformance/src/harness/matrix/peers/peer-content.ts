/** The resource every matrix peer server exposes, so every client has something to read. */
export const PEER_RESOURCE_URI = 'interop://greeting';
export const PEER_GREETING = 'Hello from an interop peer.';
