import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify), each built on its route's first answer
 * of that status instead of while the app starts: building them all took some 0.25 s of CPU at
 * every start, mostly for routes and statuses a given deployment rarely sees. The function built is
 * the one Fastify would have built, from the same schemas and options.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};
