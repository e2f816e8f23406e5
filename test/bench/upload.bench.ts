// Benchmark of document uploads (issue 15): MB/s of a document sent through the chunked upload API on
// loopback (initiate, 4 MiB blocks, commit: stored, read and scanned for tags), against a plain copy of
// the same bytes from one file to another in the same run (goal: at least 50% of it).
// Run: node --import tsx test/bench/upload.bench.ts [--backend sqlite|postgres] [--mb N] [--runs N] [--parallel N]
// Prints figures and the ratio; asserts nothing. For reference it also sends the same blocks the
// same way to a bare node:http server that only writes them into a file and fsyncs it: the floor of
// receiving an upload in Node, before any of the service's work.
//
// The client runs in a process of its own, as a client runs apart from the service (in the add-in,
// or on another machine): its reading and sending share neither the service's event loop nor its
// heap, and the service's CPU time (this process: its main thread, PDF reader thread and thread
// pool) is measured apart from the client's. It is a plain fast client: node:http with keep-alive,
// each block read from the file into a buffer and sent as it is, 3 blocks at a time as the add-in
// sends them (--parallel 1: one after the other).
import { randomBytes } from "node:crypto";
import { constants as fsConstants, promises as fs } from "node:fs";
import http from "node:http";
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
const { base, bareBase, token, file, verbose, parallel } = JSON.parse(process.env.BENCH_CLIENT);
const agent = new http.Agent({ keepAlive: true });
function send(method, route, body, type) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: "Bearer " + token };
    if (body) Object.assign(headers, { "content-type": type, "content-length": body.length });
    const url = route.startsWith("/bare/") ? bareBase + route : base + route;
    const request = http.request(url, { method, agent, headers }, (response) => {
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
// curl's way: the blocks in one curl process, keep-alive, PARALLEL at a time, each streamed from a
// file of its own (written beforehand: the pane has its blocks in memory, and neither client's
// cutting counts). curl costs a fraction of node:http's CPU, which shares the 2 cores with the
// service.
const { spawn } = require("node:child_process");
function curlBlocks(urls) {
  return new Promise((resolve, reject) => {
    const args = ["--silent", "--show-error", "--fail", "--parallel", "--parallel-max", String(parallel),
      "-H", "authorization: Bearer " + token, "-H", "content-type: application/octet-stream", "-o", "/dev/null"];
    urls.forEach((url, n) => args.push("-T", file + ".block" + n, url));
    const child = spawn("curl", args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (c) => (err += c));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error("curl " + code + " " + err))));
  });
}
process.on("message", async ({ packageId, bare, curl }) => {
  if (curl) {
    try {
      const blockCount = Math.ceil(fs.statSync(file).size / (4 * 1024 * 1024));
      const t = performance.now();
      if (bare) {
        await curlBlocks(Array.from({ length: blockCount }, (_, n) => bareBase + "/bare/" + n));
        await send("POST", "/bare/sync");
        process.send({ blocks: performance.now() - t, total: performance.now() - t, detectedTagCount: 0 });
        return;
      }
      const size = fs.statSync(file).size;
      const session = await send("POST", "/api/v1/packages/" + packageId + "/uploads",
        Buffer.from(JSON.stringify({ fileName: "scan.pdf", contentType: "application/pdf", size })), "application/json");
      await curlBlocks(Array.from({ length: session.blockCount }, (_, n) =>
        base + "/api/v1/packages/" + packageId + "/uploads/" + session.id + "/blocks/" + n));
      const blocks = performance.now() - t;
      const doc = await send("POST", "/api/v1/packages/" + packageId + "/uploads/" + session.id + "/commit");
      process.send({ blocks, total: performance.now() - t, detectedTagCount: doc.detectedTagCount });
    } catch (error) {
      process.send({ error: String(error && error.stack || error) });
    }
    return;
  }
  if (bare) {
    // The same blocks, the same way, to a bare node:http server (see main).
    try {
      const t = performance.now();
      const size = fs.statSync(file).size;
      const blockSize = 4 * 1024 * 1024;
      const fd = fs.openSync(file, "r");
      let next = 0;
      await Promise.all(Array.from({ length: parallel }, async () => {
        const buffer = Buffer.allocUnsafe(blockSize);
        for (let n = next++; n * blockSize < size; n = next++) {
          const length = fs.readSync(fd, buffer, 0, blockSize, n * blockSize);
          await send("PUT", "/bare/" + n, buffer.subarray(0, length), "application/octet-stream");
        }
      }));
      fs.closeSync(fd);
      await send("POST", "/bare/sync");
      process.send({ blocks: performance.now() - t, total: performance.now() - t, detectedTagCount: 0 });
    } catch (error) {
      process.send({ error: String(error && error.stack || error) });
    }
    return;
  }
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

    // The floor: a bare node:http server that only writes each block at its place in one file
    // (no framework, hash, database or PDF reading) and fsyncs it at the end.
    const bareFile = path.join(scratch, "bare.bin");
    const bare = http.createServer((request, response) => {
      void (async () => {
        if (request.url === "/bare/sync") {
          const handle = await fs.open(bareFile, "r+");
          await handle.sync();
          await handle.close();
        } else {
          const n = Number(request.url!.split("/").pop());
          const handle = await fs.open(bareFile, fsConstants.O_RDWR | fsConstants.O_CREAT);
          let at = n * 4 * MiB;
          let pending: Buffer[] = [];
          let pendingBytes = 0;
          for await (const chunk of request as AsyncIterable<Buffer>) {
            pending.push(chunk);
            pendingBytes += chunk.length;
            if (pendingBytes >= MiB) {
              await handle.writev(pending, at);
              at += pendingBytes;
              pending = [];
              pendingBytes = 0;
            }
          }
          if (pendingBytes) await handle.writev(pending, at);
          await handle.close();
        }
        response.end("{}");
      })();
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const bareAddress = bare.address();
    const bareBase = `http://127.0.0.1:${typeof bareAddress === "object" && bareAddress ? bareAddress.port : 0}`;

    const bytes = await scannedPdf(MB * MiB);
    const source = path.join(scratch, "source.pdf");
    await fs.writeFile(source, bytes);

    const client = spawn(process.execPath, ["-e", CLIENT], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: {
        ...process.env,
        BENCH_CLIENT: JSON.stringify({
          base,
          bareBase,
          token,
          file: source,
          verbose: !!process.env.BENCH_VERBOSE,
          parallel: PARALLEL,
        }),
      },
    });
    type Client = "node" | "curl";
    const ask = (message: { packageId?: string; bare?: boolean; curl?: boolean }) =>
      new Promise<Timing & { serviceCpu: number }>((resolve, reject) => {
        const c0 = process.cpuUsage();
        client.once("message", (reply: Timing | { error: string }) => {
          const c = process.cpuUsage(c0);
          if ("error" in reply) reject(new Error(reply.error));
          else resolve({ ...reply, serviceCpu: (c.user + c.system) / 1000 });
        });
        client.send(message);
      });
    // curl streams each block from a file of its own.
    for (let n = 0; n * 4 * MiB < bytes.length; n++) {
      await fs.writeFile(`${source}.block${n}`, bytes.subarray(n * 4 * MiB, (n + 1) * 4 * MiB));
    }

    const copy: number[] = [];
    const loads: number[] = [];
    const figures = (): Record<"upload" | "blocks" | "commit" | "serviceCpu" | "bare" | "bareCpu", number[]> => ({
      upload: [],
      blocks: [],
      commit: [],
      serviceCpu: [],
      bare: [],
      bareCpu: [],
    });
    const byClient: Record<Client, ReturnType<typeof figures>> = { node: figures(), curl: figures() };
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

      for (const tool of ["node", "curl"] as const) {
        const f = byClient[tool];
        const floor = await ask({ bare: true, curl: tool === "curl" });
        await fs.rm(bareFile, { force: true });
        if (run > 0) {
          f.bare.push(floor.total);
          f.bareCpu.push(floor.serviceCpu);
        }

        const pkg = await json("POST", "/api/v1/packages", { name: `Upload ${run} ${tool}` });
        const timing = await ask({ packageId: pkg.id as string, curl: tool === "curl" });
        if (process.env.BENCH_VERBOSE)
          console.log(
            `run ${run} (${tool}): blocks ${timing.blocks.toFixed(0)} ms, commit ${(timing.total - timing.blocks).toFixed(0)} ms`,
          );
        if (run > 0) {
          f.upload.push(timing.total);
          f.blocks.push(timing.blocks);
          f.commit.push(timing.total - timing.blocks);
          f.serviceCpu.push(timing.serviceCpu);
          loads.push(os.loadavg()[0]!);
        }
        if (timing.detectedTagCount !== 20)
          throw new Error(`expected 20 tags, found ${String(timing.detectedTagCount)}`);
      }
    }
    client.kill();
    bare.close();
    const size = bytes.length / MiB;
    const rate = (ms: number) => size / (ms / 1000);
    const share = (ms: number) => ((100 * median(copy)) / ms).toFixed(0);
    console.log(
      `backend: ${BACKEND}; a ${size.toFixed(1)} MB PDF of 20 pages; ${PARALLEL} blocks at a time; ${RUNS} runs; medians; load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} (${os.cpus().length} cores)`,
    );
    console.log(
      `plain file copy (fsynced)        ${median(copy).toFixed(0).padStart(6)} ms  ${rate(median(copy)).toFixed(0).padStart(5)} MB/s`,
    );
    for (const tool of ["node", "curl"] as const) {
      const f = byClient[tool];
      console.log(
        `${tool === "node" ? "node:http client" : "curl client"} (${tool === "node" ? "its own process" : `one curl for the ${Math.ceil(bytes.length / (4 * MiB))} blocks`}):`,
      );
      console.log(
        `  chunked upload over HTTP       ${median(f.upload).toFixed(0).padStart(6)} ms  ${rate(median(f.upload)).toFixed(0).padStart(5)} MB/s  ${share(median(f.upload))}% of the copy (goal >= 50%)`,
      );
      console.log(
        `    of which the blocks ${median(f.blocks).toFixed(0)} ms (initiate and ${Math.ceil(bytes.length / (4 * MiB))} PUTs, ${PARALLEL} at a time), the commit ${median(f.commit).toFixed(0)} ms (fsync, PDF read, row)`,
      );
      console.log(
        `    the service's CPU time for it ${median(f.serviceCpu).toFixed(0)} ms (${rate(median(f.serviceCpu)).toFixed(0)} MB/s of one core's time; the client's not counted)`,
      );
      console.log(
        `  bare node:http server, write   ${median(f.bare).toFixed(0).padStart(6)} ms  ${rate(median(f.bare)).toFixed(0).padStart(5)} MB/s  ${share(median(f.bare))}% of the copy (the same blocks written and fsynced, nothing else; CPU ${median(f.bareCpu).toFixed(0)} ms)`,
      );
    }
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
