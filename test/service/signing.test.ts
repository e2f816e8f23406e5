// Signing through the links in the mails (docs/signing-page-api.md), on both databases: the service
// runs its real scheduler and delivers the outbox to a real SMTP server; every link a test follows was
// read out of a mail parsed with mailparser.
import { expirePackages } from "../../src/service/domain/packages";
import { SYSTEM } from "../../src/service/domain/audit";
import { sendDueReminders } from "../../src/service/domain/signing";
import { textOf } from "../pdf/poppler";
import { BACKENDS, expectProblem, startTestService } from "./harness";
import {
  PNG_DATA_URL,
  linksIn,
  samplePdf,
  signingUrlRoute,
  tokenOf,
  useSigningWorld,
  type Json,
} from "./signing.helpers";

const DAY = 86_400_000;
// Each test sends mail through the scheduler and a real SMTP server; a loaded machine is slow.
jest.setTimeout(120_000);

describe.each(BACKENDS)("signing on %s", (backend) => {
  const w = useSigningWorld(
    backend,
    "signing",
    { SMTP_FROM: "Signing <sign@contoso.com>" },
    { config: { devRoutes: true }, tokenPerTest: true },
  );
  const { call, sign, sendPackage, sendToSigner, mailsTo, linkFor, signAndFinish, at } = w;

  test("enforced order: only the first is mailed; finishing invites the next; the last completes the package", async () => {
    const { pkg, signers } = await sendPackage(
      [
        { email: at("ada"), name: "Ada Lovelace", routingOrder: 1 },
        { email: at("bob"), name: "Bob Byron", routingOrder: 2 },
      ],
      {
        package: { enforceSigningOrder: true, emailMessage: "Please sign." },
        fields: () => [
          { type: "Signature" },
          { type: "Text", required: false, label: "Note" },
          { type: "DateSigned" },
        ],
      },
    );
    const ada = await linkFor(at("ada"));
    // The link points at this service's /sign/ page.
    const adaMail = (await mailsTo(at("ada")))[0]!;
    expect(linksIn(adaMail.text)[0]).toMatch(new RegExp(`^http://localhost:\\d+/sign/${ada}$`));
    expect(adaMail.mail.html).toContain(`/sign/${ada}`);
    // Not Bob's turn: no invitation was even written for him (the outbox row comes with the send, in its
    // transaction; an SMTP check here would pass whenever his mail was merely slower than Ada's).
    const outbox = await w.service.storage.outbox.listForPackage(pkg.id);
    expect(outbox.map((m) => [m.kind, m.email])).toEqual([["Invitation", at("ada")]]);
    expect(outbox.filter((m) => m.signerId === signers[1]!.id || m.email === at("bob"))).toEqual([]);
    // Bob's turn has not come: no signing URL for him yet.
    const early = await call("POST", signingUrlRoute({ pkg, signers }, 1), {});
    expect([early.status, early.body.code]).toEqual([400, "not_your_turn"]);

    const session = await sign("GET", ada);
    expect(session.status).toBe(200);
    expect(session.headers.get("cache-control")).toBe("private, no-store");
    expect(session.body).toMatchObject({
      state: "Ready",
      package: {
        id: pkg.id,
        name: "Lease 2025",
        status: "Viewed",
        emailMessage: "Please sign.",
        senderEmail: "owner@contoso.com",
        senderName: "Olivia Owner",
      },
      signer: {
        id: signers[0]!.id,
        name: "Ada Lovelace",
        email: at("ada"),
        isGroupSlot: false,
        groupName: null,
        routingOrder: 1,
        status: "Viewed",
      },
      completedBy: null,
      documents: [
        {
          name: "lease.pdf",
          pageCount: 2,
          pages: [
            { width: 612, height: 792 },
            { width: 612, height: 792 },
          ],
        },
      ],
    });
    const fields = session.body.fields as Json[];
    expect(fields.map((f) => [f.type, f.auto, f.isCompleted])).toEqual([
      ["Signature", null, false],
      ["Text", null, false],
      ["DateSigned", "DateSigned", false],
    ]);
    expect((await call("GET", `/api/v1/packages/${pkg.id}`)).body.status).toBe("Viewed");

    // Finishing without the signature names the field.
    const missing = await sign("POST", ada, "/finish");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "validation_failed", errors: [{ field: fields[0]!.id }] });

    const saved = await sign("PUT", ada, `/fields/${fields[0]!.id}`, { value: PNG_DATA_URL });
    expect(saved.body).toMatchObject({ id: fields[0]!.id, value: PNG_DATA_URL, isCompleted: false });
    expect((await call("GET", `/api/v1/packages/${pkg.id}`)).body.status).toBe("InProgress");
    // Leave and come back: the value is there.
    expect(((await sign("GET", ada)).body.fields as Json[])[0]!.value).toBe(PNG_DATA_URL);

    const done = await sign("POST", ada, "/finish");
    expect(done.status).toBe(200);
    expect(done.body.state).toBe("Completed");
    const finalFields = done.body.fields as Json[];
    expect(finalFields[2]).toMatchObject({ value: new Date().toISOString().slice(0, 10), isCompleted: true });
    expect(finalFields[1]).toMatchObject({ value: null, isCompleted: false });
    // Twice: the same Completed session.
    expect((await sign("POST", ada, "/finish")).body.state).toBe("Completed");
    // Writes after finishing are refused, naming the state.
    const late = await sign("PUT", ada, `/fields/${fields[1]!.id}`, { value: "x" });
    expect([late.status, late.body.code, late.body.detail]).toEqual([
      400,
      "invalid_state",
      expect.stringContaining("Completed"),
    ]);

    // Bob is invited now, with his own link.
    const bob = await linkFor(at("bob"));
    expect(bob).not.toBe(ada);
    const bobSession = (await sign("GET", bob)).body;
    expect(bobSession.state).toBe("Ready");
    const bobFields = bobSession.fields as Json[];
    expect(bobFields).toHaveLength(3);
    expect((await sign("PUT", bob, `/fields/${bobFields[0]!.id}`, { value: PNG_DATA_URL })).status).toBe(200);
    expect((await sign("POST", bob, "/finish")).body.state).toBe("Completed");

    const completed = (await call("GET", `/api/v1/packages/${pkg.id}`)).body;
    expect(completed).toMatchObject({
      status: "Completed",
      completedSignerCount: 2,
      completedOn: expect.any(String),
    });
    const trail = (await call<Json[]>("GET", `/api/v1/packages/${pkg.id}/audit-trail`)).body.map(
      (e) => e.action,
    );
    expect(trail).toEqual(
      expect.arrayContaining([
        "SignerViewed",
        "SigningStarted",
        "SignerCompleted",
        "InvitationsQueued",
        "PackageCompleted",
      ]),
    );
    expect(trail[trail.length - 1]).toBe("PackageCompleted");
    expect((await call("GET", `/api/v1/packages/${pkg.id}/audit-trail/verify`)).body).toMatchObject({
      isValid: true,
    });
    // The values are on the annotations for completion to draw.
    const annotations = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/annotations`)).body
      .items;
    expect(annotations.filter((a) => a.type === "Signature").map((a) => [a.value, a.isCompleted])).toEqual([
      [PNG_DATA_URL, true],
      [PNG_DATA_URL, true],
    ]);
  });

  test("group slot: each member has a link; the first to finish completes the slot and the others see who", async () => {
    const group = (
      await call("POST", "/api/v1/signing-groups", {
        name: "Legal",
        members: [
          { email: at("lee"), name: "Lee One" },
          { email: at("max"), name: "Max Two" },
        ],
      })
    ).body;
    const { pkg } = await sendPackage([{ signingGroupId: group.id }], {
      fields: () => [{ type: "Signature" }, { type: "Text", label: "Title" }],
    });
    const lee = await linkFor(at("lee"));
    const max = await linkFor(at("max"));
    expect(lee).not.toBe(max);
    const leeSession = (await sign("GET", lee)).body;
    expect(leeSession.signer).toMatchObject({
      name: "Lee One",
      email: at("lee"),
      isGroupSlot: true,
      groupName: "Legal",
    });
    const [sig, title] = leeSession.fields as Json[];
    // Each member's values are their own until one finishes.
    await sign("PUT", lee, `/fields/${title!.id}`, { value: "Counsel" });
    expect(((await sign("GET", max)).body.fields as Json[])[1]!.value).toBeNull();

    await sign("PUT", max, `/fields/${sig!.id}`, { value: PNG_DATA_URL });
    await sign("PUT", max, `/fields/${title!.id}`, { value: "Partner" });
    const maxDone = await sign("POST", max, "/finish");
    expect(maxDone.body).toMatchObject({ state: "Completed" });

    const other = (await sign("GET", lee)).body;
    expect(other).toMatchObject({
      state: "CompletedByOther",
      completedBy: { name: "Max Two", email: at("max"), completedOn: expect.any(String) },
      documents: [],
      fields: [],
    });
    const leeFinish = await sign("POST", lee, "/finish");
    expect([leeFinish.status, leeFinish.body.code]).toEqual([400, "invalid_state"]);
    // Lee is told by mail who finished it; the mail has no link.
    const [, notice] = await mailsTo(at("lee"), 2);
    expect(notice!.mail.subject).toMatch(/^Signed by another member/);
    expect(notice!.text).toContain("Max Two");
    expect(linksIn(notice!.text)).toEqual([]);

    const signer = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/signers`)).body
      .items[0]!;
    expect(signer).toMatchObject({ status: "Completed", completedBy: at("max") });
    expect((await call("GET", `/api/v1/packages/${pkg.id}`)).body.status).toBe("Completed");
    const values = (
      await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/annotations`)
    ).body.items.map((a) => a.value);
    expect(values).toEqual(expect.arrayContaining([PNG_DATA_URL, "Partner"]));
  });

  test("access code: asked for first, wrong codes counted, 5 in 15 minutes then 429; the grant opens the rest", async () => {
    const { link: cy } = await sendToSigner({
      email: at("cy"),
      name: "Cy",
      authMethod: "AccessCode",
      accessCode: "4711-code",
    });
    const asked = (await sign("GET", cy)).body;
    expect(asked).toMatchObject({ state: "AccessCodeRequired", documents: [], fields: [] });
    const blocked = await sign("POST", cy, "/finish");
    expect([blocked.status, blocked.body.code]).toEqual([403, "access_code_required"]);

    const wrong = await sign("POST", cy, "/access-code", { accessCode: "nope" });
    expect([wrong.status, wrong.body.code]).toEqual([400, "invalid_access_code"]);
    const right = await sign<{ grant: string; expiresOn: string }>("POST", cy, "/access-code", {
      accessCode: "4711-code",
    });
    expect(right.status).toBe(200);
    expect(Date.parse(right.body.expiresOn)).toBeGreaterThan(Date.now());
    const grant = right.body.grant;
    const open = (await sign("GET", cy, "", undefined, grant)).body;
    expect(open.state).toBe("Ready");
    // A made-up or another link's grant opens nothing.
    expect((await sign("GET", cy, "", undefined, grant.slice(0, -2) + "AA")).body.state).toBe(
      "AccessCodeRequired",
    );
    const field = (open.fields as Json[])[0]!;
    const doc = await sign("GET", cy, `/documents/${(open.documents as Json[])[0]!.id}`, undefined, grant);
    expect(doc.status).toBe(200);
    expect((await sign("GET", cy, `/documents/${(open.documents as Json[])[0]!.id}`)).status).toBe(403);

    for (let i = 2; i <= 5; i++) {
      expect((await sign("POST", cy, "/access-code", { accessCode: `bad-${i}` })).body.code).toBe(
        "invalid_access_code",
      );
    }
    const limited = await sign("POST", cy, "/access-code", { accessCode: "4711-code" });
    expect([limited.status, limited.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The grant given before still works.
    expect((await sign("PUT", cy, `/fields/${field.id}`, { value: PNG_DATA_URL }, grant)).status).toBe(200);
  });

  test("decline: the package is Declined, the sender is told with the reason, the others' links say so", async () => {
    const { pkg } = await sendPackage(
      [
        { email: at("dee"), name: "Dee Clines" },
        { email: at("eve"), name: "Eve" },
      ],
      { package: { senderEmail: at("owner") } },
    );
    const dee = await linkFor(at("dee"));
    const eve = await linkFor(at("eve"));
    const tooLong = await sign("POST", dee, "/decline", { reason: "x".repeat(501) });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, "validation_failed"]);
    const declined = await sign("POST", dee, "/decline", { reason: "The rent is wrong." });
    expect(declined.body).toMatchObject({ state: "Declined", declineReason: "The rent is wrong." });
    expect((await call("GET", `/api/v1/packages/${pkg.id}`)).body.status).toBe("Declined");
    expect((await sign("GET", eve)).body).toMatchObject({
      state: "Declined",
      declineReason: "The rent is wrong.",
      documents: [],
    });
    const again = await sign("POST", dee, "/decline", { reason: "again" });
    expect([again.status, again.body.code]).toEqual([400, "invalid_state"]);
    const [notice] = await mailsTo(at("owner"));
    expect(notice!.mail.subject).toBe("Declined: Lease 2025");
    expect(notice!.text).toContain("The rent is wrong.");
    const signer = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/signers`)).body
      .items[0]!;
    expect(signer).toMatchObject({
      status: "Declined",
      declineReason: "The rent is wrong.",
      declinedOn: expect.any(String),
    });
  });

  test("expired and voided packages say so; their links change nothing", async () => {
    const soon = new Date(Date.now() + DAY).toISOString();
    const expiring = await sendToSigner(
      { email: at("fay"), name: "Fay" },
      { package: { expirationDate: soon } },
    );
    const fay = expiring.link;
    const fayField = ((await sign("GET", fay)).body.fields as Json[])[0]!;
    expect(
      await expirePackages(w.service.storage, SYSTEM, new Date(Date.now() + 2 * DAY)),
    ).toBeGreaterThanOrEqual(1);
    expect((await sign("GET", fay)).body).toMatchObject({ state: "Expired", documents: [], fields: [] });
    const write = await sign("PUT", fay, `/fields/${fayField.id}`, { value: PNG_DATA_URL });
    expect([write.status, write.body.code]).toEqual([400, "invalid_state"]);
    expect((await call("GET", `/api/v1/packages/${expiring.pkg.id}`)).body.status).toBe("Expired");

    // Hana has finished her part already; Ike's turn never came (signing order).
    const voiding = await sendPackage(
      [
        { email: at("gus"), name: "Gus", routingOrder: 1 },
        { email: at("hana"), name: "Hana", routingOrder: 1 },
        { email: at("ike"), name: "Ike", routingOrder: 2 },
      ],
      { package: { enforceSigningOrder: true } },
    );
    const gus = await linkFor(at("gus"));
    await signAndFinish(await linkFor(at("hana")));
    expect(
      (await call("POST", `/api/v1/packages/${voiding.pkg.id}/void`, { reason: "Wrong tenant." })).status,
    ).toBe(200);
    expect((await sign("GET", gus)).body).toMatchObject({ state: "Voided", voidedReason: "Wrong tenant." });
    expect((await sign("POST", gus, "/finish")).body.code).toBe("invalid_state");
    const [, voided] = await mailsTo(at("gus"), 2);
    expect(voided!.mail.subject).toMatch(/^Voided/);
    expect(linksIn(voided!.text)).toEqual([]);
    // Those already notified hear it is off, finished or not (contract §6.1); the one never invited
    // hears nothing: the outbox is the record of what is sent, in the void's own transaction.
    const [, hanaVoided] = await mailsTo(at("hana"), 2);
    expect(hanaVoided!.mail.subject).toMatch(/^Voided/);
    expect(hanaVoided!.text).toContain("Wrong tenant.");
    const outbox = await w.service.storage.outbox.listForPackage(voiding.pkg.id);
    expect(
      outbox
        .filter((m) => m.kind === "Voided")
        .map((m) => m.email)
        .sort(),
    ).toEqual([at("gus"), at("hana")]);
    expect(outbox.filter((m) => m.email === at("ike"))).toEqual([]);
    const audit = (await call<Json[]>("GET", `/api/v1/packages/${voiding.pkg.id}/audit-trail`)).body;
    expect(audit.find((e) => e.action === "PackageVoided")).toMatchObject({
      details: { notifications: 2 },
    });
  });

  test("reassign: the old person's link answers Reassigned, the new person is mailed a link that works; resend mints another", async () => {
    const { pkg, signers, link: hal } = await sendToSigner({ email: at("hal"), name: "Hal" });
    expect((await sign("GET", hal)).body.state).toBe("Ready");
    const moved = await call("POST", `/api/v1/packages/${pkg.id}/signers/${signers[0]!.id}/reassign`, {
      email: at("ivy"),
      name: "Ivy",
      reason: "Hal is away",
    });
    expect(moved.status).toBe(200);
    expect((await sign("GET", hal)).body).toMatchObject({ state: "Reassigned", documents: [], fields: [] });
    const ivy = await linkFor(at("ivy"));
    const mail = (await mailsTo(at("ivy")))[0]!;
    expect(mail.text).toContain("passed on to you");
    const session = (await sign("GET", ivy)).body;
    expect(session).toMatchObject({
      state: "Ready",
      signer: { id: moved.body.id, email: at("ivy"), name: "Ivy" },
    });

    const resent = await call("POST", `/api/v1/packages/${pkg.id}/signers/${moved.body.id}/resend`);
    expect(resent.status).toBe(200);
    const ivy2 = await linkFor(at("ivy"), 2);
    expect(ivy2).not.toBe(ivy);
    // Both of Ivy's links stay good while the slot is hers.
    expect((await sign("GET", ivy2)).body.state).toBe("Ready");
    expect((await sign("GET", ivy)).body.state).toBe("Ready");
    expect(
      (await sign("PUT", ivy2, `/fields/${(session.fields as Json[])[0]!.id}`, { value: PNG_DATA_URL }))
        .status,
    ).toBe(200);
    expect((await sign("POST", ivy, "/finish")).body.state).toBe("Completed");
  });

  test("reminders: due by the package's settings, sent by the scheduler's step with a link, then every few days", async () => {
    const { pkg, signers } = await sendPackage([{ email: at("jo"), name: "Jo" }]);
    expect(
      (
        await call("PATCH", `/api/v1/packages/${pkg.id}/reminders`, {
          enabled: true,
          firstAfterDays: 2,
          everyDays: 3,
        })
      ).status,
    ).toBe(200);
    await linkFor(at("jo"));
    const before = (await w.service.storage.signers.get(pkg.id, signers[0]!.id))!;
    expect(Date.parse(before.nextReminderOn!) - Date.parse(before.notifiedOn!)).toBe(2 * DAY);
    // Not yet due a day later; due after two.
    expect(await sendDueReminders(w.service.storage, SYSTEM, new Date(Date.now() + DAY))).toBe(0);
    const twoDays = new Date(Date.parse(before.nextReminderOn!) + 1000);
    expect(await sendDueReminders(w.service.storage, SYSTEM, twoDays)).toBe(1);
    const reminded = (await w.service.storage.signers.get(pkg.id, signers[0]!.id))!;
    expect(reminded).toMatchObject({ remindersSentCount: 1, lastReminderSentOn: twoDays.toISOString() });
    expect(Date.parse(reminded.nextReminderOn!) - twoDays.getTime()).toBe(3 * DAY);
    const [, reminder] = await mailsTo(at("jo"), 2);
    expect(reminder!.mail.subject).toMatch(/^Reminder: /);
    const link = tokenOf(linksIn(reminder!.text)[0]!);
    expect((await sign("GET", link)).body.state).toBe("Ready");

    // The running scheduler sends one that is due now by itself.
    await w.service.storage.signers.update({
      ...reminded,
      nextReminderOn: new Date(Date.now() - 1000).toISOString(),
    });
    await mailsTo(at("jo"), 3);
    const api = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/signers`)).body.items[0]!;
    expect(api).toMatchObject({ remindersSentCount: 2 });

    // Turned off: nothing more is due.
    await call("PATCH", `/api/v1/packages/${pkg.id}/reminders`, { enabled: false });
    expect((await w.service.storage.signers.get(pkg.id, signers[0]!.id))!.nextReminderOn).toBeNull();
  });

  test("field values are checked by type; documents answer ranges; an attachment becomes the field's value", async () => {
    const { pkg, link: kim } = await sendToSigner(
      { email: at("kim"), name: "Kim" },
      {
        fields: () => [
          { type: "Number", required: false },
          { type: "Date", required: false },
          { type: "Checkbox", required: false },
          { type: "Dropdown", required: false, options: ["Red", "Blue"] },
          { type: "Text", required: false },
          { type: "Attachment", required: false },
          { type: "Name" },
          { type: "RadioGroup", required: false, options: ["Monthly", "Yearly"], width: 120, height: 20 },
          { type: "Email", width: 220, height: 20 },
        ],
      },
    );
    const session = (await sign("GET", kim)).body;
    const byType = new Map((session.fields as Json[]).map((f) => [f.type as string, f]));
    const put = (type: string, value: unknown) =>
      sign("PUT", kim, `/fields/${byType.get(type)!.id}`, { value });
    for (const [type, bad] of [
      ["Number", "12abc"],
      ["Date", "2025-02-30"],
      ["Checkbox", "yes"],
      ["Dropdown", "Green"],
      ["Text", "a".repeat(4001)],
      ["Attachment", "x.pdf"],
      ["Name", "Someone Else"],
      ["RadioGroup", "Weekly"],
      ["Email", "someone.else@contoso.com"],
    ] as const) {
      const refused = await put(type, bad);
      expect([type, refused.status, refused.body.code, refused.body.errors[0].field]).toEqual([
        type,
        400,
        "validation_failed",
        byType.get(type)!.id,
      ]);
    }
    for (const [type, good] of [
      ["Number", "-12.5"],
      ["Date", "2024-02-29"],
      ["Checkbox", "true"],
      ["Dropdown", "Blue"],
      ["Text", "Line one\nline two"],
      ["RadioGroup", "Yearly"],
    ] as const) {
      expect((await put(type, good)).body).toMatchObject({ value: good });
    }
    // The documented error for an option not offered names the field and the options.
    const notOffered = await put("RadioGroup", "monthly");
    expect(notOffered.body).toMatchObject({
      code: "validation_failed",
      errors: [{ field: byType.get("RadioGroup")!.id, message: expect.stringContaining("Monthly, Yearly") }],
    });
    expect(byType.get("Email")).toMatchObject({ auto: "Email", value: at("kim"), isCompleted: false });
    expect((await put("Text", null)).body).toMatchObject({ value: null });
    expect(byType.get("Name")).toMatchObject({ auto: "Name", value: "Kim" });
    const unknownField = await sign("PUT", kim, `/fields/00000000-0000-4000-8000-000000000000`, {
      value: "1",
    });
    expect([unknownField.status, unknownField.body.code]).toEqual([404, "not_found"]);

    const documentId = (session.documents as Json[])[0]!.id;
    const whole = await w.service.call("GET", `/api/v1/signing/${kim}/documents/${documentId}`);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect([whole.status, whole.headers.get("content-type"), whole.headers.get("accept-ranges")]).toEqual([
      200,
      "application/pdf",
      "bytes",
    ]);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const part = await w.service.call("GET", `/api/v1/signing/${kim}/documents/${documentId}`, {
      headers: { range: "bytes=10-19" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    const tail = await w.service.call("GET", `/api/v1/signing/${kim}/documents/${documentId}`, {
      headers: { range: "bytes=-7" },
    });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 7));
    const outside = await w.service.call("GET", `/api/v1/signing/${kim}/documents/${documentId}`, {
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(outside.status).toBe(416);
    await outside.text();

    const attach = async (body: Uint8Array, type: string, name?: string) => {
      const response = await fetch(
        `${w.service.url}/api/v1/signing/${kim}/fields/${byType.get("Attachment")!.id}/attachment`,
        {
          method: "POST",
          headers: { "content-type": type, ...(name ? { "x-file-name": name } : {}) },
          body: Buffer.from(body),
        },
      );
      return { status: response.status, body: (await response.json()) as Json };
    };
    const pdf = await samplePdf();
    expect(
      (await attach(pdf, "application/pdf", encodeURIComponent("Gehaltsnachweis März.pdf"))).body,
    ).toMatchObject({
      value: "Gehaltsnachweis März.pdf",
    });
    const notAFile = await attach(Buffer.from("hello"), "application/pdf", "x.pdf");
    expect([notAFile.status, notAFile.body.code]).toEqual([415, "unsupported_media_type"]);
    const tooBig = await attach(new Uint8Array(10 * 1024 * 1024 + 10), "application/octet-stream");
    expect([tooBig.status, tooBig.body.code]).toEqual([413, "payload_too_large"]);
    const [attachment] = await w.service.storage.signingValues.attachments(pkg.id);
    expect(attachment).toMatchObject({
      fileName: "Gehaltsnachweis März.pdf",
      contentType: "application/pdf",
      size: pdf.length,
    });
    // Cleared, the file goes with it.
    expect((await put("Attachment", null)).body).toMatchObject({ value: null });
    expect(await w.service.storage.signingValues.attachments(pkg.id)).toEqual([]);
    expect((await sign("POST", kim, "/finish")).body.state).toBe("Completed");

    // The auto Email is the signer's address on the annotation, and drawn into the sealed document
    // with the chosen radio option (the scheduler completes the package; pdftotext reads it).
    const annotations = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/annotations`)).body
      .items;
    const valueOf = (type: string) => annotations.find((a) => a.type === type);
    expect(valueOf("Email")).toMatchObject({ value: at("kim"), isCompleted: true });
    expect(valueOf("RadioGroup")).toMatchObject({ value: "Yearly", isCompleted: true });
    const route = `/api/v1/packages/${pkg.id}/documents/${documentId}/download-signed`;
    const deadline = Date.now() + 60_000;
    let signedLink = await call<{ url: string }>("GET", route);
    while (signedLink.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      signedLink = await call<{ url: string }>("GET", route);
    }
    expect(signedLink.status).toBe(200);
    const signed = await fetch(new URL(signedLink.body.url, w.service.url));
    const text = textOf(new Uint8Array(await signed.arrayBuffer()));
    expect(text).toContain(at("kim"));
    expect(text).toContain("Yearly");
  });

  test("links: a tampered or unknown token is 404; tokens never reach the log; signing-url makes a short link", async () => {
    const sent = await sendToSigner({ email: at("lou"), name: "Lou" });
    const lou = sent.link;
    for (const bad of [
      lou.slice(0, -1) + (lou.endsWith("A") ? "B" : "A"),
      "A".repeat(44),
      "short",
      `${lou}x`,
    ]) {
      await expectProblem(await w.service.call("GET", `/api/v1/signing/${bad}`), 404, "not_found");
    }
    const made = await call<{ url: string; expiresOn: string }>("POST", signingUrlRoute(sent), {
      expiresInMinutes: 10,
      returnUrl: "https://contoso.com/done",
    });
    expect(made.status).toBe(200);
    expect(Date.parse(made.body.expiresOn) - Date.now()).toBeGreaterThan(9 * 60_000);
    const embedded = tokenOf(made.body.url);
    expect((await sign("GET", embedded)).body).toMatchObject({
      state: "Ready",
      signer: { email: at("lou") },
    });
    const invalid = await call("POST", signingUrlRoute(sent), {
      expiresInMinutes: 61,
      returnUrl: "javascript:alert(1)",
    });
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "expiresInMinutes",
      "returnUrl",
    ]);

    const logged = JSON.stringify(w.service.logs);
    expect(logged).not.toContain(lou);
    expect(logged).not.toContain(embedded);
    expect(logged).toContain("/api/v1/signing/[token]");
  });

  test("dev outbox: every mail newest first with its text and links, as the workbench Mailbox shows it", async () => {
    const { link: mo } = await sendToSigner({ email: at("mo"), name: "Mo" });
    const response = await fetch(`${w.service.url}/api/dev/outbox`);
    const { items } = (await response.json()) as { items: Json[] };
    const item = items.find((i) => i.email === at("mo"))!;
    expect(item).toMatchObject({
      kind: "Invitation",
      to: `Mo <${at("mo")}>`,
      subject: "Please sign: Lease 2025",
      status: "Delivered",
      links: [expect.stringMatching(new RegExp(`/sign/${mo}$`))],
    });
    expect(item.link).toBe(item.links[0]);
    expect(item.text).toContain(item.link);
    const times = items.map((i) => i.createdOn as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await fetch(`${w.service.url}/api/v1/dev/outbox`)).status).toBe(200);
  });
});

describe("dev outbox outside npm start", () => {
  test("is not there", async () => {
    const service = await startTestService("sqlite", { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    try {
      await expectProblem(await fetch(`${service.url}/api/dev/outbox`), 404, "not_found");
    } finally {
      await service.close();
    }
  }, 60_000);
});
