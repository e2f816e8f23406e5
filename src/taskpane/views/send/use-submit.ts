import { useState } from "react";
import type { ApiClient } from "../../../api/client";
import { isApiError } from "../../../api/errors";
import type { OutlookHost } from "../../../outlook";
import { acceptedChanges, type CheckResult } from "../../send/check";
import type { SendDocument } from "../../send/documents";
import { removeDraft, saveDraft } from "../../send/draft";
import { plainLine, plainText } from "../../send/plain-text";
import { SubmitError, submitDraft, type SubmitStage } from "../../send/submit";
import { draftRecord, type SendOptions } from "./draft-reducer";
import { MESSAGE_MAX, sendFormProblems, type SendFieldName, type UploadProgress } from "./SendStep";
import { loadStamp } from "./use-document-bytes";
import { useFormState } from "./use-form-state";
import type { SendDraftHook } from "./use-send-draft";

type FieldErrors = Partial<Record<SendFieldName, string>>;

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

/** Where a package comes from (the message) and who sends it, as the service keeps them. */
export function sentFrom(host: OutlookHost | null, subject: string | null) {
  return {
    source: {
      conversationId: host?.conversationId() ?? null,
      internetMessageId: host?.internetMessageId() ?? null,
      subject,
    },
    senderEmail: host?.userAddress().trim() || null,
  };
}

/**
 * Step 5: the send form's fields with their problems (the pane's and the service's), and sending
 * the draft (send/submit/submit-draft.ts) with its progress; what the service holds is kept in the draft as it
 * goes, so a failed send picks up where it stopped.
 */
export function useSubmit({
  draft,
  api,
  check,
  accepted,
  blocking,
  chosenDocs,
  readBytes,
}: {
  draft: SendDraftHook;
  api: ApiClient;
  check: CheckResult | null;
  accepted: ReadonlySet<string>;
  blocking: readonly unknown[];
  chosenDocs: readonly SendDocument[];
  readBytes(doc: SendDocument): Promise<Uint8Array>;
}) {
  const { host, people, key, state, dispatch, storage, fileStore } = draft;
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<SubmitStage | null>(null);
  const [uploads, setUploads] = useFormState(state.generation, () => new Map<string, UploadProgress>());
  const [failure, setFailure] = useFormState<SubmitError | null>(state.generation, () => null);
  const [fieldErrors, setFieldErrors] = useFormState<FieldErrors>(state.generation, () => ({}));

  /** The user changed the form: what they changed is no longer wrong as far as anyone knows. */
  const optionsChanged = (options: SendOptions) => {
    dispatch({ type: "sendOptionsChanged", options });
    setFieldErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(options))
        delete next[k === "expiresInDays" ? "expiry" : (k as SendFieldName)];
      return next;
    });
  };

  // Writing: the text the user has written so far, read when asked (it changes as they write).
  const takeBody = () => {
    if (!host) return;
    host.bodyText().then(
      (text) => {
        dispatch({
          type: "sendOptionsChanged",
          options: { message: plainText(text).trim().slice(0, MESSAGE_MAX) },
        });
        setFieldErrors((e) => ({ ...e, message: undefined }));
      },
      () => setFieldErrors((e) => ({ ...e, message: "Your message's text could not be read. Try again." })),
    );
  };

  const send = async () => {
    const { choices, packageId, progress } = state;
    if (!choices || key === null) return;
    const problems = sendFormProblems(choices);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0 || !check || blocking.length > 0) return;
    setBusy(true);
    setFailure(null);
    setUploads(new Map());
    const { leftOut, blockFor } = acceptedChanges(check, accepted);
    // What the service holds as sending goes on (state catches up only at the next render).
    let savedPackage = packageId;
    let savedProgress = progress;
    try {
      const stamp = await loadStamp();
      const outcome = await submitDraft({
        api,
        draft: draftRecord(choices, savedPackage, savedProgress),
        leftOut,
        blockFor,
        name: (plainLine(choices.subject) || chosenDocs[0]?.name || "Documents").slice(0, 200),
        ...sentFrom(host, people.status === "ready" ? plainLine(people.subject) : null),
        readBytes,
        stamp,
        sha256,
        remember: (patch) => {
          if (patch.packageId !== undefined) savedPackage = patch.packageId;
          if (patch.progress !== undefined) savedProgress = patch.progress;
          dispatch({ type: "packageSaved", ...patch });
          // Saved at once, not after the next render: the pane may close any moment.
          saveDraft(storage, key, draftRecord(choices, savedPackage, savedProgress));
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
      dispatch({ type: "sent", result: outcome });
    } catch (error) {
      const failed = error instanceof SubmitError ? error : new SubmitError("package", error);
      const cause = failed.cause;
      if (isApiError(cause) && cause.errors.length > 0) {
        const next: FieldErrors = {};
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

  return { send, busy, stage, uploads, failure, fieldErrors, optionsChanged, takeBody };
}
