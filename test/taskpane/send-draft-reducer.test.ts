/**
 * The Send view's state machine (views/send/draft-reducer.ts), one named action at a time: how a
 * form starts from a message or its kept draft, follows the message, and moves through the steps.
 */
import type { MessagePerson } from "../../src/taskpane/groups/people";
import type { SendDocument } from "../../src/taskpane/send/documents";
import type { SendDraft } from "../../src/taskpane/send/draft";
import type { PlacedField } from "../../src/taskpane/send/fields";
import type { SignerRow } from "../../src/taskpane/send/signers";
import type { SubmitResult } from "../../src/taskpane/send/submit";
import type { TemplateChoice } from "../../src/taskpane/send/template";
import {
  draftRecord,
  initialSendDraft,
  sendDraftReducer,
  type MessageRead,
  type SendDraftAction,
  type SendDraftState,
} from "../../src/taskpane/views/send/draft-reducer";
import { NEUTRAL_MESSAGE } from "../../src/taskpane/views/send/SendStep";

const attachment = (name: string, included = true): SendDocument => ({
  key: `a:${name}`,
  source: "attachment",
  attachmentId: name,
  name,
  size: 100,
  contentType: "application/pdf",
  sendable: true,
  reason: null,
  included,
});
const file = (name: string): SendDocument => ({
  ...attachment(name),
  key: `f:1:${name}`,
  source: "file",
  attachmentId: null,
});
const person = (address: string, roles: MessagePerson["roles"] = ["to"]): MessagePerson => ({
  key: address,
  address,
  name: address.split("@")[0]!,
  roles,
  isSelf: false,
  isDistributionList: false,
});
const field = (docKey: string, signerKey = "p:ana@example.com"): PlacedField => ({
  id: `${docKey}-field`,
  docKey,
  page: 1,
  x: 10,
  y: 10,
  width: 100,
  height: 20,
  type: "Signature",
  signerKey,
  required: true,
});
const message: MessageRead = {
  mode: "read",
  subject: "Contract\tfor signing",
  people: [person("boss@example.com", ["from"]), person("ana@example.com")],
};
const result = { pkg: { id: "pkg-1" }, signers: [], documents: [], skipped: [] } as unknown as SubmitResult;

const run = (...actions: SendDraftAction[]): SendDraftState =>
  actions.reduce(sendDraftReducer, initialSendDraft);
const opened = (attachments: readonly SendDocument[], draft: SendDraft | null = null): SendDraftAction => ({
  type: "messageOpened",
  key: "m:1",
  attachments,
  message,
  draft,
});

test("messageOpened without a kept draft: the message's attachments and people, the neutral message", () => {
  const attachments = [attachment("a.pdf"), attachment("b.pdf")];
  const state = run(opened(attachments));
  expect(state.formFor).toEqual({ key: "m:1", attachments });
  expect(state.generation).toBe(1);
  expect(state.step).toBe("setup");
  expect(state.choices).toMatchObject({
    documents: attachments,
    subject: "Contract for signing",
    message: NEUTRAL_MESSAGE,
    expiresInDays: 30,
    reminders: { enabled: true, firstAfterDays: 3, everyDays: 3 },
    template: null,
  });
  // The sender is offered but not chosen; the To recipient is.
  expect(state.choices!.rows.map((r) => [r.key, r.included])).toEqual([
    ["p:boss@example.com", false],
    ["p:ana@example.com", true],
  ]);
  expect(state.initial).toBe(JSON.stringify(state.choices));
  expect(state.restored).toBeNull();
  expect(state.packageId).toBeNull();
});

