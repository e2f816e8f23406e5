// Fastify compiles every route's response serializer (fast-json-stringify) when the route is
// registered. With this API's shared models each compile re-reads and checks them all, so building
// the app costs seconds of CPU at every start (`npm start`, each test that starts a service, a
// restarted container). Here each route's serializer is compiled the first time that route answers,
// once, with Fastify's own compiler and options: the same output, paid per route when first used.
// `compileAll` compiles every one now: test/service/lazy-serializers.test.ts calls it, so that a
// schema that cannot be compiled still fails the tests, not a first request in production.
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";

type Factory = ReturnType<typeof SerializerSelector>;
type Compile = ReturnType<Factory>;
type Serialize = (data: unknown) => string;

export interface LazySerializers {
  /** Fastify's `schemaController.compilersFactory.buildSerializer`. */
  factory: Factory;
  /** Compiles every serializer not compiled yet; answers how many there are in all. */
  compileAll(): number;
}

export function lazySerializers(): LazySerializers {
  // Made at the first compile, so that fast-json-stringify loads then, not at the start
  // (scripts/build-service.ts, LAZY_PACKAGES).
  let eager: Factory | undefined;
  const all: (() => Serialize)[] = [];
  const factory: Factory = (externalSchemas, serializerOpts) => {
    let compiler: Compile | undefined;
    const compile: Compile = (route) =>
      (compiler ??= (eager ??= SerializerSelector())(externalSchemas, serializerOpts))(route);
    return (route) => {
      let serialize: Serialize | undefined;
      let failure: unknown;
      // A schema that cannot be compiled fails the same way each time, without compiling again.
      const get = (): Serialize => {
        if (serialize) return serialize;
        if (failure !== undefined) throw failure;
        try {
          return (serialize = compile(route) as Serialize);
        } catch (error) {
          failure = error;
          throw error;
        }
      };
      all.push(get);
      return (data: unknown) => get()(data);
    };
  };
  return {
    factory,
    compileAll: () => {
      for (const get of all) get();
      return all.length;
    },
  };
}
