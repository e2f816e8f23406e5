/**
 * The Send view's state machine: which step is shown and the user's choices, with how far sending
 * got (the draft package, per document progress). Pure, so its named actions are tested without the
 * pane; `useSendDraft` feeds it the message and keeps the draft in localStorage.
 */
import type { ItemMode } from "../../../outlook";
import type { MessagePerson } from "../../groups/people";
import type { SendDocument } from "../../send/documents";
import type { DocumentProgress, SendDraft } from "../../send/draft";
import type { PlacedField } from "../../send/fields";
import { plainLine } from "../../send/plain-text";
import { DEFAULT_REMINDERS } from "../../send/reminders";
import { prefillSigners, type SignerRow } from "../../send/signers";
import type { SubmitResult } from "../../send/submit";
import type { RoleFills, TemplateChoice } from "../../send/template";
import { NEUTRAL_MESSAGE } from "./SendStep";

export type Step = "setup" | "fields" | "check" | "send" | "done";

export const STEPS: { id: Exclude<Step, "done">; label: string }[] = [
  { id: "setup", label: "Documents and signers" },
  { id: "fields", label: "Fields" },
  { id: "check", label: "Check" },
  { id: "send", label: "Send" },
];

/** What the user chose: the draft without its bookkeeping (version, date, package, progress). */
export type SendChoices = Omit<SendDraft, "version" | "savedOn" | "packageId" | "progress" | "template"> & {
  /** Started from a template: its package is the draft package, its roles the signers. */
  template: TemplateChoice | null;
};

/** The send form's own fields (step 5). */
export type SendOptions = Partial<Pick<SendChoices, "subject" | "message" | "expiresInDays" | "reminders">>;
/** How fields from tags are read and shown (step 3). */
export type TagOptions = Partial<Pick<SendChoices, "tagFormat" | "visibleTags" | "signatureBlock">>;

/** "Start from a template" open: fresh, or to change who fills a used template's roles. */
export type Picking = null | { templateId: string; fills: RoleFills } | "new";

/** The message as read: its subject and people, for a new form. */
export interface MessageRead {
  mode: ItemMode;
  subject: string;
  people: MessagePerson[];
}

export interface SendDraftState {
  /** The message the form was started for (its draft key) and the attachments last read from it. */
  formFor: { key: string; attachments: readonly SendDocument[] } | null;
  /** Counts the forms started: what other hooks hold for one form (files, layouts, errors) starts again. */
  generation: number;
  step: Step;
  choices: SendChoices | null;
  /** The new form as JSON: nothing is saved until the choices differ (or a send has begun). */
  initial: string;
  packageId: string | null;
  progress: Record<string, DocumentProgress>;
  /** A draft brought back, and the files from disk this browser no longer has. */
  restored: { savedOn: string; missing: string[] } | null;
  /** A restored draft's files from disk, still to look for in IndexedDB. */
  filesToFind: { key: string; name: string }[];
  /** The recipients the signer rows were last offered from (null until the first read). */
  rowsFrom: string | null;
  picking: Picking;
  result: SubmitResult | null;
}

export const initialSendDraft: SendDraftState = {
  formFor: null,
  generation: 0,
  step: "setup",
  choices: null,
  initial: "",
  packageId: null,
  progress: {},
  restored: null,
  filesToFind: [],
  rowsFrom: null,
  picking: null,
  result: null,
};

