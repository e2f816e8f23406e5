import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import {
  type AuditTrailItem,
  auditTrailPdf,
  detailsText,
} from "../../../src/service/completion/audit-export";
import { textOf } from "../../pdf/poppler";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const flat = (s: string) => s.replace(/\s+/g, " ");

function chain(n: number): AuditTrailItem[] {
  const out: AuditTrailItem[] = [];
  let previous: string | null = null;
  for (let i = 0; i < n; i++) {
    const hash = sha(`event ${i} ${previous}`);
    out.push({
      id: `evt_${i + 1}`,
      at: new Date(Date.UTC(2026, 10, 20, 9, 0, i)).toISOString(),
      action: i === 0 ? "PackageSent" : "SignerViewed",
      actor:
        i === 0
          ? { type: "User", email: "sam@fabrikam.com", name: "Sam Sender" }
          : { type: "Signer", email: `s${i}@contoso.com`, name: null },
      ip: i % 2 ? "203.0.113.7" : null,
      details:
        i === 0 ? { documents: 2, message: "Please sign" } : { signerId: `sig_${i}`, nested: { a: 1 } },
      hash,
      previousHash: previous,
    });
    previous = hash;
  }
  return out;
}

describe("auditTrailPdf", () => {
  it("lists every event oldest first with time, action, actor, ip, details and hashes", async () => {
    const events = chain(3);
    // Given newest first, printed oldest first.
    const pdf = await auditTrailPdf({
      package: { id: "pkg_1", name: "NDA" },
      events: [...events].reverse(),
      verification: { isValid: true, eventCount: 3, firstBrokenEventId: null },
      generatedAt: new Date("2026-11-21T00:00:00Z"),
    });
    const text = flat(textOf(pdf));
    for (const s of [
      "Audit trail",
      "NDA",
      "pkg_1",
      "verified",
      "1. 2026-11-20 09:00:00 UTC PackageSent",
      "Sam Sender <sam@fabrikam.com> (User)",
      "documents: 2; message: Please sign",
      "2. 2026-11-20 09:00:01 UTC SignerViewed",
      "<s1@contoso.com> (Signer)",
      "203.0.113.7",
      'signerId: sig_1; nested: {"a":1}',
      "3. 2026-11-20 09:00:02 UTC SignerViewed",
      "(first event)",
      ...events.flatMap((e) => [e.id, e.hash]),
    ]) {
      expect(text).toContain(s);
    }
    expect(text.indexOf(events[0]!.hash)).toBeLessThan(text.indexOf(events[2]!.hash));
  });

  it("reports a broken chain and runs onto numbered pages for a long trail", async () => {
    const events = chain(80);
    const pdf = await auditTrailPdf({
      package: { id: "pkg_2", name: "Long" },
      events,
      verification: { isValid: false, eventCount: 80, firstBrokenEventId: "evt_41" },
    });
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(5);
    const text = flat(textOf(pdf));
    expect(text).toContain("BROKEN at event evt_41");
    expect(text).toContain(`page ${pages} of ${pages}`);
    for (const e of events) expect(text).toContain(e.hash);
  });

  it("writes details of any shape", () => {
    expect(detailsText(null)).toBe("—");
    expect(detailsText({})).toBe("—");
    expect(detailsText("plain")).toBe("plain");
    expect(detailsText([1, "a"])).toBe('[1,"a"]');
    expect(detailsText({ reason: "no", n: 2, ok: true })).toBe("reason: no; n: 2; ok: true");
  });
});
