import { Type } from "@sinclair/typebox";
import { ACCEPTED_CONTENT_TYPES, MAX_DOCUMENT_BYTES } from "../../pdf/limits";
import { TAG_FORMATS, TAG_TYPES } from "../../tags";
import { ref } from "./common";
import { AnnotationApiResponse } from "./packages";

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const DocumentPage = Type.Object(
  { width: Type.Number({ description: "Points." }), height: Type.Number({ description: "Points." }) },
  { $id: "DocumentPage", description: "A page's visible size, after its rotation and crop box." },
);

export const DocumentApiResponse = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    fileName: Type.String(),
    contentType: Type.String({ description: "As uploaded; images are also kept as a one-page PDF." }),
    size: Type.Integer({ description: "Bytes, as uploaded." }),
    sha256: Type.String(),
    pageCount: Type.Integer(),
    pages: Type.Array(ref(DocumentPage)),
    order: Type.Integer(),
    createdOn: Type.String({ format: "date-time" }),
    detectedTagCount: Type.Integer(),
  },
  { $id: "DocumentApiResponse" },
);

export const DocumentListApiResponse = Type.Object(
  {
    items: Type.Array(ref(DocumentApiResponse)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "DocumentListApiResponse" },
);

export const InitiateUploadApiRequest = Type.Object(
  {
    fileName: Type.String({ description: "At most 255 characters; a path is cut to its last part." }),
    name: Type.Optional(nullable(Type.String({ description: "Shown name; the file name when omitted." }))),
    contentType: Type.String({ description: `${ACCEPTED_CONTENT_TYPES.join(", ")} (else 415).` }),
    size: Type.Integer({ description: `Bytes, 1 to ${MAX_DOCUMENT_BYTES} (else 413).` }),
    sha256: Type.Optional(
      nullable(
        Type.String({ description: "Lowercase hex; when given, commit checks the bytes against it." }),
      ),
    ),
  },
  { $id: "InitiateUploadApiRequest" },
);

export const UploadSessionResponse = Type.Object(
  {
    id: Type.String(),
    fileName: Type.String(),
    contentType: Type.String(),
    size: Type.Integer(),
    blockSize: Type.Integer({ description: "4 MiB: every block but the last is exactly this long." }),
    blockCount: Type.Integer(),
    receivedBlocks: Type.Array(Type.Integer(), { description: "0-based numbers of the blocks staged." }),
    status: Type.Literal("Open"),
    createdOn: Type.String({ format: "date-time" }),
    expiresOn: Type.String({ format: "date-time", description: "24 hours after it was opened." }),
  },
  { $id: "UploadSessionResponse" },
);

export const DetectedTagResponse = Type.Object(
  {
    text: Type.String(),
    format: Type.Union(TAG_FORMATS.map((f) => Type.Literal(f))),
    type: Type.Union([Type.Union(TAG_TYPES.map((t) => Type.Literal(t.type))), Type.Null()]),
    signerIndex: Type.Union([Type.Integer(), Type.Null()]),
    required: Type.Union([Type.Boolean(), Type.Null()]),
    label: nullable(Type.String()),
    group: nullable(Type.String()),
    options: Type.Union([Type.Array(Type.String()), Type.Null()]),
    page: Type.Integer(),
    x: Type.Number({ description: "Points from the page's visible top-left." }),
    y: Type.Number(),
    width: Type.Number({ description: "x, y, width and height are the tag's own text box." }),
    height: Type.Number(),
    field: Type.Object(
      { x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() },
      {
        description:
          "The box of the field the tag makes (points from the page's visible top-left): its bottom on the tag's line, at least as wide as the tag and growing right to the next text or the type's usual width, a Signature or Initials growing up into empty space; it covers no other text of the page. apply-detected-tags places its annotations exactly here.",
      },
    ),
    textSize: Type.Number({
      description:
        "Font size (points) of the document's text beside the tag on its line (e.g. its label), else the tag's own; at most 1.4 times the tag's text height.",
    }),
    baseline: Type.Number({
      description: "The y of the tag's baseline, points from the page's visible top.",
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: "Why the tag does not parse; the rest is null then.",
    }),
  },
  { $id: "DetectedTagResponse" },
);

export const RemovalImpactResponse = Type.Object(
  {
    annotationCount: Type.Integer({ description: "Annotations on the document, deleted with it." }),
    signersLeftWithoutFields: Type.Array(Type.String(), {
      description: "Signers whose every field is on this document.",
    }),
  },
  { $id: "RemovalImpactResponse" },
);

export const ApplyDetectedTagsApiRequest = Type.Object(
  {
    documentIds: Type.Optional(
      Type.Union([Type.Array(Type.String(), { maxItems: 25 }), Type.Null()], {
        description: "Only these documents; all when omitted.",
      }),
    ),
  },
  { $id: "ApplyDetectedTagsApiRequest" },
);

export const ApplyDetectedTagsResponse = Type.Object(
  {
    created: Type.Array(ref(AnnotationApiResponse)),
    skipped: Type.Array(
      Type.Object({
        text: Type.String(),
        page: Type.Integer(),
        reason: Type.Union([
          Type.Literal("no_signer_for_index"),
          Type.Literal("already_applied"),
          Type.Literal("invalid_tag"),
          Type.Literal("does_not_fit"),
        ]),
        message: Type.String(),
      }),
    ),
  },
  { $id: "ApplyDetectedTagsResponse" },
);

export const ImportUrlApiRequest = Type.Object(
  {
    url: Type.String({
      description:
        "https only; no private, loopback or link-local address (checked after DNS, on every redirect).",
    }),
    name: Type.Optional(nullable(Type.String({ description: "Shown name; the file's name when omitted." }))),
  },
  { $id: "ImportUrlApiRequest" },
);

export const DownloadLinkResponse = Type.Object(
  {
    url: Type.String({ description: "Our link (a path on this service); needs no credential." }),
    expiresOn: Type.String({ format: "date-time", description: "5 minutes after it was made." }),
  },
  { $id: "DownloadLinkResponse" },
);

export const DocumentPath = Type.Object({ id: Type.String(), documentId: Type.String() });
export const UploadPath = Type.Object({ id: Type.String(), uploadId: Type.String() });
export const BlockPath = Type.Object({ id: Type.String(), uploadId: Type.String(), block: Type.String() });

export const DOCUMENT_MODELS = [
  DocumentPage,
  DocumentApiResponse,
  DocumentListApiResponse,
  InitiateUploadApiRequest,
  ImportUrlApiRequest,
  DownloadLinkResponse,
  UploadSessionResponse,
  DetectedTagResponse,
  RemovalImpactResponse,
  ApplyDetectedTagsApiRequest,
  ApplyDetectedTagsResponse,
];
