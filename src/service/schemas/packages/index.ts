// The package schemas, by what they describe: the package (packages), its list (package-list), what is
// done to it as a whole (package-actions), its audit trail, signers and annotations. PACKAGE_MODELS
// keeps the order in which the OpenAPI document has always listed them.
import { AuditEventResponse, AuditVerifyResponse } from "./audit";
import {
  AnnotationApiResponse,
  AnnotationFieldTypeResponse,
  AnnotationListApiResponse,
  BulkAnnotationsApiRequest,
  CreateAnnotationApiRequest,
  UpdateAnnotationApiRequest,
} from "./annotations";
import {
  BulkItemResult,
  BulkResultResponse,
  PackageBulkApiRequest,
  PackageValidationResponse,
  SendImpactResponse,
  UpdateRemindersApiRequest,
  ValidationIssue,
  VoidPackageApiRequest,
} from "./package-actions";
import { PackageListApiResponse, PackageListItemResponse } from "./package-list";
import { CreatePackageApiRequest, PackageResponse, PackageSource, UpdatePackageApiRequest } from "./packages";
import {
  BulkSignersApiRequest,
  CreateSignerApiRequest,
  ReassignSignerApiRequest,
  ReorderSignersApiRequest,
  ResendSignersApiRequest,
  SignerApiResponse,
  SignerListApiResponse,
  UpdateSignerApiRequest,
} from "./signers";

export * from "./packages";
export * from "./package-list";
export * from "./package-actions";
export * from "./audit";
export * from "./signers";
export * from "./annotations";

export const PACKAGE_MODELS = [
  PackageSource,
  CreatePackageApiRequest,
  UpdatePackageApiRequest,
  PackageResponse,
  ValidationIssue,
  PackageValidationResponse,
  SendImpactResponse,
  VoidPackageApiRequest,
  UpdateRemindersApiRequest,
  PackageBulkApiRequest,
  BulkItemResult,
  BulkResultResponse,
  AuditEventResponse,
  AuditVerifyResponse,
  CreateSignerApiRequest,
  UpdateSignerApiRequest,
  BulkSignersApiRequest,
  SignerApiResponse,
  SignerListApiResponse,
  PackageListItemResponse,
  PackageListApiResponse,
  ReorderSignersApiRequest,
  ReassignSignerApiRequest,
  ResendSignersApiRequest,
  CreateAnnotationApiRequest,
  UpdateAnnotationApiRequest,
  BulkAnnotationsApiRequest,
  AnnotationApiResponse,
  AnnotationListApiResponse,
  AnnotationFieldTypeResponse,
];
