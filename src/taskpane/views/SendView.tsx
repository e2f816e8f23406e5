import { Suspense, lazy, useEffect, useMemo, useRef, useState } from "react";
import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  ArrowLeftRegular,
  ArrowRightRegular,
  DeleteRegular,
  DocumentCopyRegular,
  SendRegular,
} from "@fluentui/react-icons";
import { createApiClient } from "../../api/client";
import { isApiError } from "../../api/errors";
import { createSigningGroupsApi } from "../../api/signing-groups";
import { createTemplatesApi, type RoleFillRequest, type Template } from "../../api/templates";
import type { TagFormat } from "../../tags";
import type { OutlookHost } from "../../outlook";
import { RequireIdentity } from "../components/RequireIdentity";
import { ApiErrorMessage } from "../components/ApiErrorMessage";
import { useHost } from "../host-context";
import { useNavigation } from "../navigation";
import { useServiceClient } from "../service-client";
import { acceptedChanges, blockingProblems, checkDraft } from "../send/check";
import { documentsProblem, type SendDocument } from "../send/documents";
import {
  browserStorage,
  loadDraft,
  removeDraft,
  saveDraft,
  type DocumentProgress,
  type Reminders,
  type SendDraft,
} from "../send/draft";
import { draftKeyFor } from "../send/draft-key";
import { plainLine, plainText } from "../send/plain-text";
import { FILE_MAX_AGE_MS, fileBytes, indexedDbFileStore } from "../send/draft-files";
import { describeSigner, type PlacedField } from "../send/fields";
import { SIGNER_TYPE_LABELS, prefillSigners, signersProblem, type SignerRow } from "../send/signers";
import { SubmitError, submitDraft, type SubmitResult, type SubmitStage } from "../send/submit";
import {
  packageFromTemplate,
  rowsFromSigners,
  TemplateStartError,
  type RoleFills,
  type TemplateChoice,
} from "../send/template";
import { useMessagePeople } from "./groups/use-message-people";
import { ConfirmDialog } from "./groups/ConfirmDialog";
import { CheckStep } from "./send/CheckStep";
import { DocumentsStep } from "./send/DocumentsStep";
import type { LayoutState } from "./send/FieldsStep";
import {
  MESSAGE_MAX,
  NEUTRAL_MESSAGE,
  SUBJECT_MAX,
  SendStep,
  sendFormProblems,
  type SendFieldName,
  type UploadProgress,
} from "./send/SendStep";
import { SignersStep } from "./send/SignersStep";
import { TemplateStart } from "./send/TemplateStart";
import { TemplateSummary } from "./send/TemplateSummary";
import { type MessageDocumentsState, useMessageDocuments } from "./send/use-message-documents";

// pdf.js and pdf-lib come with the Fields step, in chunks of their own.
const FieldsStep = lazy(() => import(/* webpackChunkName: "send-fields" */ "./send/FieldsStep"));
const loadStamp = () => import(/* webpackChunkName: "send-stamp" */ "../send/stamp");

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  nav: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  steps: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    listStyleType: "none",
    margin: 0,
    padding: 0,
  },
  spacer: { flexGrow: 1 },
  header: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Send for signature: this message's attachments to the people on it (or their signing groups). */
export default function SendView() {
  // A file dropped anywhere but the drop box would make the pane's browser open it in place of the
  // add-in: while this view is shown, such drops are refused (the cursor says so).
  useEffect(() => {
    const refuse = (event: DragEvent): void => {
      if (event.defaultPrevented) return; // the drop box took it
      event.preventDefault();
      if (event.type === "dragover" && event.dataTransfer) event.dataTransfer.dropEffect = "none";
    };
    window.addEventListener("dragover", refuse);
    window.addEventListener("drop", refuse);
    return () => {
      window.removeEventListener("dragover", refuse);
      window.removeEventListener("drop", refuse);
    };
  }, []);
  return (
    <RequireIdentity
      title="Send for signature"
      headingId="send-heading"
      signInFor="to send this message's attachments for signature."
    >
      {() => <SendForm />}
    </RequireIdentity>
  );
}

type Step = "setup" | "fields" | "check" | "send" | "done";
const STEPS: { id: Exclude<Step, "done">; label: string }[] = [
  { id: "setup", label: "Documents and signers" },
  { id: "fields", label: "Fields" },
  { id: "check", label: "Check" },
  { id: "send", label: "Send" },
];

const DEFAULT_REMINDERS: Reminders = { enabled: true, firstAfterDays: 3, everyDays: 3 };

