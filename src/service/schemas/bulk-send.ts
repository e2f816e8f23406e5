import { Type, type TSchema } from "@sinclair/typebox";
import { BULK_SEND_LIMITS } from "../domain/bulk-send";
import { FieldErrorModel, ref } from "./common";

export const BulkSendJobPath = Type.Object({ id: Type.String({ description: "The job's id (UUID)." }) });

const RoleFill = Type.Object({
  email: Type.String({
    maxLength: BULK_SEND_LIMITS.emailLength,
    description: "The person's address; checked when the row's package is made (a bad one fails the row).",
  }),
  name: Type.Optional(
    Type.Union([Type.String({ maxLength: BULK_SEND_LIMITS.personNameLength }), Type.Null()], {
      description: "The person's name.",
    }),
  ),
});

export const BulkSendApiRequest = Type.Object(
  {
    rows: Type.Array(
      Type.Record(Type.String({ description: "A role of the template (its id)." }), RoleFill, {
        minProperties: 1,
        maxProperties: BULK_SEND_LIMITS.rolesPerRow,
        description:
          "One package: each role of the template (by id) filled with a person. A row naming an unknown role, or leaving one unfilled, fails on its own.",
      }),
      { minItems: 1, maxItems: BULK_SEND_LIMITS.rowsMax },
    ),
    name: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: `The packages' name, at most ${BULK_SEND_LIMITS.nameLength} characters; default the template's.`,
      }),
    ),
  },
  { $id: "BulkSendApiRequest" },
);

export const BulkSendRowError = Type.Object(
  {
    code: Type.String({ description: "As an error answer's code (contract §3), e.g. validation_failed." }),
    message: Type.String(),
    errors: Type.Optional(
      Type.Array(ref(FieldErrorModel), {
        description:
          "Fields of the row at fault: `<roleId>.email`, `<roleId>` (not a role), `row` (a role left unfilled).",
      }),
    ),
  },
  { $id: "BulkSendRowError" },
);

export const BulkSendItem = Type.Object(
  {
    row: Type.Integer({ minimum: 1, description: "The row's place in the request, from 1." }),
    status: Type.Union([Type.Literal("Pending"), Type.Literal("Sent"), Type.Literal("Failed")]),
    packageId: Type.Union([Type.String({ format: "uuid" }), Type.Null()], {
      description: "The package made and sent for the row, once it is Sent.",
    }),
    error: Type.Union([ref(BulkSendRowError), Type.Null()], { description: "Why the row Failed." }),
  },
  { $id: "BulkSendItem" },
);

const jobFields = {
  id: Type.String({ format: "uuid" }),
  templateId: Type.String({ format: "uuid" }),
  name: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union(
    [
      Type.Literal("Queued"),
      Type.Literal("Running"),
      Type.Literal("Completed"),
      Type.Literal("CompletedWithErrors"),
    ],
    { description: "Completed: every row Sent; CompletedWithErrors: every row Sent or Failed, some Failed." },
  ),
  total: Type.Integer({ minimum: 0 }),
  pending: Type.Integer({ minimum: 0, description: "Rows not made yet." }),
  succeeded: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  createdOn: Type.String({ format: "date-time" }),
  updatedOn: Type.String({ format: "date-time" }),
  completedOn: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
};

export const BulkSendJobApiResponse = Type.Object(
  { ...jobFields, items: Type.Array(ref(BulkSendItem), { description: "Every row, in request order." }) },
  { $id: "BulkSendJobApiResponse" },
);

export const BulkSendJobSummary = Type.Object(jobFields, {
  $id: "BulkSendJobSummary",
  description: "A job without its rows (get the job for them).",
});

export const BulkSendJobListApiResponse = Type.Object(
  {
    items: Type.Array(ref(BulkSendJobSummary)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "BulkSendJobListApiResponse" },
);

export const ListBulkSendJobsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: BULK_SEND_LIMITS.pageSizeMax,
      default: BULK_SEND_LIMITS.pageSizeDefault,
    }),
  ),
  templateId: Type.Optional(Type.String({ maxLength: 100, description: "Only the jobs of this template." })),
});

export const BULK_SEND_MODELS: TSchema[] = [
  BulkSendApiRequest,
  BulkSendRowError,
  BulkSendItem,
  BulkSendJobApiResponse,
  BulkSendJobSummary,
  BulkSendJobListApiResponse,
];