export type SendDraftAction =
  /** A message (or a draft kept for it) starts the form; `draft` is what localStorage had. */
  | {
      type: "messageOpened";
      key: string;
      attachments: readonly SendDocument[];
      message: MessageRead;
      draft: SendDraft | null;
    }
  /** The same message's attachments read again (compose: the user attached another file). */
  | { type: "attachmentsRead"; attachments: readonly SendDocument[] }
  /** The recipients read again (compose, on focus), as `rows`; `from` names them. */
  | { type: "recipientsRead"; from: string; rows: SignerRow[] }
  /** A restored draft's files from disk were looked for; `lost` are those IndexedDB no longer has. */
  | { type: "filesLooked"; lost: { key: string; name: string }[] }
  /** Sent or discarded: the form starts again from the message. */
  | { type: "restarted" }
  | { type: "stepChosen"; step: Exclude<Step, "done"> }
  | { type: "documentsChanged"; documents: SendDocument[] }
  | { type: "signersChanged"; rows: SignerRow[]; signInOrder: boolean }
  | { type: "fieldsChanged"; fields: PlacedField[] }
  | { type: "tagOptionsChanged"; options: TagOptions }
  | { type: "warningAccepted"; id: string; accepted: boolean }
  | { type: "sendOptionsChanged"; options: SendOptions }
  /** Sending made the draft package or moved a document on: kept so a new try picks up there. */
  | { type: "packageSaved"; packageId?: string | null; progress?: Record<string, DocumentProgress> }
  /** The draft package was deleted (leaving a template, or before making one). */
  | { type: "packageDropped" }
  | { type: "sent"; result: SubmitResult }
  | { type: "templatePicking"; picking: Picking }
  /** A package made from a template: the send flow continues with it as its draft package. */
  | { type: "templateStarted"; packageId: string; rows: SignerRow[]; template: TemplateChoice }
  /** A package made from a template and sent at once. */
  | { type: "templateSent"; rows: SignerRow[]; result: SubmitResult }
  /** The template left (its package deleted): the message's people are the signers again. */
  | { type: "templateLeft"; rows: SignerRow[]; reopen: boolean };

/** The draft as localStorage keeps it and as sending reads it: built here only. */
export function draftRecord(
  choices: SendChoices,
  packageId: string | null,
  progress: Record<string, DocumentProgress>,
): SendDraft {
  return { version: 1, savedOn: new Date().toISOString(), ...choices, packageId, progress };
}

/** A new form for the message: all its attachments, its people as signers. */
export function freshChoices(attachments: readonly SendDocument[], message: MessageRead): SendChoices {
  return {
    documents: [...attachments],
    rows: prefillSigners(message.people, message.mode),
    signInOrder: true,
    fields: [],
    tagFormat: "Platform",
    visibleTags: false,
    signatureBlock: false,
    subject: plainLine(message.subject),
    // Never the mail's own text: a received mail greets the user and is signed by its sender,
    // which the invitation would then repeat to the signers. Writing, the user may
    // take their own text ("Use my message's text").
    message: NEUTRAL_MESSAGE,
    expiresInDays: 30,
    reminders: DEFAULT_REMINDERS,
    accepted: [],
    template: null,
  };
}

/**
 * A kept draft on the message as it is now: its attachments still there (in the draft's order,
 * chosen as they were), new ones after them, then the files from the user's disk.
 */
function restoredChoices(draft: SendDraft, attachments: readonly SendDocument[]): SendChoices {
  const present = new Map(attachments.map((d) => [d.key, d]));
  const kept = draft.documents.filter((d) => d.source === "attachment" && present.has(d.key));
  const fromDisk = draft.documents.filter((d) => d.source === "file");
  const added = attachments.filter((d) => !kept.some((k) => k.key === d.key));
  const documents = [
    ...kept.map((d) => ({ ...present.get(d.key)!, included: d.included })),
    ...added,
    ...fromDisk,
  ];
  const docKeys = new Set(documents.map((d) => d.key));
  return {
    documents,
    rows: draft.rows,
    signInOrder: draft.signInOrder,
    fields: draft.fields.filter((f) => docKeys.has(f.docKey)),
    tagFormat: draft.tagFormat,
    visibleTags: draft.visibleTags,
    signatureBlock: draft.signatureBlock,
    subject: draft.subject,
    message: draft.message,
    expiresInDays: draft.expiresInDays,
    reminders: draft.reminders,
    accepted: draft.accepted,
    template: draft.template ?? null,
  };
}

function withChoices(state: SendDraftState, change: (choices: SendChoices) => Partial<SendChoices>) {
  return state.choices ? { ...state, choices: { ...state.choices, ...change(state.choices) } } : state;
}

