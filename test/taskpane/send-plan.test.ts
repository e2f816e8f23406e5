/** The Send view's rules for documents and signers (src/taskpane/send): pure, so tested directly. */
import fc from "fast-check";
import type { AttachmentInfo } from "../../src/outlook";
import { messagePeople } from "../../src/taskpane/groups/people";
import {
  acceptedType,
  documentFromFile,
  documentsFromAttachments,
  documentsProblem,
  formatSize,
} from "../../src/taskpane/send/documents";
import {
  addGroup,
  addPerson,
  moveRow,
  prefillSigners,
  routingOrders,
  signersProblem,
  undoGroup,
  sendToGroupInstead,
  type SignerRow,
} from "../../src/taskpane/send/signers";

const attachment = (over: Partial<AttachmentInfo>): AttachmentInfo => ({
  id: "id",
  name: "file.pdf",
  contentType: "application/pdf",
  size: 1000,
  isInline: false,
  kind: "file",
  supported: true,
  unsupportedReason: null,
  ...over,
});

describe("documents", () => {
  test("PDF, PNG and JPEG attachments can be sent and start chosen; others say why not, in words", () => {
    const docs = documentsFromAttachments([
      attachment({ id: "1", name: "Contract.pdf" }),
      attachment({ id: "2", name: "scan.JPG", contentType: "" }),
      attachment({ id: "3", name: "Notes.docx", contentType: "application/vnd.openxmlformats" }),
      attachment({
        id: "4",
        name: "Plan.pdf",
        kind: "cloud",
        supported: false,
        unsupportedReason: "A cloud file: download it and attach a copy.",
      }),
      attachment({ id: "5", name: "logo.png", contentType: "image/png", isInline: true }),
      attachment({ id: "6", name: "Huge.pdf", size: 60 * 1024 * 1024 }),
    ]);
    expect(docs.map((d) => [d.key, d.sendable, d.included, d.contentType])).toEqual([
      ["a:1", true, true, "application/pdf"],
      ["a:2", true, true, "image/jpeg"],
      ["a:3", false, false, "application/vnd.openxmlformats"],
      ["a:4", false, false, "application/pdf"],
      ["a:6", false, false, "application/pdf"],
    ]);
    expect(docs[2]!.reason).toBe(
      "Only PDF, PNG and JPEG files can be sent for signature: save “Notes.docx” as a PDF first.",
    );
    expect(docs[3]!.reason).toBe("A cloud file: download it and attach a copy.");
    expect(docs[4]!.reason).toBe("“Huge.pdf” is 60 MB; a document may be at most 50 MB.");
  });

  test("a file from disk is judged the same way", () => {
    expect(documentFromFile({ name: "a.pdf", size: 10, type: "application/pdf" }, 1)).toMatchObject({
      key: "f:1:a.pdf",
      source: "file",
      sendable: true,
      included: true,
    });
    expect(documentFromFile({ name: "a.txt", size: 10, type: "text/plain" }, 2)).toMatchObject({
      sendable: false,
    });
  });

  test("the stated type wins, the extension is the fallback", () => {
    expect(acceptedType("x.bin", "application/pdf; name=x")).toBe("application/pdf");
    expect(acceptedType("x.jpeg", "application/octet-stream")).toBe("image/jpeg");
    expect(acceptedType("x", "application/octet-stream")).toBeNull();
  });

  test("at least one document, at most 25 and 200 MB", () => {
    const one = documentFromFile({ name: "a.pdf", size: 10, type: "application/pdf" }, 1);
    expect(documentsProblem([])).toBe("Choose at least one document to send.");
    expect(documentsProblem([{ ...one, included: false }])).toBe("Choose at least one document to send.");
    expect(documentsProblem([one])).toBeNull();
    expect(documentsProblem(Array.from({ length: 26 }, (_, i) => ({ ...one, key: `k${i}` })))).toMatch(
      /at most 25/,
    );
    const big = { ...one, size: 45 * 1024 * 1024 };
    expect(documentsProblem(Array.from({ length: 5 }, (_, i) => ({ ...big, key: `k${i}` })))).toMatch(
      /at most 200 MB/,
    );
  });

  test("sizes read as people read them", () => {
    expect([formatSize(1), formatSize(900), formatSize(2048), formatSize(1024 * 1024 * 1.25)]).toEqual([
      "1 byte",
      "900 bytes",
      "2 KB",
      "1.3 MB",
    ]);
  });
});

const people = (mode: "read" | "compose") =>
  messagePeople({
    mode,
    sender: { address: "Alex.Wilber@contoso.com", name: "Alex Wilber" },
    recipients: {
      to: [
        { address: "me@contoso.com", name: "Me" },
        { address: "megan@contoso.com", name: "Megan" },
      ],
      cc: [{ address: "sales@contoso.com", name: "Sales", recipientType: "distributionList" }],
      bcc: [{ address: "hidden@contoso.com", name: "Hidden" }],
    },
    self: "me@contoso.com",
  });

