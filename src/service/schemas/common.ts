import { Type, type Static, type TSchema } from "@sinclair/typebox";

/** A reference to a named model: it becomes `#/components/schemas/<name>` in the OpenAPI document. */
export function ref<T extends TSchema>(schema: T) {
  if (!schema.$id) throw new Error("only schemas with an $id can be referenced");
  return Type.Unsafe<Static<T>>({ $ref: `${schema.$id}#` });
}

export const FieldErrorModel = Type.Object(
  {
    field: Type.String({ description: "The request property at fault, e.g. `members[2].email`." }),
    message: Type.String(),
  },
  { $id: "SignFieldError" },
);

export const SignErrorResponse = Type.Object(
  {
    type: Type.String({ description: "A URI naming the kind of problem (RFC 9457)." }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String({ description: "What went wrong, in words fit to show a user." }),
    code: Type.String({ description: "A stable machine-readable code (contract §3)." }),
    traceId: Type.String({
      description: "Quote it when asking for help: it finds the request in the service log.",
    }),
    errors: Type.Optional(Type.Array(ref(FieldErrorModel))),
  },
  { $id: "SignErrorResponse" },
);

/** The answers every operation may give besides its own. */
export function errorResponses(...statuses: number[]) {
  const out: Record<number, ReturnType<typeof ref<typeof SignErrorResponse>>> = {};
  for (const status of statuses) out[status] = ref(SignErrorResponse);
  return out;
}

export const SHARED_SCHEMAS: TSchema[] = [FieldErrorModel, SignErrorResponse];
