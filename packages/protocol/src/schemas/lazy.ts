// Schemas built on first use. Importing this package used to build every one of its ~600 zod
// schema objects at once (about a tenth of a stdio server's startup), while a server reads a few
// dozen of them. Each top-level schema is now a stand-in that builds the real schema the first time
// anything touches it and forwards every operation to it from then on, so `import { XSchema }`,
// `XSchema.parse`, `.extend`, `.shape`, `instanceof z.ZodObject` and composition keep working.

/**
 * `build()`'s value, built on first use: a stand-in object that calls `build` once, on the first
 * property read, `in` test, key listing or prototype lookup, and forwards all of them to the result.
 * The stand-in is a different object than the value it forwards to, so identity-keyed tables must
 * be keyed by the stand-in (what every importer holds).
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const value = (): T => {
    if (built === undefined) built = build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key),
    set: (_, key, next) => Reflect.set(value(), key, next),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // The stand-in's own (empty) target cannot back a non-configurable property, which a proxy may
    // only report when its target has it: report the forwarded properties as configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}
