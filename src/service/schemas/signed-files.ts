import { Type, type TSchema } from "@sinclair/typebox";
import { ref } from "./common";

export const SignedFilesApiRequest = Type.Object(
  {
    includeCertificate: Type.Optional(
      Type.Boolean({ description: "Also the certificate of completion (last). Default false." }),
    ),
  },
  { $id: "SignedFilesApiRequest" },
);

export const SignedFileApiResponse = Type.Object(
  {
    kind: Type.Union([Type.Literal("SignedDocument"), Type.Literal("CertificateOfCompletion")]),
    documentId: Type.Union([Type.String({ format: "uuid" }), Type.Null()], {
      description: "The document a SignedDocument is the final form of; null for the certificate.",
    }),
    fileName: Type.String({ description: "The name the link answers it under." }),
    contentType: Type.String(),
    size: Type.Integer({ minimum: 0, description: "Bytes." }),
    url: Type.String({
      description: "A download link (a path on this service): no credential, 5 minutes, contract §6.2.",
    }),
    expiresOn: Type.String({ format: "date-time" }),
  },
  { $id: "SignedFileApiResponse" },
);

export const SignedFilesApiResponse = Type.Object(
  {
    files: Type.Array(ref(SignedFileApiResponse), {
      description: "The signed documents in the package's order, then the certificate when asked for.",
    }),
    totalSize: Type.Integer({ minimum: 0, description: "The bytes of all files together." }),
    expiresOn: Type.String({ format: "date-time", description: "When the links stop working (5 minutes)." }),
  },
  { $id: "SignedFilesApiResponse" },
);

export const SIGNED_FILE_MODELS: TSchema[] = [
  SignedFilesApiRequest,
  SignedFileApiResponse,
  SignedFilesApiResponse,
];
