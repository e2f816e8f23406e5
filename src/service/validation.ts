import Ajv, { type AnySchema, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";

/** What Fastify calls: true or false, with the errors of a false on the function itself. */
type Validate = ((data: unknown) => boolean) & { errors?: ValidateFunction["errors"] };

/**
 * Query strings and path parameters arrive as text and are coerced to the schema's types; JSON
 * bodies are not, so `"name": 5` is refused rather than quietly turned into "5".
 *
 * Each route's validator is compiled the first time it validates, once (as lazy-serializers.ts does
 * for serializers): compiling all of them at registration was a quarter of the service's start.
 * `compileAllValidators()` compiles every one now: test/service/lazy-serializers.test.ts calls it, so
 * that a schema Ajv cannot compile fails the tests, not a first request.
 *
 * Ajv does not check the schemas against JSON Schema's meta-schema as they are added (compiling the
 * meta-schema for it was a sixth of the service's start); they are our own, fixed at build, and
 * `compileAllValidators()` checks every one of them.
 */
export function installValidators(app: FastifyInstance, models: AnySchema[]) {
  const make = (coerceTypes: boolean | "array") => {
    const ajv = new Ajv({
      allErrors: true,
      coerceTypes,
      useDefaults: true,
      removeAdditional: false,
      strict: false,
      validateSchema: false,
    });
    addFormats(ajv);
    for (const model of models) ajv.addSchema(model);
    return ajv;
  };
  // Each Ajv, with the models added, is made when its first validator is compiled: adding the models
  // (resolving every $id and $ref in them) was a fifth of the start (issue 31).
  let bodyAjv: Ajv | undefined;
  let textAjv: Ajv | undefined;
  const body = () => (bodyAjv ??= make(false));
  const text = () => (textAjv ??= make("array"));
  const all: (() => ValidateFunction)[] = [];
  const checkSchema = (ajv: Ajv, schema: AnySchema) => ajv.validateSchema(schema, true);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === "body" ? body : text;
    let compiled: ValidateFunction | undefined;
    // A schema that cannot be compiled throws the same error each time (Ajv compiles it again).
    const get = () => (compiled ??= ajv().compile(schema as AnySchema));
    all.push(() => {
      checkSchema(ajv(), schema as AnySchema);
      return get();
    });
    const validate: Validate = (data) => {
      const fn = get();
      const ok = fn(data) as boolean;
      validate.errors = fn.errors;
      return ok;
    };
    return validate;
  });
  app.decorate("compileAllValidators", () => {
    for (const model of models) checkSchema(body(), model);
    for (const get of all) get();
    return all.length;
  });
}

/**
 * Fastify's `compilersFactory.buildValidator`: installValidators sets the compiler every route uses,
 * so Fastify need not load its own Ajv compiler at the start only to have it replaced.
 */
export function noDefaultValidator(): never {
  throw new Error("installValidators() sets the validator compiler");
}

declare module "fastify" {
  interface FastifyInstance {
    /** Compiles every route's validator now (they are compiled at first use otherwise). */
    compileAllValidators(): number;
  }
}
