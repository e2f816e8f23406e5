// A link serves only what still exists (issue 27): a download link made before its document or its
// package is deleted answers 404 at once, not the deleted file's bytes until it expires. Both
// databases. A Draft's document and package are deleted through the API; a completed package cannot
// be, so its row is deleted with SQL behind the service's back to show that its links (signed
// document, certificate, zip) and share links follow the package too.
import { BACKENDS, expectProblem } from "./harness";
import { rawSql } from "./raw-sql";
import { samplePdf, useSigningWorld } from "./signing.helpers";

jest.setTimeout(180_000);

type Json = Record<string, unknown> & { id: string };

describe.each(BACKENDS)("download links of deleted things on %s", (backend) => {
  const w = useSigningWorld(backend, "deleted-links");
  const { call, sendPackage, signedAndSealed } = w;

  const P = "/api/v1/packages";

  async function upload(packageId: string, name: string): Promise<Json> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await samplePdf(1))], { type: "application/pdf" }), name);
    const uploaded = await fetch(`${w.service.url}${P}/${packageId}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    return (await uploaded.json()) as Json;
  }

  async function linkOf(route: string): Promise<string> {
    const made = await call<{ url: string }>("GET", route);
    expect(made.status).toBe(200);
    return made.body.url;
  }

  /** GET and HEAD of a link: 200 while it serves, 404 in the documented body once it does not. */
  async function expectServes(url: string, serves: boolean) {
    const got = await fetch(w.service.url + url);
    const head = await fetch(w.service.url + url, { method: "HEAD" });
    if (serves) {
      expect([got.status, head.status]).toEqual([200, 200]);
      await got.arrayBuffer();
    } else {
      await expectProblem(got, 404, "not_found");
      expect(head.status).toBe(404);
    }
  }

  test("download and download-pdf links answer 404 once their document, or their package, is deleted", async () => {
    const { pkg, document: first } = await sendPackage([{ email: "ada@contoso.com" }], {
      send: false,
      fields: () => [],
    });
    const second = await upload(pkg.id, "annex.pdf");
    const links = async (doc: Json) => [
      await linkOf(`${P}/${pkg.id}/documents/${doc.id}/download`),
      await linkOf(`${P}/${pkg.id}/documents/${doc.id}/download-pdf`),
    ];
    const ofFirst = await links(first);
    const ofSecond = await links(second);
    for (const url of [...ofFirst, ...ofSecond]) await expectServes(url, true);

    expect((await call("DELETE", `${P}/${pkg.id}/documents/${first.id}`)).status).toBe(204);
    for (const url of ofFirst) await expectServes(url, false);
    // The other document's links are not touched.
    for (const url of ofSecond) await expectServes(url, true);

    expect((await call("DELETE", `${P}/${pkg.id}`)).status).toBe(204);
    for (const url of ofSecond) await expectServes(url, false);
  });

  test("a completed package's links (signed document, certificate, zip, share links) answer 404 once it is gone", async () => {
    const { pkg, document } = await signedAndSealed("bob@contoso.com");
    const downloads = [
      await linkOf(`${P}/${pkg.id}/documents/${document.id}/download-signed`),
      await linkOf(`${P}/${pkg.id}/certificate`),
      await linkOf(`${P}/${pkg.id}/download`),
      await linkOf(`${P}/${pkg.id}/documents/${document.id}/download`),
    ];
    const shared: string[] = [];
    for (const body of [
      { scope: "SignedDocument", documentId: document.id },
      { scope: "AllSignedDocuments" },
      { scope: "EvidencePack" },
      { scope: "CertificateOfCompletion" },
    ]) {
      const minted = await call<{ url: string }>("POST", `${P}/${pkg.id}/share-links`, body);
      expect(minted.status).toBe(201);
      shared.push(new URL(minted.body.url, w.service.url).pathname);
    }
    for (const url of downloads) await expectServes(url, true);
    for (const url of shared) {
      const served = await fetch(w.service.url + url);
      expect(served.status).toBe(200);
      await served.arrayBuffer(); // an unread body keeps its socket open (the leak guard's catch)
    }

    await rawSql(backend, w.service.place, `DELETE FROM packages WHERE id = ?`, [pkg.id]);
    for (const url of downloads) await expectServes(url, false);
    for (const url of shared) await expectProblem(await fetch(w.service.url + url), 404, "not_found");
  });
});