test("messageOpened with a kept draft: its attachments in its order, new ones after, files from disk last", () => {
  const fresh = run(opened([attachment("a.pdf")])).choices!;
  const draft: SendDraft = {
    ...draftRecord(
      {
        ...fresh,
        documents: [
          attachment("gone.pdf"),
          attachment("b.pdf", false),
          attachment("a.pdf"),
          file("disk.pdf"),
        ],
        fields: [field("a:gone.pdf"), field("a:a.pdf"), field("f:1:disk.pdf")],
        subject: "Edited",
      },
      "pkg-1",
      { "a:a.pdf": { sha256: "00", uploadId: "u-1", documentId: null } },
    ),
    savedOn: "2025-01-02T03:04:05.000Z",
  };
  const state = run(opened([attachment("a.pdf"), attachment("b.pdf"), attachment("c.pdf")], draft));
  expect(state.choices!.documents.map((d) => [d.key, d.included])).toEqual([
    ["a:b.pdf", false],
    ["a:a.pdf", true],
    ["a:c.pdf", true],
    ["f:1:disk.pdf", true],
  ]);
  expect(state.choices!.fields.map((f) => f.docKey)).toEqual(["a:a.pdf", "f:1:disk.pdf"]);
  expect(state.choices!.subject).toBe("Edited");
  expect(state.packageId).toBe("pkg-1");
  expect(state.progress).toEqual({ "a:a.pdf": { sha256: "00", uploadId: "u-1", documentId: null } });
  expect(state.restored).toEqual({ savedOn: "2025-01-02T03:04:05.000Z", missing: [] });
  expect(state.filesToFind).toEqual([{ key: "f:1:disk.pdf", name: "disk.pdf" }]);
});

test("filesLooked: files IndexedDB no longer has leave the draft with their fields, and are named", () => {
  const fresh = run(opened([attachment("a.pdf")])).choices!;
  const draft = draftRecord(
    { ...fresh, documents: [attachment("a.pdf"), file("disk.pdf")], fields: [field("f:1:disk.pdf")] },
    null,
    {},
  );
  const looking = run(opened([attachment("a.pdf")], draft));
  const none = sendDraftReducer(looking, { type: "filesLooked", lost: [] });
  expect(none.filesToFind).toEqual([]);
  expect(none.choices).toBe(looking.choices);

  const lost = sendDraftReducer(looking, {
    type: "filesLooked",
    lost: [{ key: "f:1:disk.pdf", name: "disk.pdf" }],
  });
  expect(lost.choices!.documents.map((d) => d.key)).toEqual(["a:a.pdf"]);
  expect(lost.choices!.fields).toEqual([]);
  expect(lost.restored!.missing).toEqual(["disk.pdf"]);
});

test("attachmentsRead: the message's attachments now, each chosen as before, files from disk kept", () => {
  const state = run(
    opened([attachment("a.pdf"), attachment("b.pdf")]),
    {
      type: "documentsChanged",
      documents: [attachment("a.pdf", false), attachment("b.pdf"), file("disk.pdf")],
    },
    { type: "attachmentsRead", attachments: [attachment("a.pdf"), attachment("c.pdf")] },
  );
  expect(state.generation).toBe(1); // the same form
  expect(state.choices!.documents.map((d) => [d.key, d.included])).toEqual([
    ["a:a.pdf", false],
    ["a:c.pdf", true],
    ["f:1:disk.pdf", true],
  ]);
});

test("recipientsRead: new rows only while the user has not started (no fields, no draft, no template)", () => {
  const rows: SignerRow[] = [
    {
      key: "p:new@example.com",
      kind: "person",
      email: "new@example.com",
      name: "new",
      roles: ["to"],
      type: "Signer",
      included: true,
    },
  ];
  const first = run(opened([attachment("a.pdf")]), { type: "recipientsRead", from: "read\nA", rows });
  expect(first.rowsFrom).toBe("read\nA");
  expect(first.choices!.rows.map((r) => r.key)).not.toEqual(["p:new@example.com"]); // the first read only noted

  const again = sendDraftReducer(first, { type: "recipientsRead", from: "read\nB", rows });
  expect(again.choices!.rows).toBe(rows);

  const started = sendDraftReducer(first, { type: "fieldsChanged", fields: [field("a:a.pdf")] });
  const kept = sendDraftReducer(started, { type: "recipientsRead", from: "read\nB", rows });
  expect(kept.rowsFrom).toBe("read\nB");
  expect(kept.choices!.rows).toBe(started.choices!.rows);
});

test("documentsChanged takes the fields of a document taken out with it", () => {
  const state = run(
    opened([attachment("a.pdf")]),
    { type: "documentsChanged", documents: [attachment("a.pdf"), file("disk.pdf")] },
    { type: "fieldsChanged", fields: [field("a:a.pdf"), field("f:1:disk.pdf")] },
    { type: "documentsChanged", documents: [attachment("a.pdf")] },
  );
  expect(state.choices!.fields.map((f) => f.docKey)).toEqual(["a:a.pdf"]);
});

