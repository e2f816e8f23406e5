// A route plugin under a name of its own, still encapsulated (its hooks and parsers stay inside).
// Fastify names every plugin it registers (in its errors and start-up timeouts); a plugin without a
// name it looks up among the exports of every loaded module, twice a registration: under Jest's
// module registry, a third of a test service's start.
import fp from "fastify-plugin";

export function named<P extends (...args: never[]) => unknown>(name: string, plugin: P): P {
  // fastify-plugin marks the function itself (and answers it): only the name and meta are wanted.
  fp(plugin as never, { name, encapsulate: true });
  return plugin;
}
