// What the package, signer and annotation schemas share: nullable text and date fields, and a recipient.
import { Type } from "@sinclair/typebox";

// Lengths, dates and enums are checked by the domain (after trimming, any case) so that each error
// names the field and what is allowed; the schemas state types and describe the rules.
export const text = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
export const opt = (description: string) => Type.Optional(text(description));
export const timestamp = (description: string) =>
  Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description });

export const Recipient = Type.Object({
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
});