export function sendDraftReducer(state: SendDraftState, action: SendDraftAction): SendDraftState {
  switch (action.type) {
    case "messageOpened": {
      const fresh = freshChoices(action.attachments, action.message);
      const { draft } = action;
      const started: SendDraftState = {
        ...state,
        formFor: { key: action.key, attachments: action.attachments },
        generation: state.generation + 1,
        initial: JSON.stringify(fresh),
        step: "setup",
        picking: null,
        result: null,
      };
      if (!draft) {
        return { ...started, choices: fresh, packageId: null, progress: {}, restored: null, filesToFind: [] };
      }
      return {
        ...started,
        choices: restoredChoices(draft, action.attachments),
        packageId: draft.packageId,
        progress: draft.progress ?? {},
        restored: { savedOn: draft.savedOn, missing: [] },
        // Files from the user's disk come back from IndexedDB (send/draft-files.ts); those it no
        // longer has are taken out once it has been asked ("filesLooked").
        filesToFind: draft.documents
          .filter((d) => d.source === "file")
          .map((d) => ({ key: d.key, name: d.name })),
      };
    }
    case "attachmentsRead": {
      if (!state.formFor) return state;
      const formFor = { ...state.formFor, attachments: action.attachments };
      if (!state.choices) return { ...state, formFor };
      const present = new Map(action.attachments.map((d) => [d.key, d]));
      const before = new Map(state.choices.documents.map((d) => [d.key, d]));
      const documents = [
        ...action.attachments.map((d) => ({ ...d, included: before.get(d.key)?.included ?? d.included })),
        ...state.choices.documents.filter((d) => d.source === "file" && !present.has(d.key)),
      ];
      return { ...state, formFor, choices: { ...state.choices, documents } };
    }
    case "recipientsRead": {
      const first = state.rowsFrom === null;
      const next = { ...state, rowsFrom: action.from };
      // New rows only while the user has not started a draft: theirs are never replaced.
      const untouched =
        !first &&
        !state.restored &&
        state.step === "setup" &&
        state.choices !== null &&
        state.choices.fields.length === 0 &&
        !state.choices.template;
      return untouched ? withChoices(next, () => ({ rows: action.rows })) : next;
    }
    case "filesLooked": {
      const next = { ...state, filesToFind: [] };
      if (action.lost.length === 0) return next;
      const gone = new Set(action.lost.map((d) => d.key));
      return withChoices(
        {
          ...next,
          restored: next.restored ? { ...next.restored, missing: action.lost.map((d) => d.name) } : null,
        },
        (c) => ({
          documents: c.documents.filter((d) => !gone.has(d.key)),
          fields: c.fields.filter((f) => !gone.has(f.docKey)),
        }),
      );
    }
    case "restarted":
      return { ...state, formFor: null, restored: null };
    case "stepChosen":
      return { ...state, step: action.step };
    case "documentsChanged": {
      const keys = new Set(action.documents.map((d) => d.key));
      return withChoices(state, (c) => ({
        documents: action.documents,
        fields: c.fields.filter((f) => keys.has(f.docKey)),
      }));
    }
    case "signersChanged":
      return withChoices(state, () => ({ rows: action.rows, signInOrder: action.signInOrder }));
    case "fieldsChanged":
      return withChoices(state, () => ({ fields: action.fields }));
    case "tagOptionsChanged":
      return withChoices(state, () => action.options);
    case "warningAccepted":
      return withChoices(state, (c) => ({
        accepted: action.accepted
          ? [...new Set([...c.accepted, action.id])]
          : c.accepted.filter((a) => a !== action.id),
      }));
    case "sendOptionsChanged":
      return withChoices(state, () => action.options);
    case "packageSaved":
      return {
        ...state,
        ...(action.packageId !== undefined ? { packageId: action.packageId } : {}),
        ...(action.progress !== undefined ? { progress: action.progress } : {}),
      };
    case "packageDropped":
      return { ...state, packageId: null, progress: {} };
    case "sent":
      return { ...state, result: action.result, step: "done" };
    case "templatePicking":
      return { ...state, picking: action.picking };
    case "templateStarted": {
      const kept = action.template.documents.length;
      return {
        ...withChoices(state, (c) => ({
          rows: action.rows,
          signInOrder: true,
          fields: [],
          accepted: [],
          // The template's documents come first; the message's attachments may be added to them.
          documents: kept > 0 ? c.documents.map((d) => ({ ...d, included: false })) : c.documents,
          template: action.template,
        })),
        picking: null,
        packageId: action.packageId,
        progress: {},
        step: "setup",
      };
    }
    case "templateSent":
      return {
        ...withChoices(state, () => ({ rows: action.rows })),
        picking: null,
        result: action.result,
        step: "done",
      };
    case "templateLeft": {
      const template = state.choices?.template;
      return {
        ...withChoices(state, () => ({ template: null, rows: action.rows, fields: [], accepted: [] })),
        ...(action.reopen && template ? { picking: { templateId: template.id, fills: template.fills } } : {}),
      };
    }
  }
}
