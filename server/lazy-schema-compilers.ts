/**
 * Fastify's own JSON-schema compilers (Ajv for validation, fast-json-stringify for answers), loaded the first
 * time a route has a schema instead of when the server is created.
 *
 * Why: Fastify loads both in its factory, about 45 ms of CPU, a fifth of the studio's own start-up and all of it
 * on the main thread that Vite's start-up needs too. The studio's routes validate with zod and have no JSON
 * schema; a route that has one (a plugin's) still gets exactly the compiler Fastify would have built.
 *
 * One difference, Fastify's own: a compiler supplied this way counts as custom, so a `headers` schema is compiled
 * as written, without lower-casing its property names first. Write header names lower-case in such a schema.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

/** What Fastify resolves is what it would have loaded itself: resolve from Fastify's own folder. */
function requireFromFastify(): NodeJS.Require {
  return createRequire(createRequire(import.meta.url).resolve('fastify'));
}

/** A factory with the type Fastify declares for it (an overloaded one), which loads the real one on its first call. */
function loadedOnFirstCall<Factory>(packageName: string): Factory {
  let factory: ((...args: unknown[]) => unknown) | undefined;
  const forward = (...args: unknown[]) => {
    // Each package exports a selector that makes the factory Fastify uses by default.
    factory ??= (requireFromFastify()(packageName) as () => (...args: unknown[]) => unknown)();
    return factory(...args);
  };
  return forward as Factory;
}

export function lazySchemaCompilers(): CompilersFactory {
  return {
    buildValidator: loadedOnFirstCall<ValidatorFactory>('@fastify/ajv-compiler'),
    buildSerializer: loadedOnFirstCall<SerializerFactory>('@fastify/fast-json-stringify-compiler'),
  };
}
