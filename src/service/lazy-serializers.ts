// Fastify compiles every route's response serializer (fast-json-stringify) when the route is
// registered. With this API's shared models each compile re-reads and checks them all, so building
// the app took 3-8 s of CPU, paid at every start: by `npm start`, by each test that starts a service
// (a hundred in the suite) and by a restarted container before it answers. Here each route's
// serializer is compiled the first time that route answers, once, with Fastify's own compiler and
// options: the same output, a few milliseconds on that first answer instead of all at start.
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";

type Factory = ReturnType<typeof SerializerSelector>;
type Compile = ReturnType<Factory>;

/** Fastify's `schemaController.compilersFactory.buildSerializer`, compiling on first use. */
export function lazySerializerFactory(): Factory {
  const eager = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile: Compile = eager(externalSchemas, serializerOpts);
    return (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(route) as (data: unknown) => string)(data);
    };
  };
}
