import Ajv, { type AnySchema } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";

/**
 * Query strings and path parameters arrive as text and are coerced to the schema's types; JSON
 * bodies are not, so `"name": 5` is refused rather than quietly turned into "5".
 */
export function installValidators(app: FastifyInstance, models: AnySchema[]) {
  const make = (coerceTypes: boolean | "array") => {
    const ajv = new Ajv({
      allErrors: true,
      coerceTypes,
      useDefaults: true,
      removeAdditional: false,
      strict: false,
    });
    addFormats(ajv);
    for (const model of models) ajv.addSchema(model);
    return ajv;
  };
  const body = make(false);
  const text = make("array");
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === "body" ? body : text).compile(schema as AnySchema),
  );
}
