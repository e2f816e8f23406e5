/**
 * The Send view's draft, kept in localStorage per message until it is sent or discarded: the
 * user's choices (documents, signers, fields, subject, message, expiry, reminders, accepted
 * warnings) and how far sending got (the draft package's id; per document the upload session and
 * the document made of it, with the SHA-256 of the bytes they hold). Reopening the pane on the same
 * message restores it; a send that failed (network, closed pane) picks up from there: the service
 * keeps the package and the upload session (24 hours), so only what is missing is sent again.
 *
 * Files added from the user's disk are named here; their bytes (too big for localStorage) are kept
 * in IndexedDB by send/draft-files.ts, keyed by the same message key. A restored draft whose files
 * that browser no longer has names them so the user adds them again.
 */
import type { TagFormat } from "../../tags";
import type { SendDocument } from "./documents";
import type { PlacedField } from "./fields";
import type { Reminders } from "./reminders";
import type { SignerRow } from "./signers";
import type { TemplateChoice } from "./template";

export type { Reminders } from "./reminders";

export const DRAFT_VERSION = 1;
const PREFIX = "sign.sendDraft.v1:";
/** Drafts older than this are dropped when read (upload sessions last 24 hours; choices longer). */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface DocumentProgress {
  /** SHA-256 (hex) of the bytes the session or document holds. */
  sha256: string;
  uploadId: string | null;
  documentId: string | null;
}

export interface SendDraft {
  version: number;
  savedOn: string;
  /** Attachments and files, in order, with whether each is chosen. */
  documents: SendDocument[];
  rows: SignerRow[];
  signInOrder: boolean;
  fields: PlacedField[];
  tagFormat: TagFormat;
  visibleTags: boolean;
  signatureBlock: boolean;
  subject: string;
  message: string;
  /** Days from sending; null = never expires. */
  expiresInDays: number | null;
  reminders: Reminders;
  accepted: string[];
  packageId: string | null;
  progress: Record<string, DocumentProgress>;
  /** Started from a template (drafts saved before templates have none). */
  template?: TemplateChoice | null;
}

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's localStorage, or null where it is not available (private modes, tests). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Which message a draft belongs to, as drafts were keyed before compose items had an id of their
 * own (send/draft-key.ts): its Internet message id, else its thread, else its subject. Read mode
 * still uses it (a received message's id never changes).
 */
export function messageKey(ids: {
  internetMessageId: string | null;
  conversationId: string | null;
  subject: string;
}): string {
  if (ids.internetMessageId) return `m:${ids.internetMessageId}`;
  if (ids.conversationId) return `c:${ids.conversationId}`;
  return `s:${ids.subject}`;
}

export function loadDraft(storage: DraftStorage | null, key: string, now = Date.now()): SendDraft | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(PREFIX + key);
    if (!text) return null;
    const draft = JSON.parse(text) as SendDraft;
    if (draft?.version !== DRAFT_VERSION || !Array.isArray(draft.documents) || !Array.isArray(draft.rows)) {
      return null;
    }
    if (!(now - Date.parse(draft.savedOn) < MAX_AGE_MS)) {
      storage.removeItem(PREFIX + key);
      return null;
    }
    return draft;
  } catch {
    return null; // unreadable: start afresh rather than fail the view
  }
}

/** Saves the draft; false when the browser refused (quota, disabled storage). */
export function saveDraft(storage: DraftStorage | null, key: string, draft: SendDraft): boolean {
  if (!storage) return false;
  try {
    storage.setItem(PREFIX + key, JSON.stringify({ ...draft, savedOn: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(storage: DraftStorage | null, key: string): void {
  try {
    storage?.removeItem(PREFIX + key);
  } catch {
    // nothing to do: the draft simply stays until it is too old
  }
}

/**
 * Moves the draft saved under `from` to `to` (a draft saved under an older key). False when there
 * was none, or `to` has one already (it is kept; the old one is left alone).
 */
export function moveDraft(storage: DraftStorage | null, from: string, to: string): boolean {
  if (!storage || from === to) return false;
  try {
    const text = storage.getItem(PREFIX + from);
    if (!text || storage.getItem(PREFIX + to)) return false;
    storage.setItem(PREFIX + to, text);
    storage.removeItem(PREFIX + from);
    return true;
  } catch {
    return false;
  }
}
