/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The workbench's fixtures and its simulated Office, read through the real Outlook adapter.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createAsyncLimiter, createOutlookHost, OutlookError } from "../../src/outlook";
import type { MessageFixture, WorkbenchBridge } from "../../src/workbench/bridge";
import { bytesToBase64 } from "../../src/outlook/content";
import { createFakeOffice } from "../../src/workbench/fake-office";
import { DOCUMENTS, writePdf } from "../../scripts/build-fixtures";

const FIXTURES = join(__dirname, "..", "fixtures");
const fixture = JSON.parse(readFileSync(join(FIXTURES, "message.json"), "utf8")) as MessageFixture;
const file = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

function host(mode: "read" | "compose", bridge?: WorkbenchBridge) {
  const office = createFakeOffice({
    fixture,
    mode,
    theme: "dark",
    latencyMs: 0,
    ...(bridge ? { bridge } : {}),
    loadAttachment: (name) => Promise.resolve(file(name)),
  });
  return createOutlookHost(office, { limiter: createAsyncLimiter(3) });
}

describe("fixture PDFs", () => {
  it.each(fixture.attachments.map((a) => [a.file, a] as const))(
    "%s is a valid PDF of the size message.json says",
    (name, attachment) => {
      const bytes = Buffer.from(file(name));
      expect(bytes.length).toBe(attachment.size);
      expect(bytes.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
      const text = bytes.toString("latin1");
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      // The cross-reference table points at each object.
      const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
      expect(text.slice(startxref, startxref + 4)).toBe("xref");
      const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      expect(entries.length).toBeGreaterThan(3);
      entries.forEach((offset, i) =>
        expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`),
      );
    },
  );

  it("are what scripts/build-fixtures.ts writes", () => {
    for (const doc of DOCUMENTS)
      expect(Buffer.from(writePdf(doc)).equals(Buffer.from(file(doc.file)))).toBe(true);
  });
});

describe("simulated Office", () => {
  it("reads the fixture message in read mode", async () => {
    const outlook = host("read");
    expect(outlook.mode()).toBe("read");
    expect(await outlook.sender()).toEqual({
      address: "adele.vance@fabrikam.com",
      name: "Adele Vance",
      recipientType: "externalUser",
    });
    const recipients = await outlook.recipients();
    expect(recipients.to.map((r) => r.address)).toContain(outlook.userAddress());
    expect(recipients.cc.map((r) => r.address)).toContain("Alex.Wilber@Contoso.com");
    expect(await outlook.subject()).toBe(fixture.subject);
    expect(outlook.conversationId()).toBe(fixture.conversationId);
    expect(outlook.internetMessageId()).toBe(fixture.internetMessageId);
    expect(outlook.theme()?.bodyBackgroundColor).toBe("#292929");
    const attachments = await outlook.attachments();
    expect(attachments.map((a) => [a.name, a.contentType, a.supported])).toEqual([
      ["master-services-agreement.pdf", "application/pdf", true],
      ["mutual-nda.pdf", "application/pdf", true],
    ]);
    const first = attachments[0]!;
    expect(await outlook.attachmentContent(first.id)).toEqual(file("master-services-agreement.pdf"));
    await expect(outlook.attachmentContent("nope")).rejects.toBeInstanceOf(OutlookError);
    await expect(outlook.insertText("x")).rejects.toThrow(/only be inserted into a message you are writing/);
  });

  it("is a draft in compose mode, inserting through the workbench bridge", async () => {
    let body = "Hi";
    const outlook = host("compose", { getBody: () => body, insertAtCursor: (t) => (body += t) });
    expect(outlook.mode()).toBe("compose");
    expect((await outlook.sender())?.address).toBe(fixture.user.emailAddress);
    // A coherent draft: from the user to two colleagues, not to herself; its text greets them.
    const recipients = await outlook.recipients();
    const to = recipients.to.map((r) => r.address);
    expect(to).toEqual(["alex.wilber@contoso.com", "lynne.robbins@contoso.com"]);
    expect(to).not.toContain(fixture.user.emailAddress);
    expect(recipients.cc).toEqual([]);
    expect(fixture.composeBody).toMatch(/^Hi Alex and Lynne,/);
    expect(fixture.composeBody).toMatch(/Megan$/);
    const attachments = await outlook.attachments();
    expect(attachments[1]?.contentType).toBe("application/pdf"); // guessed from the name, as in Outlook
    expect(await outlook.attachmentContent(attachments[1]!.id)).toEqual(file("mutual-nda.pdf"));
    await outlook.insertText(" {{sig:1:req}}");
    expect(body).toBe("Hi {{sig:1:req}}");
    const off = await outlook.onItemChanged(() => undefined);
    await off();
  });

  it("encodes Base64 like Buffer does", () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});
