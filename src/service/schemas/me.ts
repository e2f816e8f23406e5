import { Type } from "@sinclair/typebox";

export const MeApiResponse = Type.Object(
  {
    tenantId: Type.String({ format: "uuid" }),
    tenantName: Type.String(),
    credentialKind: Type.Union(
      [Type.Literal("personal_access_token"), Type.Literal("client_credentials"), Type.Literal("external")],
      { description: "How the caller signed in." },
    ),
    scopes: Type.Array(Type.String()),
    subject: Type.Union([Type.String(), Type.Null()], {
      description:
        "The user or client behind the credential (`sub` of an external token, the client id, or null).",
    }),
  },
  { $id: "MeApiResponse" },
);
