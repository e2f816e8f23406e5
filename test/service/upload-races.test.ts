// Chunked uploads under overlapping requests (contract §6.2; issue 15), through HTTP against the
// real service: SQLite and PostgreSQL with local files, and SQLite with an S3-compatible server
// (s3rver), for a package's uploads and a template's (the same routes and domain code).
// - Overlapping commits of one complete upload make one document: one 201, the others 404.
// - A commit racing an abort: never a 500, and the answers agree with what is stored.
// - The same block sent several times at once: every answer 200, and the commit succeeds.
// - A block sent while a commit is at work: acknowledged (200) only if the document has it,
//   otherwise refused with 404; the stored bytes always hash to the document's sha256.
// - A commit refused (not a PDF) leaves the upload open: it can be aborted, or fixed and committed.
// - A commit's claim: while another commit holds it (held there by a test seam), the upload
//   answers 404 "being committed" everywhere, and once committed a plain 404; a claim
//   older than the bound (its process died) counts as none.
// The racy cases run a few rounds each: on the code before the claim they failed (see the report
// of the branch upload-races).
import { createHash, randomBytes } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { openBlobStore } from "../../src/service/blobs";
import { COMMIT_CLAIM_MS } from "../../src/service/domain/documents/uploads";
import { setUploadSeamsForTest } from "../../src/service/domain/upload-bounds";
import { expectProblem, startTestService, type TestService } from "./harness";
import { STORE_SETUPS, startS3, type TestS3 } from "./s3-server";

type Json = Record<string, unknown> & { id: string };
const MiB = 1024 * 1024;
const ROUNDS = 4;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A PDF of about `bytes` bytes: one page and an incompressible stream (a large scan, say). */
async function bigPdf(bytes: number) {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const stream = doc.context.stream(randomBytes(bytes), { Length: bytes });
  doc.context.register(stream);
  return doc.save({ useObjectStreams: false });
}

// Two PDFs of three blocks alike but for block 1 (its bytes are inside the stream's data): a block
// sent again with other bytes, and whether the document has them, is told by its sha256. Made once
// for every setup (only read), with their hashes: hashing 9 MB at every assertion was seconds.
let a: Uint8Array<ArrayBuffer>;
let b: Uint8Array<ArrayBuffer>;
let shaA: string;
let shaB: string;
beforeAll(async () => {
  a = new Uint8Array(await bigPdf(9 * MiB));
  b = new Uint8Array(a);
  b.set(randomBytes(4 * MiB), 4 * MiB);
  shaA = sha256(a);
  shaB = sha256(b);
});

/** Whose documents: a package's (Draft) or a template's. */
const OWNERS = [
  { kind: "package", base: "/api/v1/packages" },
  { kind: "template", base: "/api/v1/templates" },
] as const;

