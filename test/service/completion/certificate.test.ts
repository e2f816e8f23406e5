import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import {
  certificateOfCompletion,
  type CertificateInput,
  type CertificateSigner,
} from "../../../src/service/completion/certificate";
import { textOf } from "../../pdf/poppler";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

function input(signers: CertificateSigner[]): CertificateInput {
  return {
    package: {
      id: "pkg_01JDX3Y8Z9",
      name: "Master services agreement — Contoso",
      status: "Completed",
      sender: { name: "Sam Sender", email: "sam@fabrikam.com" },
      sentAt: "2026-11-20T09:00:00Z",
      completedAt: new Date("2026-11-21T16:30:05Z"),
    },
    signers,
    documents: [
      { name: "MSA.pdf", pages: 12, originalSha256: sha("a"), finalSha256: sha("b") },
      { name: "Annex A.pdf", pages: 3, originalSha256: sha("c"), finalSha256: sha("d") },
    ],
    audit: { isValid: true, eventCount: 17, firstBrokenEventId: null },
    sealedBy: "CN=Sign for Outlook seal (host)",
    generatedAt: new Date("2026-11-21T16:30:06Z"),
  };
}

const ada: CertificateSigner = {
  name: "Ada Lovelace",
  email: "ada@contoso.com",
  type: "Signer",
  status: "Completed",
  routingOrder: 1,
  viewedAt: "2026-11-20T10:00:00Z",
  completedAt: "2026-11-20T10:05:00Z",
  ip: "203.0.113.7",
};
const bob: CertificateSigner = {
  name: "Bob Decliner",
  email: "bob@contoso.com",
  type: "Approver",
  status: "Declined",
  routingOrder: 2,
  viewedAt: "2026-11-21T08:00:00Z",
  declinedAt: "2026-11-21T08:01:00Z",
  declineReason: "Wrong price in clause 4",
  ip: "2001:db8::1",
};

const flat = (s: string) => s.replace(/\s+/g, " ");

describe("certificateOfCompletion", () => {
  it("states the package, each signer, each document's hashes and the audit result as readable text", async () => {
    const pdf = await certificateOfCompletion(input([ada, bob]));
    const text = flat(textOf(pdf));
    for (const expected of [
      "Certificate of completion",
      "Master services agreement — Contoso",
      "pkg_01JDX3Y8Z9",
      "Sam Sender <sam@fabrikam.com>",
      "2026-11-21 16:30:05 UTC",
      "Ada Lovelace",
      "ada@contoso.com",
      "2026-11-20 10:00:00 UTC",
      "2026-11-20 10:05:00 UTC",
      "203.0.113.7",
      "Bob Decliner",
      "Approver",
      "Declined",
      "2026-11-21 08:01:00 UTC",
      "Wrong price in clause 4",
      "2001:db8::1",
      "MSA.pdf",
      "Annex A.pdf",
      sha("a"),
      sha("b"),
      sha("c"),
      sha("d"),
      "17",
      "verified",
      "CN=Sign for Outlook seal (host)",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("BROKEN");
  });

  it("says where the audit trail broke", async () => {
    const pdf = await certificateOfCompletion({
      ...input([ada]),
      audit: { isValid: false, eventCount: 9, firstBrokenEventId: "evt_42" },
    });
    expect(flat(textOf(pdf))).toContain("BROKEN at event evt_42");
  });

  it("runs onto several pages with many signers, none lost, each page numbered", async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...ada,
      name: `Signer Number${i + 1}`,
      email: `s${i + 1}@contoso.com`,
      routingOrder: i + 1,
    }));
    const pdf = await certificateOfCompletion(input(many));
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    const text = flat(textOf(pdf));
    for (let i = 1; i <= 60; i++) expect(text).toContain(`s${i}@contoso.com`);
    expect(text).toContain(`page ${pages} of ${pages}`);
    // A signer's block is not split across pages: its name and its IP are on the same page.
    const perPage = textOf(pdf).split("\f");
    for (let i = 1; i <= 60; i++) {
      const page = perPage.findIndex((p) => p.includes(`Number${i}\n`) || p.includes(`Number${i} `));
      expect(perPage[page]).toContain(`s${i}@contoso.com`);
    }
  });

  it("prints names the standard fonts cannot encode instead of failing", async () => {
    const pdf = await certificateOfCompletion(input([{ ...ada, name: "李小龍 Zoë" }]));
    expect(flat(textOf(pdf))).toContain("??? Zoë");
  });
});
