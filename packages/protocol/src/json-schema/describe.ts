// One line for a failed JSON Schema validation: the deepest failing keyword names the real cause.
// It sits beside the factory because installing a validator is what brings it into a bundle.

/** Keywords whose failure only says "something below failed". */
const CONTAINER_KEYWORDS = new Set([
  'properties',
  'items',
  'prefixItems',
  '$ref',
  '$dynamicRef',
  'allOf',
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'dependentSchemas',
  'contains',
]);

/**
 * The validator reports every failing keyword from the root down; the deepest leaf keyword is
 * the real cause (the root's "property does not match" only repeats it).
 */
export function describeJsonSchemaErrors(
  errors: readonly { instanceLocation: string; keyword: string; error: string }[],
): string {
  let best: (typeof errors)[number] | undefined;
  const score = (error: (typeof errors)[number]) =>
    error.instanceLocation.length * 2 + (CONTAINER_KEYWORDS.has(error.keyword) ? 0 : 1);
  for (const error of errors) {
    if (best === undefined || score(error) > score(best)) best = error;
  }
  if (best === undefined) return 'value does not match the schema';
  const path = best.instanceLocation.replace(/^#\/?/, '').replaceAll('/', '.') || '(root)';
  return `${path}: ${best.error.replace(/\.$/, '')} (keyword '${best.keyword}')`;
}
