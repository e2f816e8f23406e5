// Sign it yourself (issue 33): create-and-send with signYourself makes a package whose one signer is
// the caller, sends no invitation (a real SMTP server receives none), and answers the caller's link
// to sign; the package completes, is sealed, and lists as the caller's like any other. Bad input
// answers 400 naming the field. Both databases.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { BACKENDS, expectProblem } from "./harness";
import { PNG_DATA_URL, tokenOf, useSigningWorld } from "./signing.helpers";

jest.setTimeout(120_000);

type Json = Record<string, unknown> & { id: string };
const JSON_ROUTE = "/api/v1/packages/create-and-send/json";
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** A one-page PDF with the lines given (a tag such as {{sig:1}} among them). */
async function pdf(...lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, line] of [...lines, randomUUID()].entries()) {
    page.drawText(line, { x: 72, y: 700 - 40 * i, size: 12, font });
  }
  return doc.save();
}

describe.each(BACKENDS)("sign it yourself on %s", (backend) => {
  const w = useSigningWorld(backend, "self");
  const { call, sign } = w;

  const request = async (extra: Record<string, unknown> = {}) => ({
    name: "NDA from Contoso",
    senderEmail: "me@fabrikam.com",
    senderName: "Mia Me",
    source: { kind: "outlook", conversationId: "conv-self-1", subject: "Please sign the NDA" },
    documents: [{ name: "NDA.pdf", contentBase64: b64(await pdf("NDA", "{{sig:1}}")) }],
    annotations: [{ documentIndex: 0, signerIndex: 0, type: "DateSigned", page: 1, x: 300, y: 400 }],
    signYourself: { allowedOrigins: ["https://localhost:3000"], expiresInMinutes: 30 },
    ...extra,
  });

  test("the caller signs it without any mail; it completes, is sealed and lists as theirs", async () => {
    const made = await call("POST", JSON_ROUTE, await request());
    expect(made.status).toBe(201);
    const pkg = made.body;
    expect(pkg).toMatchObject({
      status: "Sent",
      signerCount: 1,
      senderEmail: "me@fabrikam.com",
      source: { kind: "outlook", conversationId: "conv-self-1" },
      signingUrl: { url: expect.stringContaining("/sign/"), expiresOn: expect.any(String) },
    });
    const signingUrl = pkg.signingUrl as { url: string; expiresOn: string };
    expect(Date.parse(signingUrl.expiresOn) - Date.now()).toBeGreaterThan(25 * 60_000);

    // The one signer is the caller (a token names no person: the sender's mailbox), embedded.
    const signers = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/signers`)).body.items;
    expect(signers).toMatchObject([
      { email: "me@fabrikam.com", name: "Mia Me", isEmbedded: true, status: "Sent" },
    ]);

    // The link frames only in the pane's origin, and the session shows the tag's and the drop's fields.
    const link = tokenOf(signingUrl.url);
    const page = await fetch(`${w.service.url}/sign/${link}`);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors https://localhost:3000");
    await page.arrayBuffer();
    const session = (await sign("GET", link)).body;
    expect(session.state).toBe("Ready");
    const fields = session.fields as Json[];
    expect(fields.map((f) => f.type).sort()).toEqual(["DateSigned", "Signature"]);

    for (const field of fields.filter((f) => f.type === "Signature")) {
      expect((await sign("PUT", link, `/fields/${field.id}`, { value: PNG_DATA_URL })).status).toBe(200);
    }
    expect((await sign("POST", link, "/finish")).body.state).toBe("Completed");

    // Sealed: the package says Done, and its signed document and certificate download.
    const deadline = Date.now() + 60_000;
    let done: Json;
    for (;;) {
      done = (await call("GET", `/api/v1/packages/${pkg.id}`)).body;
      if (done.sealing === "Done") break;
      if (Date.now() > deadline) throw new Error(`not sealed within 60 s: ${JSON.stringify(done)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toMatchObject({ status: "Completed", completedSignerCount: 1 });
    const docs = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/documents`)).body.items;
    const signed = await call<{ url: string }>(
      "GET",
      `/api/v1/packages/${pkg.id}/documents/${docs[0]!.id}/download-signed`,
    );
    expect(signed.status).toBe(200);
    const bytes = new Uint8Array(await (await fetch(new URL(signed.body.url, w.service.url))).arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    if (process.env.SFO_KEEP_SEALED) writeFileSync(process.env.SFO_KEEP_SEALED, bytes);
    expect((await call("GET", `/api/v1/packages/${pkg.id}/certificate`)).status).toBe(200);

    // The trail says what happened: sent with no invitation, the link made, signed, sealed.
    const trail = (await call<Json[]>("GET", `/api/v1/packages/${pkg.id}/audit-trail`)).body;
    const actions = trail.map((e) => e.action);
    for (const a of [
      "PackageSent",
      "SigningUrlCreated",
      "SignerCompleted",
      "PackageCompleted",
      "DocumentsSealed",
    ]) {
      expect(actions).toContain(a);
    }
    expect(trail.find((e) => e.action === "InvitationsQueued")).toMatchObject({
      details: { notifications: 0 },
    });

    // Status lists it among the caller's packages and in its conversation, with its signer.
    const mine = (
      await call<{ items: Json[] }>(
        "GET",
        "/api/v1/packages?senderEmail=me%40fabrikam.com&conversationId=conv-self-1&includeSigners=true",
      )
    ).body.items;
    expect(mine.map((p) => p.id)).toContain(pkg.id);

    // No mail asked anyone to sign: the only mail is the sender's own Completed copy, with no link.
    const mine2 = await w.mailsTo("me@fabrikam.com", 1);
    expect(mine2).toHaveLength(1);
    expect(mine2[0]!.text).not.toMatch(/\/sign\//);
    expect(w.mailbox.received.map((m) => m.to)).toEqual(["me@fabrikam.com"]);
  });

  test("a signed-in person is the signer as they signed in, whatever the request says of the sender", async () => {
    // A person's identity wins over senderEmail: nobody signs in someone else's name.
    const { checkCreateAndSend } = await import("../../src/service/domain/create-and-send");
    const checked = checkCreateAndSend(
      { name: "x", senderEmail: "other@fabrikam.com", signYourself: {} },
      new Date(),
      { email: "pat@fabrikam.com", name: "Pat Person" },
    );
    expect(checked.self?.signer).toEqual({
      email: "pat@fabrikam.com",
      name: "Pat Person",
      clientUserId: "sign-yourself",
    });
    expect(checked.fields.senderEmail).toBe("other@fabrikam.com");
    const bare = checkCreateAndSend({ name: "x", signYourself: {} }, new Date(), {
      email: "pat@fabrikam.com",
      name: "Pat Person",
    });
    expect(bare.fields).toMatchObject({ senderEmail: "pat@fabrikam.com", senderName: "Pat Person" });
  });

  test("bad input answers 400 naming the field, and leaves no package", async () => {
    const before = (await call<{ totalCount: number }>("GET", "/api/v1/packages?pageSize=1")).body.totalCount;
    const cases: [Record<string, unknown>, string][] = [
      [{ signers: [{ email: "x@contoso.com" }] }, "signers"],
      [{ senderEmail: null }, "senderEmail"],
      [{ signYourself: { expiresInMinutes: 61 } }, "signYourself.expiresInMinutes"],
      [{ signYourself: { allowedOrigins: ["https://a.example/path"] } }, "signYourself.allowedOrigins[0]"],
      [{ scheduledSendOn: new Date(Date.now() + 86_400_000).toISOString() }, "scheduledSendOn"],
      [{ signYourself: "yes" }, "signYourself"],
    ];
    for (const [extra] of cases) {
      const response = await w.service.call("POST", JSON_ROUTE, {
        token: w.token,
        body: await request(extra),
      });
      await expectProblem(response, 400, "validation_failed");
    }
    for (const [extra, field] of cases) {
      const answer = await call<{ errors: { field: string }[] }>("POST", JSON_ROUTE, await request(extra));
      expect(answer.body.errors.map((e) => e.field).join(" ")).toContain(field);
    }
    // Without signYourself, signers are still required.
    const plain = await call<{ errors: { field: string }[] }>(
      "POST",
      JSON_ROUTE,
      await request({ signYourself: undefined }),
    );
    expect(plain.status).toBe(400);
    expect(plain.body.errors.map((e) => e.field)).toContain("signers");
    expect((await call<{ totalCount: number }>("GET", "/api/v1/packages?pageSize=1")).body.totalCount).toBe(
      before,
    );
    expect(w.mailbox.received.filter((m) => m.to !== "me@fabrikam.com")).toEqual([]);
  });
});
