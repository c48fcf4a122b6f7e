// Every schema module imports zod through this one module: bundlers (zod external) then emit one
// `import * as z from "zod"` for all of them instead of one per module (about 200 gzipped bytes of
// a server bundle).
export * as z from 'zod';
