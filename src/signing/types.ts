/**
 * The signing page's view of the service, as docs/signing-page-api.md defines it. The page never
 * imports the service: these types are the agreement, written once for the page.
 */
import type { FieldType } from "../shared/field-types";

export type SessionState =
  | "Ready"
  | "AccessCodeRequired"
  | "NotYourTurn"
  | "Completed"
  | "CompletedByOther"
  | "Declined"
  | "Voided"
  | "Expired"
  | "Reassigned";

export type { FieldType };

export interface SigningField {
  id: string;
  documentId: string;
  type: FieldType | string;
  /** 1-based. */
  page: number;
  /** Points from the top-left of the page as a reader shows it. */
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  label: string | null;
  group: string | null;
  options: string[] | null;
  value: string | null;
  isCompleted: boolean;
  /** Filled by the service at finish; shown read-only. */
  auto: "Name" | "Email" | "DateSigned" | null;
}

export interface SigningDocument {
  id: string;
  name: string;
  pageCount: number;
  pages: { width: number; height: number }[];
}

export interface SigningSession {
  state: SessionState;
  package: {
    id: string;
    name: string;
    status: string;
    emailMessage: string | null;
    senderName: string | null;
    senderEmail: string | null;
    expirationDate: string | null;
  };
  signer: {
    id: string;
    name: string;
    email: string;
    type: string;
    status: string;
    routingOrder: number;
    isGroupSlot: boolean;
    groupName: string | null;
  };
  completedBy: { name: string; email: string; completedOn: string } | null;
  declineReason: string | null;
  voidedReason: string | null;
  /** A signing-url link's returnUrl: where the page goes once the signer finishes or declines. */
  returnUrl?: string | null;
  documents: SigningDocument[];
  fields: SigningField[];
}
