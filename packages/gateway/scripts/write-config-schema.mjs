// Writes config.schema.json from the configuration's zod schemas (run after building the package);
// src/config.test.ts fails while the file differs from them.
import { writeFileSync } from 'node:fs';
import { gatewayConfigJsonSchema } from '../dist/index.js';

writeFileSync(
  new URL('../config.schema.json', import.meta.url),
  `${JSON.stringify(gatewayConfigJsonSchema(), null, 2)}\n`,
);
