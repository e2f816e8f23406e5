/**
 * Which key the Send view keeps a message's draft under (send/draft.ts, send/draft-files.ts).
 *
 * A received message has an Internet message id that never changes. A message being written has
 * none, nor an item id until Outlook saves it (getItemIdAsync would need a saveAsync, which puts a
 * copy in Drafts), and a new one has no thread either. Keyed by its subject, the user's setup would
 * be lost whenever they edit the subject (the pane reads it again on focus), the draft left behind.
 * So a compose item gets an id of its own, written into the item's
 * custom properties (loadCustomPropertiesAsync; they stay with the item while it is written, so a
 * pane closed and opened again on the same draft reads the same id back). The key is worked out
 * once per item: whatever the user edits afterwards, the draft stays where it is.
 *
 * Where the host has no custom properties (or refuses), the subject's key is used, read once when
 * the item is opened: editing the subject keeps the form, but a pane opened again after the edit
 * starts afresh. A draft saved under the subject's key is moved to the item's id.
 */
import type { OutlookHost } from "../../outlook";
import { loadDraft, messageKey, moveDraft, type DraftStorage } from "./draft";
import type { DraftFileStore } from "./draft-files";

/** The item's custom property holding the id of its Send draft. */
export const DRAFT_ID_PROPERTY = "signSendDraftId";

function newDraftId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The draft key for the host's current item; moves a draft found under its old key there. */
export async function draftKeyFor(
  host: OutlookHost,
  stores: { storage: DraftStorage | null; fileStore: DraftFileStore | null },
  newId: () => string = newDraftId,
): Promise<string> {
  const legacy = messageKey({
    internetMessageId: host.internetMessageId(),
    conversationId: host.conversationId(),
    subject: await host.subject(),
  });
  if (host.mode() !== "compose") return legacy;
  let key: string;
  try {
    let id = await host.itemProperty(DRAFT_ID_PROPERTY);
    if (!id) {
      id = newId();
      await host.setItemProperty(DRAFT_ID_PROPERTY, id);
    }
    key = `d:${id}`;
  } catch {
    return legacy; // no custom properties here: the old key, kept for as long as the pane is open
  }
  if (!loadDraft(stores.storage, key) && moveDraft(stores.storage, legacy, key)) {
    await stores.fileStore?.move(legacy, key).catch(() => undefined); // the files then need adding again
  }
  return key;
}
