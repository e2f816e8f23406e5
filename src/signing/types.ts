/**
 * The signing page's view of the service (docs/signing-page-api.md): aliases of the types generated
 * from the service's OpenAPI document, so the page cannot drift from what the service answers.
 * Type-only imports: nothing of src/api enters the signing bundle.
 */
import type { components } from "../api/schema";

type Schemas = components["schemas"];

export type SigningSession = Schemas["SigningSession"];
export type SessionState = SigningSession["state"];
export type SigningDocument = SigningSession["documents"][number];
export type SigningField = Schemas["SigningField"];
export type FieldType = SigningField["type"];

export type SigningAccessCodeRequest = Schemas["SigningAccessCodeRequest"];
export type SigningAccessCodeGrant = Schemas["SigningAccessCodeGrant"];
export type SigningFieldValueRequest = Schemas["SigningFieldValueRequest"];
export type SigningDeclineRequest = Schemas["SigningDeclineRequest"];
