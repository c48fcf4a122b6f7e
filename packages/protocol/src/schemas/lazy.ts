// Schemas built on first use. Importing this package used to build every one of its ~600 zod
// schema objects at once (about a tenth of a stdio server's startup), while a server reads a few
// dozen of them. Each top-level schema is now a stand-in that builds the real schema the first time
// anything touches it and forwards every operation to it from then on, so `import { XSchema }`,
// `XSchema.parse`, `.extend`, `.shape`, `instanceof z.ZodObject` and composition keep working.

/** A stand-in's proxy target: how to build the value, and the value once built. */
interface StandIn {
  build: () => object;
  value?: object;
}

const builtValue = (standIn: StandIn): object => (standIn.value ??= standIn.build());

// Asks a stand-in for the value itself (see `built`).
const BUILT = Symbol('built');

// One handler shared by every stand-in (no closures per schema).
const forward: ProxyHandler<StandIn> = {
  get: (standIn, key) =>
    key === BUILT ? builtValue(standIn) : (builtValue(standIn) as Record<PropertyKey, unknown>)[key],
  // A proxy may report a non-configurable property only when its target has one, and the target
  // here is the stand-in: report the forwarded properties as configurable.
  getOwnPropertyDescriptor: (standIn, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(builtValue(standIn), key);
    return descriptor && { ...descriptor, configurable: true };
  },
};
for (const trap of ['set', 'has', 'ownKeys', 'defineProperty', 'deleteProperty', 'getPrototypeOf'] as const) {
  const reflect = Reflect[trap] as (target: object, key?: unknown, value?: unknown) => never;
  forward[trap] = (standIn: StandIn, key?: unknown, value?: unknown) =>
    reflect(builtValue(standIn), key, value);
}

/**
 * `build()`'s value, built on first use: a stand-in that calls `build` once, on the first property
 * read, `in` test, key listing or prototype lookup, and forwards all of them to the value. The
 * stand-in is not the same object as the value, so tables keyed by object identity see the
 * stand-in (which is what every importer holds).
 */
export function lazy<T extends object>(build: () => T): T {
  return new Proxy({ build }, forward) as unknown as T;
}

/**
 * The value behind a stand-in (built now if it was not), or `schema` itself when it is no stand-in.
 * Schemas composed from others take their values: each operation through a stand-in costs a proxy
 * trap, and a composed schema's parse would pay it for every nested schema on every call.
 */
export function built<T>(schema: T): T {
  return (schema as { [BUILT]?: T })[BUILT] ?? schema;
}
