import { setJsonSchemaValidatorFactory } from '@mcpkit/protocol';
import { jsonSchemaValidator } from '@mcpkit/protocol/json-schema';
import { afterAll, beforeAll } from 'vitest';

/**
 * For test files that register raw JSON Schema: installs the built-in validator for the file, as
 * an application does once at startup (the server refuses raw schemas without one).
 */
export function useBuiltInJsonSchemaValidator(): void {
  beforeAll(() => setJsonSchemaValidatorFactory(jsonSchemaValidator));
  afterAll(() => setJsonSchemaValidatorFactory(undefined));
}
