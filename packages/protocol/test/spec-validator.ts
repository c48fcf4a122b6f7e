// Validates a value against one type of a revision's own schema.json (the spec's source of truth),
// so our zod schemas can be compared with it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { readJson, referenceDir } from './reference.js';

interface SchemaDocument {
  $schema?: string;
  $defs?: Record<string, SpecDefinition>;
  definitions?: Record<string, SpecDefinition>;
}
interface SpecDefinition {
  properties?: { method?: { const?: string } };
}

const documents = new Map<string, SchemaDocument>();

function documentOf(revision: string): SchemaDocument {
  let document = documents.get(revision);
  if (!document) {
    const spec = join(referenceDir(), 'spec', revision);
    const nested = join(spec, 'schema', 'schema.json');
    document = readJson(existsSync(nested) ? nested : join(spec, 'schema.json')) as SchemaDocument;
    documents.set(revision, document);
  }
  return document;
}

/** The names of a revision's spec types. */
export function specTypeNames(revision: string): string[] {
  const document = documentOf(revision);
  return Object.keys(document.$defs ?? document.definitions ?? {});
}

/** The spec type whose `method` is this constant (e.g. `tools/call` -> `CallToolRequest`). */
export function specTypeForMethod(
  revision: string,
  method: string,
  suffix: 'Request' | 'Notification',
): string | undefined {
  const document = documentOf(revision);
  const definitions = document.$defs ?? document.definitions ?? {};
  return Object.keys(definitions).find(
    (name) => name.endsWith(suffix) && definitions[name]?.properties?.method?.const === method,
  );
}

const validators = new Map<string, Validator>();

/** Whether `value` is valid against the spec type `typeName` of `revision`. */
export function isValidPerSpec(revision: string, typeName: string, value: unknown): boolean {
  const key = `${revision}/${typeName}`;
  let validator = validators.get(key);
  if (!validator) {
    const document = documentOf(revision);
    const modern = document.$defs !== undefined;
    const root = modern
      ? { $ref: `#/$defs/${typeName}`, $defs: document.$defs }
      : { $ref: `#/definitions/${typeName}`, definitions: document.definitions };
    validator = new Validator(root as never, modern ? '2020-12' : '7', false);
    validators.set(key, validator);
  }
  return validator.validate(value).valid;
}
