// Messages between the service and its PDF reader thread.
import type { DocumentLimit, InvalidDocumentReason } from "../../pdf/inspect";
import type { PdfFileReading } from "../pdf/pdf-file";

export interface ReaderRequest {
  id: number;
  file: string;
  tags: boolean;
}

export type ReaderReply =
  | { id: number; ok: true; reading: PdfFileReading }
  | { id: number; ok: false; kind: "invalid"; reason: InvalidDocumentReason; message: string }
  | { id: number; ok: false; kind: "limit"; limit: DocumentLimit; actual: number; maximum: number }
  | { id: number; ok: false; kind: "error"; message: string };
