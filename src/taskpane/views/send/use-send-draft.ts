import { useEffect, useMemo, useReducer, useState, type Dispatch } from "react";
import type { OutlookHost } from "../../../outlook";
import { useHost } from "../../host-context";
import { browserStorage, loadDraft, saveDraft, type DraftStorage } from "../../send/draft";
import { FILE_MAX_AGE_MS, indexedDbFileStore, type DraftFileStore } from "../../send/draft-files";
import { draftKeyFor } from "../../send/draft-key";
import { prefillSigners } from "../../send/signers";
import { type MessagePeopleState, useMessagePeople } from "../groups/use-message-people";
import {
  draftRecord,
  initialSendDraft,
  sendDraftReducer,
  type SendDraftAction,
  type SendDraftState,
} from "./draft-reducer";
import { type MessageDocumentsState, useMessageDocuments } from "./use-message-documents";

export interface SendDraftHook {
  host: OutlookHost | null;
  people: MessagePeopleState;
  attachments: MessageDocumentsState;
  /** The draft's key in localStorage and IndexedDB; null until the message has been read. */
  key: string | null;
  state: SendDraftState;
  dispatch: Dispatch<SendDraftAction>;
  storage: DraftStorage | null;
  fileStore: DraftFileStore | null;
}

/**
 * The open message's send form: started from the message (or the draft kept for it), following its
 * attachments and recipients as they are read again, and kept in localStorage while it is changed.
 */
export function useSendDraft(): SendDraftHook {
  const { host, itemVersion } = useHost();
  const { state: people } = useMessagePeople();
  const { state: attachments } = useMessageDocuments();
  const storage = useMemo(() => browserStorage(), []);
  const fileStore = useMemo(() => indexedDbFileStore(), []);
  const [state, dispatch] = useReducer(sendDraftReducer, initialSendDraft);
  const { formFor, choices, packageId, progress, step, restored, filesToFind } = state;

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

  // A message (or a draft of it) starts the form: dispatched while rendering, so no frame shows an
  // empty form. A new message read in a pinned pane starts again.
  if (
    key !== null &&
    people.status === "ready" &&
    attachments.status === "ready" &&
    (formFor?.key !== key || formFor.attachments !== attachments.documents)
  ) {
    if (formFor?.key !== key) {
      dispatch({
        type: "messageOpened",
        key,
        attachments: attachments.documents,
        message: people,
        draft: loadDraft(storage, key),
      });
    } else {
      dispatch({ type: "attachmentsRead", attachments: attachments.documents });
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
      if (!stale) dispatch({ type: "filesLooked", lost: found.filter((d) => d !== null) });
    });
    return () => {
      stale = true;
    };
  }, [key, filesToFind]);

  // Files older than any draft may be are dropped (their drafts are gone from localStorage).
  useEffect(() => {
    void fileStore?.sweep(Date.now() - FILE_MAX_AGE_MS).catch(() => undefined);
  }, [fileStore]);

  // Recipients read again (compose, on focus): the reducer offers new rows only when the addresses
  // changed and the user has not started a draft.
  const peopleKey =
    people.status === "ready" ? `${people.mode}\n${people.people.map((p) => p.key).join("\n")}` : null;
  if (people.status === "ready" && state.rowsFrom !== peopleKey && choices && formFor?.key === key) {
    dispatch({ type: "recipientsRead", from: peopleKey!, rows: prefillSigners(people.people, people.mode) });
  }

  // Kept in localStorage once the user has changed anything (or a send has begun).
  useEffect(() => {
    if (!key || !choices || step === "done") return;
    if (JSON.stringify(choices) === state.initial && !packageId && !restored) return;
    saveDraft(storage, key, draftRecord(choices, packageId, progress));
  }, [key, choices, packageId, progress, step]);

  return { host, people, attachments, key, state, dispatch, storage, fileStore };
}
