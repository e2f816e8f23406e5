// getAnnotationAttachment (service.md §4.3) through HTTP on both databases: a signer attaches a file
// to an Attachment field on the signing page and finishes; the sender's link answers those bytes.
// Another type of field is 400, a field with nothing attached yet 404, another tenant's 404.
import { BACKENDS, expectProblem } from "./harness";
import { samplePdf, useSigningWorld } from "./signing.helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in tests.
type Json = Record<string, any> & { id: string };
// The signer's link arrives by mail through the scheduler and a real SMTP server.
jest.setTimeout(120_000);

describe.each(BACKENDS)("annotation attachments on %s", (backend) => {
  const w = useSigningWorld(backend, "attachments", { SMTP_FROM: "Signing <sign@contoso.com>" });
  const { call, sign, sendPackage, linkFor } = w;

  test("the file of a completed Attachment field, through a link; 400 for another type, 404 before", async () => {
    const email = `ana.${backend}@contoso.com`;
    const { pkg } = await sendPackage([{ email, name: "Ana" }], {
      fields: () => [{ type: "Attachment" }, { type: "Text", required: false }],
    });
    const annotations = (await call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/annotations`)).body
      .items;
    const field = annotations.find((a) => a.type === "Attachment")!;
    const text = annotations.find((a) => a.type === "Text")!;
    const route = (id: string) => `/api/v1/packages/${pkg.id}/annotations/${id}/attachment`;

    await expectProblem(await w.service.call("GET", route(field.id), { token: w.token }), 404, "not_found");
    await expectProblem(
      await w.service.call("GET", route(text.id), { token: w.token }),
      400,
      "validation_failed",
    );
    await expectProblem(
      await w.service.call("GET", route("00000000-0000-4000-8000-000000000000"), { token: w.token }),
      404,
      "not_found",
    );

    const link = await linkFor(email);
    const pdf = await samplePdf();
    const attached = await fetch(`${w.service.url}/api/v1/signing/${link}/fields/${field.id}/attachment`, {
      method: "POST",
      headers: { "content-type": "application/pdf", "x-file-name": "payslip.pdf" },
      body: Buffer.from(pdf),
    });
    expect(attached.status).toBe(200);
    await attached.arrayBuffer();
    // Attached but not completed: a draft, not the sender's to see yet.
    await expectProblem(await w.service.call("GET", route(field.id), { token: w.token }), 404, "not_found");
    expect((await sign("POST", link, "/finish")).body.state).toBe("Completed");

    const answer = await call("GET", route(field.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ url: expect.any(String), expiresOn: expect.any(String) });
    const file = await fetch(new URL(answer.body.url as string, w.service.url));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("payslip.pdf");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(pdf));

    const other = await w.service.token("attachments-other");
    await expectProblem(await w.service.call("GET", route(field.id), { token: other }), 404, "not_found");
  });
});
