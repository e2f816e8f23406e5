import { Type, type TSchema } from "@sinclair/typebox";
import { MAX_PACKAGE_DOCUMENTS } from "../../pdf/limits";
import { PACKAGE_LIMITS } from "../domain/package-rules";
import { ref } from "./common";
import {
  CreateAnnotationApiRequest,
  CreatePackageApiRequest,
  CreateSignerApiRequest,
  PackageResponse,
} from "./packages";
import { GetSigningUrlApiRequest, SigningUrlResponse } from "./signing";

const {
  documentId: _documentId,
  signerId: _signerId,
  ...annotationFields
} = CreateAnnotationApiRequest.properties;

/** An annotation of create-and-send: document and signer by their place in the request. */
export const CreateAndSendAnnotationApiRequest = Type.Object(
  {
    documentIndex: Type.Integer({
      description: "The document's place in the request, from 0 (documents, or the file parts in order).",
    }),
    signerIndex: Type.Integer({ description: "The signer's place in signers, from 0." }),
    ...annotationFields,
  },
  { $id: "CreateAndSendAnnotationApiRequest" },
);

const sendFields = {
  signers: Type.Optional(
    Type.Array(ref(CreateSignerApiRequest), {
      maxItems: PACKAGE_LIMITS.signersPerPackage,
      description:
        "In routing order as given; a tag's `signer N` is the signer at routing position N. At least one, unless signYourself (then none).",
    }),
  ),
  signYourself: Type.Optional(
    Type.Union([ref(GetSigningUrlApiRequest), Type.Null()], {
      description:
        "Ours. The caller signs it themselves: leave signers out; the one signer is the caller (the signed-in person's address and name; for a credential without a person, senderEmail and senderName), an embedded signer who gets no mail. The answer's signingUrl is their link, made as signing-url makes one (these are its options).",
    }),
  ),
  annotations: Type.Optional(
    Type.Union([
      Type.Array(ref(CreateAndSendAnnotationApiRequest), { maxItems: PACKAGE_LIMITS.annotationsPerPackage }),
      Type.Null(),
    ]),
  ),
  applyTextTags: Type.Optional(
    Type.Union([Type.Boolean(), Type.Null()], {
      description: "Default true: the documents' text tags become fields before sending.",
    }),
  ),
};

/** The multipart form's `package` field: the JSON request less its documents. */
export const CreateAndSendPackageApiRequest = Type.Object(
  { ...CreatePackageApiRequest.properties, ...sendFields },
  { $id: "CreateAndSendPackageApiRequest" },
);

export const CreateAndSendDocument = Type.Object(
  {
    name: Type.String({ description: "Shown name; also the file name when fileName is omitted." }),
    fileName: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "Default name." })),
    contentType: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "application/pdf, image/png or image/jpeg; default from the file name's extension.",
      }),
    ),
    contentBase64: Type.String({ description: "The file's bytes, base64 (at most 50 MB decoded)." }),
  },
  { $id: "CreateAndSendDocument" },
);

export const CreateAndSendJsonApiRequest = Type.Object(
  {
    ...CreatePackageApiRequest.properties,
    documents: Type.Array(ref(CreateAndSendDocument), { minItems: 1, maxItems: MAX_PACKAGE_DOCUMENTS }),
    ...sendFields,
  },
  { $id: "CreateAndSendJsonApiRequest" },
);

/** create-and-send's answer: the package, and with signYourself the caller's link to sign it. */
export const CreateAndSendResponse = Type.Object(
  {
    ...PackageResponse.properties,
    signingUrl: Type.Optional(
      Type.Union([ref(SigningUrlResponse), Type.Null()], {
        description: "Ours, with signYourself only: the caller's link to the signing page.",
      }),
    ),
  },
  { $id: "CreateAndSendResponse" },
);

export const CREATE_AND_SEND_MODELS: TSchema[] = [
  CreateAndSendAnnotationApiRequest,
  CreateAndSendPackageApiRequest,
  CreateAndSendDocument,
  CreateAndSendJsonApiRequest,
  CreateAndSendResponse,
];
