// Benchmark of document uploads (issue 15): MB/s of a document sent through the chunked upload API on
// loopback (initiate, 4 MiB blocks, commit: stored, read and scanned for tags), against a plain copy of
// the same bytes from one file to another in the same run (goal: at least 50% of it).
// Run: node --import tsx test/bench/upload.bench.ts [--backend sqlite|postgres] [--mb N] [--runs N] [--parallel N]
// Prints figures and the ratio; asserts nothing.
//
// The client runs in a process of its own, as a client runs apart from the service (in the add-in,
// or on another machine): its reading and sending share neither the service's event loop nor its
// heap, and the service's CPU time (this process: its main thread, PDF reader thread and thread
// pool) is measured apart from the client's. It is a plain fast client: node:http with keep-alive,
// each block read from the file into a buffer and sent as it is, 3 blocks at a time as the add-in
// sends them (--parallel 1: one after the other).
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
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
/** Blocks in flight at a time (the add-in sends 3). */
const PARALLEL = Math.max(1, Number(option("parallel", "3")));
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

/** What the client thread measures of one upload, in ms from its first request. */
interface Timing {
  blocks: number;
  total: number;
  detectedTagCount: number;
}

// The client process (plain JavaScript: it needs no TypeScript loader). Each message names a
// package to upload `file` into; it answers a Timing or { error }.
const CLIENT = `
const http = require("node:http");
const fs = require("node:fs");
const { base, token, file, verbose, parallel } = JSON.parse(process.env.BENCH_CLIENT);
const agent = new http.Agent({ keepAlive: true });
function send(method, route, body, type) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: "Bearer " + token };
    if (body) Object.assign(headers, { "content-type": type, "content-length": body.length });
    const request = http.request(base + route, { method, agent, headers }, (response) => {
      const chunks = [];
      response.on("data", (c) => chunks.push(c));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        if (response.statusCode >= 300) reject(new Error(method + " " + route + ": " + response.statusCode + " " + text));
        else resolve(JSON.parse(text));
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}
process.on("message", async ({ packageId }) => {
  try {
    const t = performance.now();
    const size = fs.statSync(file).size;
    const session = await send("POST", "/api/v1/packages/" + packageId + "/uploads",
      Buffer.from(JSON.stringify({ fileName: "scan.pdf", contentType: "application/pdf", size })), "application/json");
    const fd = fs.openSync(file, "r");
    try {
      // PARALLEL blocks at a time, each read into a buffer of its own.
      let next = 0;
      const sender = async () => {
        const buffer = Buffer.allocUnsafe(session.blockSize);
        for (let n = next++; n < session.blockCount; n = next++) {
          const tb = performance.now();
          const length = fs.readSync(fd, buffer, 0, buffer.length, n * session.blockSize);
          // The response comes after the whole body was read: the buffer is free again then.
          await send("PUT", "/api/v1/packages/" + packageId + "/uploads/" + session.id + "/blocks/" + n,
            buffer.subarray(0, length), "application/octet-stream");
          if (verbose) console.log("  block " + n + ": " + (performance.now() - tb).toFixed(0) + " ms");
        }
      };
      await Promise.all(Array.from({ length: parallel }, sender));
    } finally {
      fs.closeSync(fd);
    }
    const blocks = performance.now() - t;
    const doc = await send("POST", "/api/v1/packages/" + packageId + "/uploads/" + session.id + "/commit");
    process.send({ blocks, total: performance.now() - t, detectedTagCount: doc.detectedTagCount });
  } catch (error) {
    process.send({ error: String(error && error.stack || error) });
  }
});
`;

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

    const client = spawn(process.execPath, ["-e", CLIENT], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: {
        ...process.env,
        BENCH_CLIENT: JSON.stringify({
          base,
          token,
          file: source,
          verbose: !!process.env.BENCH_VERBOSE,
          parallel: PARALLEL,
        }),
      },
    });
    const uploadOnce = (packageId: string) =>
      new Promise<Timing & { serviceCpu: number }>((resolve, reject) => {
        const c0 = process.cpuUsage();
        client.once("message", (reply: Timing | { error: string }) => {
          const c = process.cpuUsage(c0);
          if ("error" in reply) reject(new Error(reply.error));
          else resolve({ ...reply, serviceCpu: (c.user + c.system) / 1000 });
        });
        client.send({ packageId });
      });

    const copy: number[] = [];
    const upload: number[] = [];
    const blocks: number[] = [];
    const commit: number[] = [];
    const serviceCpu: number[] = [];
    const loads: number[] = [];
    // Run 0 warms up and is not counted: the first reading starts the PDF reader's thread and loads
    // pdf.js into it (a second or more), once per process.
    for (let run = 0; run <= RUNS; run++) {
      // The plain copy: read one file, write another, durable (as the service makes its writes).
      const t = performance.now();
      const target = path.join(scratch, `copy-${run}.pdf`);
      await fs.copyFile(source, target);
      const handle = await fs.open(target, "r+");
      await handle.sync();
      await handle.close();
      if (run > 0) copy.push(performance.now() - t);
      await fs.rm(target);

      const pkg = await json("POST", "/api/v1/packages", { name: `Upload ${run}` });
      const timing = await uploadOnce(pkg.id as string);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `run ${run}: blocks ${timing.blocks.toFixed(0)} ms, commit ${(timing.total - timing.blocks).toFixed(0)} ms`,
        );
      if (run > 0) {
        upload.push(timing.total);
        blocks.push(timing.blocks);
        commit.push(timing.total - timing.blocks);
        serviceCpu.push(timing.serviceCpu);
        loads.push(os.loadavg()[0]!);
      }
      if (timing.detectedTagCount !== 20)
        throw new Error(`expected 20 tags, found ${String(timing.detectedTagCount)}`);
    }
    client.kill();
    const size = bytes.length / MiB;
    const rate = (ms: number) => size / (ms / 1000);
    console.log(
      `backend: ${BACKEND}; a ${size.toFixed(1)} MB PDF of 20 pages; ${PARALLEL} blocks at a time; ${RUNS} runs; medians; load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} (${os.cpus().length} cores)`,
    );
    console.log(
      `plain file copy (fsynced)      ${median(copy).toFixed(0).padStart(6)} ms  ${rate(median(copy)).toFixed(0).padStart(5)} MB/s`,
    );
    console.log(
      `chunked upload over HTTP       ${median(upload).toFixed(0).padStart(6)} ms  ${rate(median(upload)).toFixed(0).padStart(5)} MB/s  ${(
        (100 * median(copy)) /
        median(upload)
      ).toFixed(0)}% of the copy (goal >= 50%)`,
    );
    console.log(
      `  of which the blocks ${median(blocks).toFixed(0)} ms (initiate and ${Math.ceil(bytes.length / (4 * MiB))} PUTs, ${PARALLEL} at a time), the commit ${median(commit).toFixed(0)} ms (fsync, PDF read, row)`,
    );
    console.log(
      `  the service's CPU time for it ${median(serviceCpu).toFixed(0)} ms (${rate(median(serviceCpu)).toFixed(0)} MB/s of one core's time; the client's not counted)`,
    );
  } finally {
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