describe.each(STORE_SETUPS)("upload races on $label", ({ backend, s3: useS3 }) => {
  let service: TestService;
  let s3: TestS3 | null = null;
  let token: string;
  const env: Record<string, string> = { SIGN_SCHEDULER_INTERVAL_MS: "0" };

  beforeAll(async () => {
    if (useS3) {
      s3 = await startS3();
      env.SIGN_BLOB_URL = s3.url;
    }
    service = await startTestService(backend, env);
    token = await service.token("upload-races");
  }, 120_000);
  afterAll(async () => {
    await service.close();
    await s3?.stop();
  });

  async function call<T = Json>(method: string, route: string, body?: unknown) {
    const response = await service.call(method, route, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const block = (bytes: Uint8Array<ArrayBuffer>, n: number) =>
    bytes.subarray(n * 4 * MiB, Math.min(bytes.length, (n + 1) * 4 * MiB));

  /** The stored bytes of a document (its `download` blob), hashed. */
  async function storedSha256(doc: Json): Promise<string> {
    const hash = createHash("sha256");
    const blobs = openBlobStore(service.config);
    for await (const chunk of (await blobs.get(doc.sha256 as string)) as AsyncIterable<Uint8Array>)
      hash.update(chunk);
    return hash.digest("hex");
  }

  describe.each(OWNERS)("a $kind's upload", ({ kind, base }) => {
    const owner = async () =>
      (await call("POST", base, { name: kind === "package" ? "Lease" : "Sale" })).body;
    const documents = async (ownerId: string) =>
      (await call<{ items: Json[] }>("GET", `${base}/${ownerId}/documents`)).body.items;
    const put = (ownerId: string, uploadId: string, n: number, bytes: Uint8Array<ArrayBuffer>) =>
      fetch(`${service.url}${base}/${ownerId}/uploads/${uploadId}/blocks/${n}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
        body: bytes,
      });
    const commit = (ownerId: string, uploadId: string) =>
      service.call("POST", `${base}/${ownerId}/uploads/${uploadId}/commit`, { token });
    const abort = (ownerId: string, uploadId: string) =>
      service.call("DELETE", `${base}/${ownerId}/uploads/${uploadId}`, { token });

    /** A new owner and an upload of `bytes` with every block staged (unless `blocks` says which). */
    async function staged(bytes: Uint8Array<ArrayBuffer>, blocks?: number[], sha?: string) {
      const o = await owner();
      const session = (
        await call("POST", `${base}/${o.id}/uploads`, {
          fileName: "scan.pdf",
          contentType: "application/pdf",
          size: bytes.length,
          ...(sha ? { sha256: sha } : {}),
        })
      ).body;
      const count = session.blockCount as number;
      // Sent together, as the pane sends up to three: writing one block overlaps receiving the next.
      const sent = await Promise.all(
        (blocks ?? Array.from({ length: count }, (_, i) => i)).map((n) =>
          put(o.id, session.id, n, block(bytes, n)),
        ),
      );
      expect(sent.map((r) => r.status)).toEqual(sent.map(() => 200));
      return { o, session };
    }

    test("overlapping commits make one document: one 201, the others 404", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { o, session } = await staged(a);
        const answers = await Promise.all([0, 1, 2].map(() => commit(o.id, session.id)));
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses).toEqual([201, 404, 404]);
        for (const r of answers.filter((r) => r.status === 404)) {
          expect(((await r.json()) as Json).code).toBe("not_found");
        }
        const docs = await documents(o.id);
        expect(docs).toHaveLength(1);
        expect(docs[0]).toMatchObject({ sha256: shaA, size: a.length });
        expect(await storedSha256(docs[0]!)).toBe(shaA);
        await expectProblem(await commit(o.id, session.id), 404, "not_found");
      }
    }, 120_000);

    test("a commit racing an abort: never a 500, and the answers agree with what is stored", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { o, session } = await staged(a);
        const [committed, aborted] = await Promise.all([commit(o.id, session.id), abort(o.id, session.id)]);
        const docs = await documents(o.id);
        if (committed.status === 201) {
          expect(aborted.status).toBe(404);
          expect(docs).toHaveLength(1);
          expect(await storedSha256(docs[0]!)).toBe(shaA);
        } else {
          expect([committed.status, aborted.status]).toEqual([404, 204]);
          expect(docs).toHaveLength(0);
        }
        // Either way the upload is over.
        expect((await call("GET", `${base}/${o.id}/uploads/${session.id}`)).status).toBe(404);
        expect((await put(o.id, session.id, 0, block(a, 0))).status).toBe(404);
      }
    }, 120_000);

    test("the same block sent several times at once: all 200, and the commit succeeds", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { o, session } = await staged(a, [1, 2], shaA);
        const answers = await Promise.all([0, 1, 2, 3].map(() => put(o.id, session.id, 0, block(a, 0))));
        expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
        const status = (await call("GET", `${base}/${o.id}/uploads/${session.id}`)).body;
        expect(status.receivedBlocks).toEqual([0, 1, 2]);
        const committed = await commit(o.id, session.id);
        expect(committed.status).toBe(201);
        const doc = (await committed.json()) as Json;
        expect(doc).toMatchObject({ sha256: shaA, size: a.length });
        expect(await storedSha256(doc)).toBe(shaA);
      }
    }, 120_000);

    test("a block sent while a commit is at work: 200 only if the document has it, else 404", async () => {
      for (let round = 0; round < ROUNDS * 2; round++) {
        const { o, session } = await staged(a);
        const committing = commit(o.id, session.id);
        // Sent at different moments of the commit (the first about when it starts).
        await new Promise((resolve) => setTimeout(resolve, round * 15));
        const sent = await put(o.id, session.id, 1, block(b, 1));
        const committed = await committing;
        expect([200, 404]).toContain(sent.status);
        expect(committed.status).toBe(201);
        const doc = (await committed.json()) as Json;
        // Acknowledged: in the document. Refused: not.
        expect(doc.sha256).toBe(sent.status === 200 ? shaB : shaA);
        expect(await storedSha256(doc)).toBe(doc.sha256);
        expect(await documents(o.id)).toHaveLength(1);
      }
    }, 180_000);

    test("a block sent once the commit has claimed the upload is refused with 404", async () => {
      const { o, session } = await staged(a);
      // The commit is held right after its claim (an in-process seam), so the 404s below are the
      // claim's ("being committed"), not those of a commit already over.
      let claimed!: () => void;
      const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      setUploadSeamsForTest({
        afterClaim: async () => {
          claimed();
          await released;
        },
      });
      const beingCommitted = /is being committed/;
      const committing = commit(o.id, session.id);
      try {
        await isClaimed;
        const status = await service.call("GET", `${base}/${o.id}/uploads/${session.id}`, { token });
        expect((await expectProblem(status, 404, "not_found")).detail).toMatch(beingCommitted);
        const sent = await expectProblem(await put(o.id, session.id, 1, block(b, 1)), 404, "not_found");
        expect(sent.detail).toMatch(beingCommitted);
        const aborted = await expectProblem(await abort(o.id, session.id), 404, "not_found");
        expect(aborted.detail).toMatch(beingCommitted);
      } finally {
        release();
        setUploadSeamsForTest(null);
      }
      const committed = await committing;
      expect(committed.status).toBe(201);
      const doc = (await committed.json()) as Json;
      expect(doc.sha256).toBe(shaA);
      expect(await storedSha256(doc)).toBe(shaA);
      // Once committed, the upload is simply gone.
      const gone = await service.call("GET", `${base}/${o.id}/uploads/${session.id}`, { token });
      expect((await expectProblem(gone, 404, "not_found")).detail).not.toMatch(beingCommitted);
    }, 60_000);

    test("a commit refused (not a PDF) leaves the upload open: it can be aborted, or fixed and committed", async () => {
      const broken = new Uint8Array(a);
      broken.set(Buffer.from("NOT!"), 0); // %PDF → NOT!
      // Aborted after the refusal.
      const first = await staged(broken);
      await expectProblem(await commit(first.o.id, first.session.id), 400, "invalid_document");
      expect((await call("GET", `${base}/${first.o.id}/uploads/${first.session.id}`)).body).toMatchObject({
        status: "Open",
        receivedBlocks: [0, 1, 2],
      });
      expect((await abort(first.o.id, first.session.id)).status).toBe(204);
      expect(await documents(first.o.id)).toHaveLength(0);
      // Block 0 sent again, right, and committed.
      const second = await staged(broken);
      await expectProblem(await commit(second.o.id, second.session.id), 400, "invalid_document");
      expect((await put(second.o.id, second.session.id, 0, block(a, 0))).status).toBe(200);
      const committed = await commit(second.o.id, second.session.id);
      expect(committed.status).toBe(201);
      const doc = (await committed.json()) as Json;
      expect(doc.sha256).toBe(shaA);
      expect(await storedSha256(doc)).toBe(shaA);
      expect(await documents(second.o.id)).toHaveLength(1);
    }, 60_000);

    test("a claim held by another commit refuses everything with 404; a stale one counts as none", async () => {
      const small = new Uint8Array(await bigPdf(1000));
      const { o, session } = await staged(small);
      const uploads = kind === "package" ? service.storage.uploads : service.storage.templateUploads;
      const now = new Date();
      const staleBefore = new Date(now.getTime() - COMMIT_CLAIM_MS).toISOString();
      // Another instance's commit at work (it claimed the session just now).
      expect(await uploads.claim(session.id, "elsewhere", now.toISOString(), staleBefore)).toBe(true);
      const refused = await expectProblem(await commit(o.id, session.id), 404, "not_found");
      expect(refused.detail).toMatch(/being committed/);
      await expectProblem(await put(o.id, session.id, 0, small), 404, "not_found");
      await expectProblem(await abort(o.id, session.id), 404, "not_found");
      expect((await call("GET", `${base}/${o.id}/uploads/${session.id}`)).status).toBe(404);
      // Its commit failed: the claim is given back, and the upload is open again.
      await uploads.release(session.id, "elsewhere");
      expect((await call("GET", `${base}/${o.id}/uploads/${session.id}`)).status).toBe(200);
      // A claim older than the bound: its process died mid-commit. It counts as none.
      const old = new Date(now.getTime() - COMMIT_CLAIM_MS - 60_000).toISOString();
      expect(await uploads.claim(session.id, "dead", old, staleBefore)).toBe(true);
      expect((await put(o.id, session.id, 0, small)).status).toBe(200);
      const committed = await commit(o.id, session.id);
      expect(committed.status).toBe(201);
      expect(((await committed.json()) as Json).sha256).toBe(sha256(small));
    }, 60_000);

    test("a start releases the claims its own crash left (on local files, every claim)", async () => {
      const small = new Uint8Array(await bigPdf(1000));
      const mine = await staged(small);
      const theirs = await staged(small);
      const uploads = kind === "package" ? service.storage.uploads : service.storage.templateUploads;
      const now = new Date();
      const staleBefore = new Date(now.getTime() - COMMIT_CLAIM_MS).toISOString();
      // A commit of this instance that a kill cut off, and one of another instance at work.
      const instance = service.storage.blobInstance ?? "local";
      expect(
        await uploads.claim(mine.session.id, `${instance}:cut-off`, now.toISOString(), staleBefore),
      ).toBe(true);
      expect(
        await uploads.claim(
          theirs.session.id,
          "3f2b8c1e-0000-4000-8000-000000000000:at-work",
          now.toISOString(),
          staleBefore,
        ),
      ).toBe(true);
      const status = async (o: Json, session: Json) =>
        (await call("GET", `${base}/${o.id}/uploads/${session.id}`)).status;
      expect(await status(mine.o, mine.session)).toBe(404);
      // The instance starts again (on its data directory and database).
      const again = await startTestService(backend, env, service.place);
      await again.close();
      expect(await status(mine.o, mine.session)).toBe(200);
      // On a shared blob store another instance's claim stays (it may be at work); on local files
      // there is one machine, and no commit is at work when it starts.
      expect(await status(theirs.o, theirs.session)).toBe(useS3 ? 404 : 200);
      await uploads.release(theirs.session.id, "3f2b8c1e-0000-4000-8000-000000000000:at-work");
      for (const { o, session } of [mine, theirs]) expect((await commit(o.id, session.id)).status).toBe(201);
    }, 60_000);
  });
});
