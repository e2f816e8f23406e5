// Benchmark of document uploads (issue 15): MB/s of a document sent through the chunked upload API on
// loopback (initiate, 4 MiB blocks, commit: stored, read and scanned for tags), against a plain copy of
// the same bytes from one file to another in the same run (goal: at least 50% of it).
// Run: node --import tsx test/bench/upload.bench.ts [--backend sqlite|postgres] [--mb N] [--runs N]
// Prints figures and the ratio; asserts nothing.
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { createPersonalAccessToken } from "../../src/service/domain/credentials";
import { freshPlace } from "../service/harness";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const BACKEND = option("backend", "sqlite");
const MB = Number(option("mb", "40"));
const RUNS = Math.max(1, Number(option("runs", "5")));
const MiB = 1024 * 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A PDF of about `bytes`: 20 pages, each with a tag and a large incompressible image (a scan). */
async function scannedPdf(bytes: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 20; i++) {
    doc.addPage([612, 792]).drawText(`{{sig:${(i % 3) + 1}}}`, { x: 72, y: 100, size: 12, font });
    doc.context.register(
      doc.context.stream(randomBytes(Math.floor(bytes / 20)), {
        Type: "XObject",
        Subtype: "Image",
        Width: 1000,
        Height: 1000,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
        Filter: "DCTDecode",
      }),
    );
  }
  return doc.save({ useObjectStreams: false });
}

const agent = new http.Agent({ keepAlive: true });

function putRaw(url: string, body: Buffer, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "PUT",
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/octet-stream",
          "content-length": body.length,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function main() {
  if (BACKEND === "postgres" && !process.env.TEST_DATABASE_URL) {
    throw new Error('--backend postgres needs TEST_DATABASE_URL (eval "$(scripts/start-test-postgres.sh)")');
  }
  const place = await freshPlace(BACKEND as "sqlite" | "postgres");
  const config = loadConfig({
    SIGN_DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? "",
    LOG_LEVEL: "warn",
    SIGN_SCHEDULER_INTERVAL_MS: "0",
  });
  const { openStorage } = await import("../../src/service/storage");
  const storage = await openStorage(config);
  const app = await buildApp({ storage, config });
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "sfo-upload-bench-"));
  try {
    const { token } = await createPersonalAccessToken(storage, { tenant: "bench", scopes: [] });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const auth = { authorization: `Bearer ${token}` };
    const json = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(base + route, {
        method,
        headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    const bytes = await scannedPdf(MB * MiB);
    const source = path.join(scratch, "source.pdf");
    await fs.writeFile(source, bytes);

    const copy: number[] = [];
    const upload: number[] = [];
    // Run 0 warms up and is not counted: the first reading starts the PDF reader's thread and loads
    // pdf.js into it (a second or more), once per process.
    for (let run = 0; run <= RUNS; run++) {
      // The plain copy: read one file, write another, durable (as the service makes its writes).
      let t = performance.now();
      const target = path.join(scratch, `copy-${run}.pdf`);
      await fs.copyFile(source, target);
      const handle = await fs.open(target, "r+");
      await handle.sync();
      await handle.close();
      if (run > 0) copy.push(performance.now() - t);
      await fs.rm(target);

      const pkg = await json("POST", "/api/v1/packages", { name: `Upload ${run}` });
      t = performance.now();
      const data = await fs.readFile(source);
      const session = await json("POST", `/api/v1/packages/${pkg.id}/uploads`, {
        fileName: "scan.pdf",
        contentType: "application/pdf",
        size: data.length,
      });
      const blockSize = session.blockSize as number;
      for (let n = 0; n < (session.blockCount as number); n++) {
        const tb = performance.now();
        // node:http with the bytes as they are: fetch would copy each block again on our side.
        const status = await putRaw(
          `${base}/api/v1/packages/${pkg.id}/uploads/${session.id}/blocks/${n}`,
          data.subarray(n * blockSize, (n + 1) * blockSize),
          token,
        );
        if (status !== 200) throw new Error(`block ${n}: ${status}`);
        if (process.env.BENCH_VERBOSE) console.log(`  block ${n}: ${(performance.now() - tb).toFixed(0)} ms`);
      }
      const staged = performance.now();
      const doc = await json("POST", `/api/v1/packages/${pkg.id}/uploads/${session.id}/commit`);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `blocks ${(staged - t).toFixed(0)} ms, commit ${(performance.now() - staged).toFixed(0)} ms`,
        );
      if (run > 0) upload.push(performance.now() - t);
      if (doc.detectedTagCount !== 20)
        throw new Error(`expected 20 tags, found ${String(doc.detectedTagCount)}`);
    }
    const size = bytes.length / MiB;
    const rate = (ms: number) => size / (ms / 1000);
    console.log(`backend: ${BACKEND}; a ${size.toFixed(1)} MB PDF of 20 pages; ${RUNS} runs; medians`);
    console.log(
      `plain file copy (fsynced)      ${median(copy).toFixed(0).padStart(6)} ms  ${rate(median(copy)).toFixed(0).padStart(5)} MB/s`,
    );
    console.log(
      `chunked upload over HTTP       ${median(upload).toFixed(0).padStart(6)} ms  ${rate(median(upload)).toFixed(0).padStart(5)} MB/s  ${(
        (100 * median(copy)) /
        median(upload)
      ).toFixed(0)}% of the copy (goal >= 50%)`,
    );
  } finally {
    agent.destroy();
    await app.close();
    await storage.close();
    await place.dispose();
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
