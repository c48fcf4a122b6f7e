import { z } from 'zod';
import { echoShape, progressShape } from './zod-fixtures.js';

// The startup floor: the raw stdio server after doing what every SDK server in this bench does
// before it can answer — load zod, build the tools' zod shapes and convert them to JSON Schema.
// What an SDK's startup adds to this is the SDK's own cost. The answers are the raw handler's, whose
// hand-written schemas are the converted ones minus descriptions and keywords: a few bytes shorter.

for (const shape of [echoShape, progressShape]) z.toJSONSchema(z.object(shape));
await import('./raw-stdio.js');
