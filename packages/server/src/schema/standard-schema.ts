// Standard Schema (https://standardschema.dev) and Standard JSON Schema, version 1, declared here
// from the published interfaces. The specs are meant to be written into a consumer as types, so
// the server depends on no package for them; any library that implements both (zod 4.2+,
// valibot through `toStandardJsonSchema`, arktype) is accepted wherever a zod schema is.

/** A path segment of a Standard Schema issue: a key, or an object carrying one. */
export type StandardPathSegment = PropertyKey | { readonly key: PropertyKey };

/** One problem a Standard Schema found: what was wrong, and where. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<StandardPathSegment> | undefined;
}

/** What a Standard Schema's `validate` returns: the (possibly transformed) value, or the issues. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** The `~standard` properties of a Standard Schema v1. */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
  readonly version: 1;
  /** The library's name, e.g. `zod`, `valibot`, `arktype`. */
  readonly vendor: string;
  /** Checks a value: the (possibly transformed) value, or the issues found. */
  readonly validate: (
    value: unknown,
    options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
  ) => StandardResult<Output> | Promise<StandardResult<Output>>;
  /** Carries the input and output types for inference only; never read at run time. */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/** A Standard Schema v1: anything with validating `~standard` properties. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output>;
}

/** Options of a Standard JSON Schema conversion; the server always asks for `draft-2020-12`. */
export interface StandardJsonSchemaOptions {
  readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** Standard JSON Schema v1's converter: the JSON Schema of the input or the output side. */
export interface StandardJsonSchemaConverter {
  /** The JSON Schema of what the schema accepts. */
  readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
  /** The JSON Schema of what the schema produces after its transforms. */
  readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
}

/**
 * A Standard Schema that also implements Standard JSON Schema (`~standard.jsonSchema`): it can
 * validate arguments and describe them to clients, which is what an MCP schema must do.
 */
export interface StandardSchemaWithJson<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output> & {
    readonly jsonSchema: StandardJsonSchemaConverter;
  };
}

/** The output type a Standard Schema declares (`~standard.types.output`). */
export type InferStandardOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];

/**
 * Gives a Standard Schema that has no JSON Schema conversion of its own (zod 3, or any other
 * library without Standard JSON Schema) the JSON Schema to advertise, e.g. one made by a
 * converter for that library or written by hand. The schema still validates; `jsonSchema` is
 * what clients see for both the input and the output side, so keep the two in agreement.
 */
export function withJsonSchema<Input, Output>(
  schema: StandardSchemaV1<Input, Output>,
  // `object`, not a record: converters type their JSON Schema as interfaces, which have no index signature.
  jsonSchema: object,
): StandardSchemaWithJson<Input, Output> {
  const props = schema['~standard'];
  if (typeof props?.validate !== 'function') {
    throw new TypeError('withJsonSchema: expected a Standard Schema (an object with ~standard.validate)');
  }
  if (typeof jsonSchema !== 'object' || jsonSchema === null || Array.isArray(jsonSchema)) {
    const got = Array.isArray(jsonSchema) ? 'an array' : jsonSchema === null ? 'null' : typeof jsonSchema;
    throw new TypeError(`withJsonSchema: expected a JSON Schema object, got ${got}`);
  }
  const convert = () => jsonSchema as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: props.vendor,
      // Called through the original properties: a library's validate may rely on `this`.
      validate: (value, options) => props.validate(value, options),
      jsonSchema: { input: convert, output: convert },
    },
  };
}
