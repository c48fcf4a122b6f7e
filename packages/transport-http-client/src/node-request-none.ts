// What `#node-request` resolves to outside Node (browsers, workers, bundles for them): no undici
// path, so fetch is used and none of the Node path's code is bundled (package.json "imports").
import type { FetchLike } from './fetch.js';

export function nodeFetch(): FetchLike | undefined {
  return undefined;
}