describe("signers", () => {
  test("reading: the To recipients are chosen, the user too when asked to sign; never the sender; Cc, lists and Bcc not", () => {
    const rows = prefillSigners(people("read"), "read");
    expect(rows.map((r) => (r.kind === "person" ? [r.email, r.included, r.isSelf ?? false] : null))).toEqual([
      ["Alex.Wilber@contoso.com", false, false],
      ["me@contoso.com", true, true],
      ["megan@contoso.com", true, false],
      ["sales@contoso.com", false, false],
    ]);
  });

  test("reading: a sender who is also on the To line is still not chosen", () => {
    const rows = prefillSigners(
      messagePeople({
        mode: "read",
        sender: { address: "alex@contoso.com", name: "Alex" },
        recipients: { to: [{ address: "ALEX@contoso.com", name: "Alex" }], cc: [], bcc: [] },
        self: "me@contoso.com",
      }),
      "read",
    );
    expect(rows.map((r) => r.included)).toEqual([false]);
  });

  test("writing: the To and Cc lines; the To recipients chosen but not the user", () => {
    const rows = prefillSigners(people("compose"), "compose");
    expect(rows.map((r) => (r.kind === "person" ? [r.email, r.included] : ""))).toEqual([
      ["me@contoso.com", false],
      ["megan@contoso.com", true],
      ["sales@contoso.com", false],
    ]);
  });

  test("a person added by address is checked as the service checks it, and once", () => {
    const rows = prefillSigners(people("read"), "read");
    expect(addPerson(rows, "not an address", "").problem).toBe(
      "The address must be an email address like name@example.com.",
    );
    expect(addPerson(rows, " MEGAN@contoso.com ", "").problem).toBe("MEGAN@contoso.com is already a signer.");
    // An unchosen one is chosen again rather than added twice.
    const again = addPerson(rows, "Alex.Wilber@CONTOSO.com", "");
    expect(again.rows?.filter((r) => r.kind === "person" && r.email === "Alex.Wilber@contoso.com")).toEqual([
      expect.objectContaining({ included: true }),
    ]);
    const added = addPerson(rows, "new@fabrikam.com", " New Person ");
    expect(added.rows?.at(-1)).toMatchObject({
      email: "new@fabrikam.com",
      name: "New Person",
      included: true,
      roles: [],
    });
  });

  test("send to the group instead keeps the place and the type, and turns back", () => {
    let rows: SignerRow[] = prefillSigners(people("read"), "read");
    rows = rows.map((r) => (r.key === "p:megan@contoso.com" ? { ...r, type: "Approver" } : r));
    const group = { id: "g1", name: "Legal", memberCount: 3 };
    const swapped = sendToGroupInstead(rows, "p:megan@contoso.com", group).rows!;
    expect(swapped[2]).toMatchObject({ kind: "group", groupId: "g1", type: "Approver", included: true });
    expect(sendToGroupInstead(swapped, "p:alex.wilber@contoso.com", group).problem).toMatch(
      /already a signer/,
    );
    expect(addGroup(swapped, group).problem).toMatch(/already a signer/);
    const back = undoGroup(swapped, "g:g1");
    expect(back[2]).toMatchObject({ kind: "person", email: "megan@contoso.com", type: "Approver" });
    // A slot added by search just goes.
    const searched = addGroup(rows, { id: "g2", name: "HR", memberCount: 1 }).rows!;
    expect(undoGroup(searched, "g:g2")).toEqual(rows);
  });

  test("someone must sign or approve", () => {
    const rows = prefillSigners(people("read"), "read");
    expect(signersProblem(rows)).toBeNull();
    expect(signersProblem(rows.map((r) => ({ ...r, included: false })))).toBe("Choose at least one signer.");
    expect(signersProblem(rows.map((r) => ({ ...r, type: "CarbonCopy" as const })))).toMatch(
      /Someone must sign or approve/,
    );
  });

  const rowsArb = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 })
    .chain((keys) =>
      fc
        .tuple(fc.constant(keys), fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }))
        .map(([ks, chosen]) =>
          ks.map((k, i): SignerRow => ({
            key: k,
            kind: "person",
            email: `${k}@x.com`,
            name: "",
            roles: [],
            type: "Signer",
            included: chosen[i]!,
          })),
        ),
    );

  test("moving a row keeps every row once and puts it where it was dropped", () => {
    fc.assert(
      fc.property(rowsArb, fc.nat(20), fc.integer({ min: -3, max: 20 }), (rows, fromSeed, to) => {
        const from = fromSeed % rows.length;
        const moved = moveRow(rows, from, to);
        expect([...moved].map((r) => r.key).sort()).toEqual([...rows].map((r) => r.key).sort());
        expect(moved[Math.max(0, Math.min(rows.length - 1, to))]).toBe(rows[from]);
        // The others keep their relative order.
        const others = (list: SignerRow[]) => list.filter((r) => r !== rows[from]).map((r) => r.key);
        expect(others(moved)).toEqual(others(rows));
      }),
    );
  });

  test("routing orders: 1, 2, 3… in list order when signing in order, else 1 for everyone; unchosen rows have none", () => {
    fc.assert(
      fc.property(rowsArb, fc.boolean(), (rows, inOrder) => {
        const orders = routingOrders(rows, inOrder);
        const chosen = rows.filter((r) => r.included);
        expect([...orders.keys()]).toEqual(chosen.map((r) => r.key));
        expect([...orders.values()]).toEqual(chosen.map((_, i) => (inOrder ? i + 1 : 1)));
      }),
    );
  });
});
