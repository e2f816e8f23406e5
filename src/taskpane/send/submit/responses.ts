// The service's answers a submission reads and returns (package, signers, documents, an upload session).
import type { Schemas } from "../../../api/client";

export type PackageResponse = Schemas["PackageResponse"];
export type SignerResponse = Schemas["SignerApiResponse"];
export type DocumentResponse = Schemas["DocumentApiResponse"];
export type UploadSession = Schemas["UploadSessionResponse"];