/** The service's field names as the send form names them. */
const SERVICE_FIELDS: Record<string, SendFieldName> = {
  emailSubject: "subject",
  emailMessage: "message",
  expirationDate: "expiry",
  firstAfterDays: "reminders",
  everyDays: "reminders",
};

/** The service names its fields ("emailSubject must…"): next to the field, the words the form uses. */
const SERVICE_FIELD_WORDS: Record<string, string> = {
  emailSubject: "The subject",
  emailMessage: "The message",
  expirationDate: "The expiry date",
  firstAfterDays: "The days before the first reminder",
  everyDays: "The days between reminders",
};

function fieldMessage(error: { field: string; message: string }): string {
  const words = SERVICE_FIELD_WORDS[error.field];
  return words && error.message.startsWith(`${error.field} `)
    ? `${words}${error.message.slice(error.field.length)}`
    : error.message;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

interface Choices {
  documents: SendDocument[];
  rows: SignerRow[];
  signInOrder: boolean;
  fields: PlacedField[];
  tagFormat: TagFormat;
  visibleTags: boolean;
  signatureBlock: boolean;
  subject: string;
  message: string;
  expiresInDays: number | null;
  reminders: Reminders;
  accepted: string[];
  /** Started from a template: its package is the draft package, its roles the signers. */
  template: TemplateChoice | null;
}

function SendForm() {
  const styles = useStyles();
  const client = useServiceClient();
  const api = useMemo(() => createApiClient(client), [client]);
  const groups = useMemo(() => createSigningGroupsApi(client), [client]);
  const templates = useMemo(() => createTemplatesApi(client), [client]);
  const { host, itemVersion } = useHost();
  const { navigate } = useNavigation();
  const { state: people } = useMessagePeople();
  const { state: attachments } = useMessageDocuments();
  const storage = useMemo(() => browserStorage(), []);
  const fileStore = useMemo(() => indexedDbFileStore(), []);

  const [step, setStep] = useState<Step>("setup");
  const [choices, setChoices] = useState<Choices | null>(null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, DocumentProgress>>({});
  const [layouts, setLayouts] = useState<Map<string, LayoutState>>(new Map());
  const [restored, setRestored] = useState<{ savedOn: string; missing: string[] } | null>(null);
  const [filesToFind, setFilesToFind] = useState<{ key: string; name: string }[]>([]);
  const [groupMembers, setGroupMembers] = useState<Map<string, number>>(new Map());
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<SubmitStage | null>(null);
  const [uploads, setUploads] = useState<Map<string, UploadProgress>>(new Map());
  const [failure, setFailure] = useState<SubmitError | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SendFieldName, string>>>({});
  const [result, setResult] = useState<SubmitResult | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [discardError, setDiscardError] = useState<unknown>(null);
  /** "Start from a template" open: fresh, or to change who fills a used template's roles. */
  const [picking, setPicking] = useState<null | { templateId: string; fills: RoleFills } | "new">(null);
  const [templateError, setTemplateError] = useState<unknown>(null);
  const files = useRef(new Map<string, File>());
  const originals = useRef(new Map<string, Promise<Uint8Array>>());
  const pdfs = useRef(new Map<string, Promise<Uint8Array>>());
  const initial = useRef<string>("");
  const pdfBytesRef = useRef<(doc: SendDocument) => Promise<Uint8Array>>(() =>
    Promise.reject(new Error("not ready")),
  );

  // The draft's key, worked out once per item (send/draft-key.ts): not from what the user may edit.
  const [keyOf, setKeyOf] = useState<{ host: OutlookHost; itemVersion: number; key: string } | null>(null);
  useEffect(() => {
    if (!host || !host.hasItem()) return;
    let stale = false;
    draftKeyFor(host, { storage, fileStore }).then(
      (resolved) => {
        if (!stale) setKeyOf({ host, itemVersion, key: resolved });
      },
      () => undefined, // the subject could not be read: the message's people say so
    );
    return () => {
      stale = true;
    };
  }, [host, itemVersion]);
  const key =
    people.status === "ready" && keyOf && keyOf.host === host && keyOf.itemVersion === itemVersion
      ? keyOf.key
      : null;

  // A message (or a draft of it) starts the form: adjusted while rendering, so no frame shows an
  // empty form. A new message read in a pinned pane starts again.
  const [formFor, setFormFor] = useState<{ key: string; attachments: MessageDocumentsState } | null>(null);
  if (
    key !== null &&
    people.status === "ready" &&
    attachments.status === "ready" &&
    (formFor?.key !== key || formFor.attachments !== attachments)
  ) {
    const sameMessage = formFor?.key === key;
    setFormFor({ key, attachments });
    if (!sameMessage) {
      files.current = new Map();
      originals.current = new Map();
      pdfs.current = new Map();
      const draft = loadDraft(storage, key);
      const fresh: Choices = {
        documents: attachments.documents,
        rows: prefillSigners(people.people, people.mode),
        signInOrder: true,
        fields: [],
        tagFormat: "Platform",
        visibleTags: false,
        signatureBlock: false,
        subject: plainLine(people.subject),
        // Never the mail's own text: a received mail greets the user and is signed by its sender,
        // which the invitation would then repeat to the signers (issue 28). Writing, the user may
        // take their own text ("Use my message's text").
        message: NEUTRAL_MESSAGE,
        expiresInDays: 30,
        reminders: DEFAULT_REMINDERS,
        accepted: [],
        template: null,
      };
      initial.current = JSON.stringify(fresh);
      setStep("setup");
      setPicking(null);
      setTemplateError(null);
      setLayouts(new Map());
      setResult(null);
      setFailure(null);
      setFieldErrors({});
      setUploads(new Map());
      if (draft) {
        const present = new Map(attachments.documents.map((d) => [d.key, d]));
        const kept = draft.documents.filter((d) => d.source === "attachment" && present.has(d.key));
        // Files from the user's disk come back from IndexedDB (send/draft-files.ts); those it
        // no longer has are taken out once it has been asked (below).
        const fromDisk = draft.documents.filter((d) => d.source === "file");
        const added = attachments.documents.filter((d) => !kept.some((k) => k.key === d.key));
        const documents = [
          ...kept.map((d) => ({ ...present.get(d.key)!, included: d.included })),
          ...added,
          ...fromDisk,
        ];
        const docKeys = new Set(documents.map((d) => d.key));
        setChoices({
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
        });
        setPackageId(draft.packageId);
        setProgress(draft.progress ?? {});
        setRestored({ savedOn: draft.savedOn, missing: [] });
        setFilesToFind(fromDisk.map((d) => ({ key: d.key, name: d.name })));
      } else {
        setChoices(fresh);
        setPackageId(null);
        setProgress({});
        setRestored(null);
        setFilesToFind([]);
      }
    } else if (choices) {
      // The same message's attachments read again (compose: the user attached another file).
      const present = new Map(attachments.documents.map((d) => [d.key, d]));
      const before = new Map(choices.documents.map((d) => [d.key, d]));
      setChoices({
        ...choices,
        documents: [
          ...attachments.documents.map((d) => ({
            ...d,
            included: before.get(d.key)?.included ?? d.included,
          })),
          ...choices.documents.filter((d) => d.source === "file" && !present.has(d.key)),
        ],
      });
    }
  }

  // A restored draft's files from disk: those IndexedDB no longer has (another browser, cleared
  // data) are taken out of the draft with their fields, and the user is told to add them again.
  useEffect(() => {
    if (!key || filesToFind.length === 0) return;
    let stale = false;
    void Promise.all(
      filesToFind.map((doc) =>
        (fileStore ? fileStore.get(key, doc.key) : Promise.resolve(null)).then(
          (file) => (file ? null : doc),
          () => doc,
        ),
      ),
    ).then((found) => {
      if (stale) return;
      setFilesToFind([]);
      const lost = found.filter((d) => d !== null);
      if (lost.length === 0) return;
      const gone = new Set(lost.map((d) => d.key));
      setRestored((r) => (r ? { ...r, missing: lost.map((d) => d.name) } : r));
      setChoices((c) =>
        c
          ? {
              ...c,
              documents: c.documents.filter((d) => !gone.has(d.key)),
              fields: c.fields.filter((f) => !gone.has(f.docKey)),
            }
          : c,
      );
    });
    return () => {
      stale = true;
    };
  }, [key, filesToFind]);

  // Files older than any draft may be are dropped (their drafts are gone from localStorage).
  useEffect(() => {
    void fileStore?.sweep(Date.now() - FILE_MAX_AGE_MS).catch(() => undefined);
  }, [fileStore]);

  // Recipients read again (compose, on focus): new rows only when the addresses changed and the
  // user has not started a draft.
  const peopleKey =
    people.status === "ready" ? `${people.mode}\n${people.people.map((p) => p.key).join("\n")}` : null;
  const [rowsFrom, setRowsFrom] = useState<string | null>(null);
  if (people.status === "ready" && rowsFrom !== peopleKey && choices && formFor?.key === key) {
    const first = rowsFrom === null;
    setRowsFrom(peopleKey);
    if (!first && !restored && step === "setup" && choices.fields.length === 0 && !choices.template) {
      setChoices({ ...choices, rows: prefillSigners(people.people, people.mode) });
    }
  }

  // Kept in localStorage once the user has changed anything (or a send has begun).
  useEffect(() => {
    if (!key || !choices || step === "done") return;
    const snapshot = JSON.stringify(choices);
    if (snapshot === initial.current && !packageId && !restored) return;
    const draft: SendDraft = {
      version: 1,
      savedOn: new Date().toISOString(),
      ...choices,
      packageId,
      progress,
    };
    saveDraft(storage, key, draft);
  }, [key, choices, packageId, progress, step]);

  const chosenDocs = useMemo(
    () => choices?.documents.filter((d) => d.included && d.sendable) ?? [],
    [choices?.documents],
  );
  const check = useMemo(
    () =>
      choices && (step === "check" || step === "send")
        ? checkDraft({
            documents: choices.documents,
            rows: choices.rows,
            fields: choices.fields,
            layouts,
            signatureBlock: choices.signatureBlock,
            groupMembers,
            template: choices.template
              ? {
                  documentCount: choices.template.documents.length,
                  fieldsByRow: new Map(
                    Object.entries(choices.template.roles).map(([row, role]) => [row, role.fieldCount]),
                  ),
                }
              : null,
          })
        : null,
    [choices, layouts, groupMembers, step],
  );
  const accepted = useMemo(() => new Set(choices?.accepted ?? []), [choices?.accepted]);
  const blocking = check ? blockingProblems(check, accepted) : [];

  // The check asks the service how many members each group slot has now.
  useEffect(() => {
    if (step !== "check" || !choices) return;
    const ids = [
      ...new Set(choices.rows.flatMap((r) => (r.kind === "group" && r.included ? [r.groupId] : []))),
    ];
    const abort = new AbortController();
    void Promise.all(
      ids.map((id) =>
        groups.get(id, { signal: abort.signal }).then(
          (g) => [id, g.memberCount] as const,
          () => null,
        ),
      ),
    ).then((found) => {
      if (!abort.signal.aborted) setGroupMembers(new Map(found.filter((f) => f !== null)));
    });
    return () => abort.abort();
  }, [step]);

  // The check needs every chosen document's pages and tags: those not opened in step 3 (the user
  // went straight to the check) are read here.
  const missingLayouts = chosenDocs
    .filter((d) => !layouts.has(d.key))
    .map((d) => d.key)
    .join("\n");
  useEffect(() => {
    if ((step !== "check" && step !== "send") || missingLayouts === "") return;
    let cancelled = false;
    void (async () => {
      for (const doc of chosenDocs) {
        if (cancelled || layouts.has(doc.key)) continue;
        let layout: LayoutState;
        try {
          const { openPdf } = await import(/* webpackChunkName: "send-pdf" */ "../send/pdf-engine");
          const pdf = await openPdf(await pdfBytesRef.current(doc));
          layout = { pages: pdf.pages, tags: pdf.tags };
          void pdf.close();
        } catch (error) {
          layout = { error: error instanceof Error ? error.message : String(error) };
        }
        if (!cancelled) setLayouts((m) => new Map(m).set(doc.key, layout));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [step, missingLayouts]);

  if (people.status === "no-item" || attachments.status === "no-item") {
    return (
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>No message open</MessageBarTitle>
          Open or select a message to send its attachments for signature.
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (people.status === "failed" || attachments.status === "failed") {
    const error =
      people.status === "failed" ? people.error : attachments.status === "failed" ? attachments.error : null;
    return <ApiErrorMessage title="Could not read this message" error={error} />;
  }
  if (people.status === "loading" || attachments.status === "loading" || !choices || !key) {
    return <Spinner size="tiny" label="Reading the message…" labelPosition="after" />;
  }

  const change = (patch: Partial<Choices>) => setChoices((c) => (c ? { ...c, ...patch } : c));
  // Writing: the text the user has written so far, read when asked (it changes as they write).
  const takeBody = () => {
    if (!host) return;
    host.bodyText().then(
      (text) => {
        change({ message: plainText(text).trim().slice(0, MESSAGE_MAX) });
        setFieldErrors((e) => ({ ...e, message: undefined }));
      },
      () => setFieldErrors((e) => ({ ...e, message: "Your message's text could not be read. Try again." })),
    );
  };

  const readBytes = (doc: SendDocument): Promise<Uint8Array> => {
    let bytes = originals.current.get(doc.key);
    if (!bytes) {
      const file = files.current.get(doc.key);
      const lost = () => Promise.reject(new Error(`“${doc.name}” is no longer available: add it again.`));
      bytes = file
        ? fileBytes(file)
        : doc.attachmentId && host
          ? host.attachmentContent(doc.attachmentId)
          : doc.source === "file" && fileStore
            ? fileStore.get(key, doc.key).then((kept) => (kept ? kept.bytes : lost()))
            : lost();
      bytes.catch(() => originals.current.delete(doc.key)); // read again next time
      originals.current.set(doc.key, bytes);
    }
    return bytes;
  };
  const pdfBytes = (doc: SendDocument): Promise<Uint8Array> => {
    let pdf = pdfs.current.get(doc.key);
    if (!pdf) {
      pdf = Promise.all([readBytes(doc), loadStamp()]).then(([bytes, stamp]) =>
        stamp.asPdf(bytes, doc.contentType),
      );
      pdf.catch(() => pdfs.current.delete(doc.key));
      pdfs.current.set(doc.key, pdf);
    }
    return pdf;
  };

  pdfBytesRef.current = pdfBytes;

  const send = async () => {
    const problems = sendFormProblems(choices);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0 || !check || blocking.length > 0) return;
    setBusy(true);
    setFailure(null);
    setUploads(new Map());
    const { leftOut, blockFor } = acceptedChanges(check, accepted);
    let savedPackage = packageId;
    let savedProgress = progress;
    try {
      const stamp = await loadStamp();
      const outcome = await submitDraft({
        api,
        draft: {
          version: 1,
          savedOn: new Date().toISOString(),
          ...choices,
          packageId: savedPackage,
          progress: savedProgress,
        },
        leftOut,
        blockFor,
        name: (plainLine(choices.subject) || chosenDocs[0]?.name || "Documents").slice(0, 200),
        source: {
          conversationId: host?.conversationId() ?? null,
          internetMessageId: host?.internetMessageId() ?? null,
          subject: people.status === "ready" ? plainLine(people.subject) : null,
        },
        senderEmail: host?.userAddress().trim() || null,
        readBytes,
        stamp,
        sha256,
        remember: (patch) => {
          if (patch.packageId !== undefined) {
            savedPackage = patch.packageId;
            setPackageId(patch.packageId);
          }
          if (patch.progress !== undefined) {
            savedProgress = patch.progress;
            setProgress(patch.progress);
          }
          // Saved at once, not after the next render: the pane may close any moment.
          saveDraft(storage, key, {
            version: 1,
            savedOn: new Date().toISOString(),
            ...choices,
            packageId: savedPackage,
            progress: savedProgress,
          });
        },
        onEvent: (event) => {
          if (event.kind === "stage") setStage(event.stage);
          else
            setUploads((m) =>
              new Map(m).set(event.docKey, { sent: event.sent, total: event.total, resumed: event.resumed }),
            );
        },
      });
      removeDraft(storage, key);
      void fileStore?.remove(key).catch(() => undefined);
      setResult(outcome);
      setStep("done");
    } catch (error) {
      const failed = error instanceof SubmitError ? error : new SubmitError("package", error);
      const cause = failed.cause;
      if (isApiError(cause) && cause.errors.length > 0) {
        const next: Partial<Record<SendFieldName, string>> = {};
        for (const e of cause.errors) {
          const field = SERVICE_FIELDS[e.field];
          if (field) next[field] = fieldMessage(e);
        }
        setFieldErrors(next);
      }
      setFailure(failed);
    } finally {
      setBusy(false);
      setStage(null);
    }
  };

  const discard = async () => {
    setConfirmDiscard(false);
    setDiscardError(null);
    if (packageId) {
      try {
        await api.request("DELETE", "/api/v1/packages/{id}", { path: { id: packageId } });
      } catch (error) {
        if (!(isApiError(error) && error.status === 404)) {
          setDiscardError(error);
          return;
        }
      }
    }
    removeDraft(storage, key);
    void fileStore?.remove(key).catch(() => undefined);
    setFormFor(null); // starts again from the message
    setRestored(null);
  };

  const messageRows = prefillSigners(people.people, people.mode);

  /** Deletes the draft package (one from a template, or an earlier try's); throws when it cannot. */
  const dropPackage = async () => {
    if (!packageId) return;
    try {
      await api.request("DELETE", "/api/v1/packages/{id}", { path: { id: packageId } });
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) throw error;
    }
    setPackageId(null);
    setProgress({});
  };

  const startFromTemplate = async (
    template: Template,
    roles: RoleFillRequest[],
    fills: RoleFills,
    sendNow: boolean,
  ) => {
    setTemplateError(null);
    try {
      await dropPackage();
    } catch (error) {
      throw new TemplateStartError("prepare", error);
    }
    const outcome = await packageFromTemplate({
      api,
      templates,
      template,
      roles,
      send: sendNow,
      fields: {
        source: {
          conversationId: host?.conversationId() ?? null,
          internetMessageId: host?.internetMessageId() ?? null,
          subject: plainLine(people.subject),
        },
        senderEmail: host?.userAddress().trim() || null,
        emailSubject: (choices.subject.trim() || template.name).slice(0, SUBJECT_MAX),
        emailMessage: choices.message.slice(0, MESSAGE_MAX),
        expiresInDays: choices.expiresInDays,
      },
      reminders: choices.reminders,
    });
    // The service copies a group's members only when it sends: the check needs their count now.
    const groupIds = [
      ...new Set(outcome.signers.flatMap((s) => (s.signingGroupId ? [s.signingGroupId] : []))),
    ];
    const counts = new Map(
      await Promise.all(
        groupIds.map((id) =>
          groups.get(id).then(
            (g) => [id, g.memberCount] as const,
            () => [id, 1] as const, // unknown: the check asks again
          ),
        ),
      ),
    );
    const rows = rowsFromSigners(outcome.signers, counts);
    setPicking(null);
    if (sendNow) {
      removeDraft(storage, key);
      void fileStore?.remove(key).catch(() => undefined);
      setChoices({ ...choices, rows });
      setResult({ pkg: outcome.pkg, signers: outcome.signers, documents: outcome.documents, skipped: [] });
      setStep("done");
      return;
    }
    const kept = outcome.documents.length;
    setChoices({
      ...choices,
      rows,
      signInOrder: true,
      fields: [],
      accepted: [],
      // The template's documents come first; the message's attachments may be added to them.
      documents: kept > 0 ? choices.documents.map((d) => ({ ...d, included: false })) : choices.documents,
      template: {
        id: template.id,
        name: template.name,
        documents: outcome.documents.map((d) => ({ id: d.id, name: d.name, pageCount: d.pageCount })),
        roles: Object.fromEntries(
          outcome.signers.map((s, i) => [
            rows[i]!.key,
            { roleName: s.roleName ?? s.name, fieldCount: outcome.fieldCounts.get(s.id) ?? 0 },
          ]),
        ),
        fills,
      },
    });
    setPackageId(outcome.pkg.id);
    setProgress({});
    setStep("setup");
  };

  /** Leaves the template (or reopens it to change who fills its roles): its package is deleted. */
  const leaveTemplate = async (reopen: boolean) => {
    const template = choices.template;
    if (!template) return;
    setTemplateError(null);
    setBusy(true);
    try {
      await dropPackage();
    } catch (error) {
      setTemplateError(error);
      return;
    } finally {
      setBusy(false);
    }
    setChoices({ ...choices, template: null, rows: messageRows, fields: [], accepted: [] });
    if (reopen) setPicking({ templateId: template.id, fills: template.fills });
  };

  if (picking !== null && step === "setup") {
    return (
      <div className={styles.root}>
        <section aria-labelledby="send-heading" className={styles.header}>
          <Subtitle2 as="h2" id="send-heading">
            Send for signature
          </Subtitle2>
          <Body1 as="p">{people.subject ? `From “${people.subject}”.` : "From this message."}</Body1>
        </section>
        <TemplateStart
          templates={templates}
          groups={groups}
          people={messageRows}
          initial={picking === "new" ? null : picking}
          onStart={startFromTemplate}
          onCancel={() => setPicking(null)}
        />
      </div>
    );
  }

  if (step === "done" && result) {
    return (
      <Sent
        result={result}
        rows={choices.rows}
        onStatus={() => navigate({ view: "status", packageId: result.pkg.id })}
        onAgain={() => {
          setFormFor(null);
          setRestored(null);
        }}
      />
    );
  }

  const setupProblem =
    documentsProblem(choices.documents, choices.template?.documents.length ?? 0) ??
    signersProblem(choices.rows);
  const stepIndex = STEPS.findIndex((s) => s.id === step);
  const canSend = blocking.length === 0 && !busy;

  return (
    <div className={styles.root}>
      <section aria-labelledby="send-heading" className={styles.header}>
        <Subtitle2 as="h2" id="send-heading">
          Send for signature
        </Subtitle2>
        <Body1 as="p">{people.subject ? `From “${people.subject}”.` : "From this message."}</Body1>
      </section>
      <nav aria-label="Steps">
        <ol className={styles.steps}>
          {STEPS.map((s, i) => (
            <li key={s.id}>
              <Button
                size="small"
                appearance={s.id === step ? "primary" : "subtle"}
                aria-current={s.id === step ? "step" : undefined}
                disabled={
                  busy ||
                  (i > stepIndex &&
                    (setupProblem !== null || (i > 2 && blocking.length > 0 && i > stepIndex)))
                }
                onClick={() => setStep(s.id)}
              >
                {`${i === 0 ? "1–2" : i + 2}. ${s.label}`}
              </Button>
            </li>
          ))}
        </ol>
      </nav>
      {restored ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Your draft is back</MessageBarTitle>
            {`Saved ${new Date(restored.savedOn).toLocaleString()}.`}
            {restored.missing.length > 0
              ? ` Add ${restored.missing.map((m) => `“${m}”`).join(", ")} again: this browser no longer has ${restored.missing.length === 1 ? "it" : "them"}.`
              : ""}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {step === "setup" ? (
        <>
          {choices.template ? (
            <TemplateSummary
              template={choices.template}
              rows={choices.rows}
              busy={busy}
              onChangeRoles={() => void leaveTemplate(true)}
              onLeave={() => void leaveTemplate(false)}
            />
          ) : (
            <div className={styles.nav}>
              <Button icon={<DocumentCopyRegular />} onClick={() => setPicking("new")}>
                Start from a template
              </Button>
            </div>
          )}
          {templateError ? (
            <ApiErrorMessage
              title="The template's draft package could not be deleted"
              error={templateError}
            />
          ) : null}
          <DocumentsStep
            kept={choices.template?.documents.length ?? 0}
            documents={choices.documents}
            onChange={(next, added) => {
              for (const [k, file] of added ?? []) {
                files.current.set(k, file);
                // Kept for a pane closed before sending; a file that cannot be kept is asked for
                // again then (as the restored draft says).
                void fileBytes(file)
                  .then((bytes) => fileStore?.put(key, k, { name: file.name, type: file.type, bytes }))
                  .catch(() => undefined);
              }
              const keys = new Set(next.map((d) => d.key));
              for (const d of choices.documents) {
                if (d.source === "file" && !keys.has(d.key)) {
                  files.current.delete(d.key);
                  originals.current.delete(d.key);
                  pdfs.current.delete(d.key);
                  void fileStore?.remove(key, d.key).catch(() => undefined);
                }
              }
              change({ documents: next, fields: choices.fields.filter((f) => keys.has(f.docKey)) });
            }}
          />
          {choices.template ? null : (
            <SignersStep
              rows={choices.rows}
              signInOrder={choices.signInOrder}
              groups={groups}
              onChange={(rows, signInOrder) => change({ rows, signInOrder })}
            />
          )}
        </>
      ) : null}
      {step === "fields" ? (
        <Suspense fallback={<Spinner size="tiny" label="Loading the pages…" labelPosition="after" />}>
          <FieldsStep
            documents={chosenDocs}
            rows={choices.rows}
            fields={choices.fields}
            onFieldsChange={(fields) => change({ fields })}
            layouts={layouts}
            onLayout={(docKey, layout) => setLayouts((m) => new Map(m).set(docKey, layout))}
            pdfBytes={pdfBytes}
            tagFormat={choices.tagFormat}
            visibleTags={choices.visibleTags}
            signatureBlock={choices.signatureBlock}
            onOptions={(o) => change(o)}
          />
        </Suspense>
      ) : null}
      {step === "check" ? (
        <CheckStep
          result={check}
          accepted={accepted}
          onAccept={(id, yes) =>
            change({
              accepted: yes
                ? [...new Set([...choices.accepted, id])]
                : choices.accepted.filter((a) => a !== id),
            })
          }
        />
      ) : null}
      {step === "send" ? (
        <>
          <SendStep
            subject={choices.subject}
            message={choices.message}
            expiresInDays={choices.expiresInDays}
            reminders={choices.reminders}
            onChange={(patch) => {
              change(patch);
              setFieldErrors((e) => {
                const next = { ...e };
                for (const k of Object.keys(patch))
                  delete next[k === "expiresInDays" ? "expiry" : (k as SendFieldName)];
                return next;
              });
            }}
            fieldErrors={fieldErrors}
            onUseBody={people.mode === "compose" ? takeBody : undefined}
            documents={chosenDocs}
            uploads={uploads}
            stage={stage}
            busy={busy}
          />
          {blocking.length > 0 ? (
            <Caption1>{`The check found ${blocking.length === 1 ? "1 problem" : `${blocking.length} problems`} to fix or accept first (step 4).`}</Caption1>
          ) : null}
          {failure ? (
            <ApiErrorMessage
              title={failureTitle(failure, chosenDocs)}
              error={failure.cause}
              message={`${failure.message} Nothing is lost: your choices and what was already uploaded are kept. Try again to continue.`}
            />
          ) : null}
        </>
      ) : null}
      {discardError ? (
        <ApiErrorMessage title="The draft could not be discarded" error={discardError} />
      ) : null}
      <div className={styles.nav}>
        {stepIndex > 0 ? (
          <Button
            icon={<ArrowLeftRegular />}
            disabled={busy}
            onClick={() => setStep(STEPS[stepIndex - 1]!.id)}
          >
            Back
          </Button>
        ) : null}
        {step === "setup" ? (
          <Button
            appearance="primary"
            icon={<ArrowRightRegular />}
            iconPosition="after"
            disabled={setupProblem !== null}
            onClick={() => setStep("fields")}
          >
            Next: fields
          </Button>
        ) : null}
        {step === "fields" ? (
          <Button
            appearance="primary"
            icon={<ArrowRightRegular />}
            iconPosition="after"
            onClick={() => setStep("check")}
          >
            Next: check
          </Button>
        ) : null}
        {step === "check" ? (
          <Button
            appearance="primary"
            icon={<ArrowRightRegular />}
            iconPosition="after"
            disabled={blocking.length > 0}
            onClick={() => setStep("send")}
          >
            Next: send
          </Button>
        ) : null}
        {step === "send" ? (
          <Button appearance="primary" icon={<SendRegular />} disabled={!canSend} onClick={() => void send()}>
            {busy ? "Sending…" : failure ? "Try again" : "Send"}
          </Button>
        ) : null}
        <span className={styles.spacer} />
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          disabled={busy}
          onClick={() => setConfirmDiscard(true)}
        >
          Discard draft
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard this draft?"
        confirm="Discard draft"
        onConfirm={() => void discard()}
        onCancel={() => setConfirmDiscard(false)}
      >
        {packageId
          ? "Your choices and the fields you added are removed, and the draft package on the service is deleted."
          : "Your choices and the fields you added are removed."}
      </ConfirmDialog>
    </div>
  );
}

function failureTitle(failure: SubmitError, docs: readonly SendDocument[]): string {
  const doc = failure.docKey ? docs.find((d) => d.key === failure.docKey) : null;
  switch (failure.stage) {
    case "documents":
      return doc ? `“${doc.name}” could not be uploaded` : "The documents could not be uploaded";
    case "signers":
      return "The signers could not be added";
    case "fields":
      return "The fields could not be placed";
    case "sending":
      return "The package could not be sent";
    default:
      return "The package could not be prepared";
  }
}

function Sent({
  result,
  rows,
  onStatus,
  onAgain,
}: {
  result: SubmitResult;
  rows: readonly SignerRow[];
  onStatus(): void;
  onAgain(): void;
}) {
  const styles = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const byGroup = new Map(rows.flatMap((r) => (r.kind === "group" ? [[r.groupId, r] as const] : [])));
  return (
    <section className={styles.root} aria-labelledby="send-done-heading">
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>
            <span ref={heading} id="send-done-heading" tabIndex={-1}>
              {`Sent: “${result.pkg.name}”`}
            </span>
          </MessageBarTitle>
          {result.pkg.status === "Scheduled" ? "It is scheduled." : "The signers are being invited now."}
        </MessageBarBody>
      </MessageBar>
      <div>
        <Body1 as="p">
          {result.documents.length === 1 ? "Document:" : `${result.documents.length} documents:`}
        </Body1>
        <ul className={styles.list} aria-label="Documents sent">
          {result.documents.map((d) => (
            <li key={d.id}>{`${d.name} (${d.pageCount === 1 ? "1 page" : `${d.pageCount} pages`})`}</li>
          ))}
        </ul>
      </div>
      <div>
        <Body1 as="p">To:</Body1>
        <ol className={styles.list} aria-label="Sent to">
          {result.signers.map((s) => {
            const group = s.signingGroupId ? byGroup.get(s.signingGroupId) : undefined;
            const who = group
              ? describeSigner(group)
              : s.email && s.name !== s.email
                ? `${s.name} <${s.email}>`
                : s.name;
            const type = (SIGNER_TYPE_LABELS as Record<string, string>)[s.type] ?? s.type;
            return <li key={s.id}>{`${who} · ${type}`}</li>;
          })}
        </ol>
      </div>
      {result.skipped.length > 0 ? (
        <Caption1 className={styles.muted}>
          {`${result.skipped.length === 1 ? "1 tag was" : `${result.skipped.length} tags were`} left as text: ${result.skipped
            .map((s) => `“${s.text}” (page ${s.page})`)
            .join(", ")}.`}
        </Caption1>
      ) : null}
      <div className={styles.nav}>
        <Button appearance="primary" onClick={onStatus}>
          See its status
        </Button>
        <Button onClick={onAgain}>Send another</Button>
      </div>
    </section>
  );
}
