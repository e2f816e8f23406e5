// An S3-compatible server for tests (s3rver), on 127.0.0.1 with a temporary directory.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { awaitedAtEnd, closeAtEnd } from "./closed-at-end";
import { BACKENDS, type Backend } from "./harness";

/** Where documents live in the tests that run on every store: each database with local files, and SQLite with S3. */
export type StoreSetup = { label: string; backend: Backend; s3: boolean };
export const STORE_SETUPS: StoreSetup[] = [
  ...BACKENDS.map((backend) => ({ label: `${backend}, local files`, backend, s3: false })),
  { label: "sqlite, S3 (s3rver)", backend: "sqlite", s3: true },
];

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3 {
  /** A SIGN_BLOB_URL for the server's bucket. */
  url: string;
  bucket: string;
  stop(): Promise<void>;
}

/** Closed at the end of the test file if the file has not stopped it (closed-at-end.ts). */
export function startS3(bucket = "sign-test"): Promise<TestS3> {
  return awaitedAtEnd(start(bucket));
}

async function start(bucket: string): Promise<TestS3> {
  // s3rver ships no types; its default export is the server class.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require("s3rver") as S3rverClass;
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    // s3rver's built-in credentials.
    url: `s3://S3RVER:S3RVER@127.0.0.1:${address.port}/${bucket}?tls=false&region=us-east-1`,
    bucket,
    stop: closeAtEnd(async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    }),
  };
}