test("steps, options and accepted warnings", () => {
  const state = run(
    opened([attachment("a.pdf")]),
    { type: "stepChosen", step: "check" },
    { type: "warningAccepted", id: "w1", accepted: true },
    { type: "warningAccepted", id: "w1", accepted: true },
    { type: "warningAccepted", id: "w2", accepted: true },
    { type: "warningAccepted", id: "w1", accepted: false },
    { type: "tagOptionsChanged", options: { visibleTags: true } },
    { type: "sendOptionsChanged", options: { subject: "New", expiresInDays: null } },
    { type: "signersChanged", rows: [], signInOrder: false },
  );
  expect(state.step).toBe("check");
  expect(state.choices).toMatchObject({
    accepted: ["w2"],
    visibleTags: true,
    subject: "New",
    expiresInDays: null,
    rows: [],
    signInOrder: false,
  });
});

test("packageSaved keeps what it is told; packageDropped forgets the package and its progress", () => {
  const progress = { "a:a.pdf": { sha256: "00", uploadId: null, documentId: "d-1" } };
  const created = run(opened([attachment("a.pdf")]), {
    type: "packageSaved",
    packageId: "pkg-1",
    progress: {},
  });
  const moved = sendDraftReducer(created, { type: "packageSaved", progress });
  expect([moved.packageId, moved.progress]).toEqual(["pkg-1", progress]);
  const dropped = sendDraftReducer(moved, { type: "packageDropped" });
  expect([dropped.packageId, dropped.progress]).toEqual([null, {}]);
});

test("sent, then restarted: the next messageOpened starts a new form", () => {
  const sent = run(
    opened([attachment("a.pdf")]),
    { type: "stepChosen", step: "send" },
    { type: "sent", result },
  );
  expect([sent.step, sent.result]).toEqual(["done", result]);
  const restarted = sendDraftReducer(sent, { type: "restarted" });
  expect(restarted.formFor).toBeNull();
  const again = sendDraftReducer(restarted, opened([attachment("a.pdf")]));
  expect([again.generation, again.step, again.result]).toEqual([2, "setup", null]);
});

test("a template: picked, started (its documents first, the attachments unchosen), left and reopened", () => {
  const template: TemplateChoice = {
    id: "t-1",
    name: "NDA",
    documents: [{ id: "d-1", name: "nda.pdf", pageCount: 2 }],
    roles: { "s:1": { roleName: "Client", fieldCount: 3 } },
    fills: { Client: { choice: "p:ana@example.com", email: "", name: "" } },
  };
  const rows: SignerRow[] = [
    {
      key: "s:1",
      kind: "person",
      email: "ana@example.com",
      name: "Ana",
      roles: [],
      type: "Signer",
      included: true,
    },
  ];
  const picking = run(
    opened([attachment("a.pdf")]),
    { type: "fieldsChanged", fields: [field("a:a.pdf")] },
    { type: "templatePicking", picking: "new" },
  );
  expect(picking.picking).toBe("new");
  const started = sendDraftReducer(picking, { type: "templateStarted", packageId: "pkg-t", rows, template });
  expect(started.picking).toBeNull();
  expect(started.packageId).toBe("pkg-t");
  expect(started.choices).toMatchObject({ template, rows, fields: [], accepted: [] });
  expect(started.choices!.documents.map((d) => d.included)).toEqual([false]);

  const messageRows = run(opened([attachment("a.pdf")])).choices!.rows;
  const left = sendDraftReducer(started, { type: "templateLeft", rows: messageRows, reopen: true });
  expect(left.choices).toMatchObject({ template: null, rows: messageRows });
  expect(left.picking).toEqual({ templateId: "t-1", fills: template.fills });

  const sentAtOnce = sendDraftReducer(picking, { type: "templateSent", rows, result });
  expect([sentAtOnce.step, sentAtOnce.picking, sentAtOnce.choices!.rows]).toEqual(["done", null, rows]);
});

test("draftRecord: the choices with the package and progress, as version 1 dated now", () => {
  const choices = run(opened([attachment("a.pdf")])).choices!;
  const record = draftRecord(choices, "pkg-1", {});
  expect(record).toEqual({
    ...choices,
    version: 1,
    savedOn: expect.any(String),
    packageId: "pkg-1",
    progress: {},
  });
  expect(new Date(record.savedOn).toISOString()).toBe(record.savedOn);
});
