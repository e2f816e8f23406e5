/**
 * What a browser test file of the pane sets up: the pane's development build served on a port of its
 * own (pane-server.ts), the real service (this process, fresh SQLite database, CORS for the pane's
 * origin) and Debian's Chromium, started once per file and closed in afterAll; browser contexts
 * closed after each test. Files that test the dev server itself (workbench, msal-sign-in) start it.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import type { ServiceConfig } from "../../src/service/config";
import { startTestService, type TestService } from "../service/harness";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";
import { servePane, type PaneServer } from "./pane-server";
import { signingPageBuild } from "./signing-build";

export const ROOT = path.resolve(__dirname, "../..");
export const ARTIFACTS = path.join(ROOT, "test", "artifacts");

export const chromiumMissing = !existsSync(CHROMIUM);
/** Without Chromium the tests are skipped, saying so, except under CI: there they fail. */
export const skipBrowser = chromiumMissing && !process.env.CI;
if (skipBrowser) {
  console.warn(
    `Browser tests skipped: no Chromium at ${CHROMIUM}. Install Debian's chromium (apt-get install chromium; ` +
      ".ci/run does) or set CHROMIUM_PATH. Under CI these tests fail instead.",
  );
}

export interface BrowserStackOptions {
  /** Added to the service's environment. */
  serviceEnv?: Record<string, string>;
  /** Service settings no environment variable sets (devRoutes, as `npm start` turns them on). */
  serviceConfig?: Partial<ServiceConfig>;
  /** Served at /workbench-session.json, as `npm start`'s SIGN_WORKBENCH_SESSION; none by default. */
  sessionFile?: string;
  /** The service serves a build of today's signing page (signing-build.ts), as `npm start` builds it. */
  signingPage?: boolean;
}

export interface BrowserStack {
  service(): TestService;
  browser(): Browser;
  /** The pane's origin, e.g. http://localhost:43121. */
  origin(): string;
  /** A new browser context (HTTPS errors ignored), closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/** Registers beforeAll/afterEach/afterAll hooks that start and stop the pane, the service and Chromium. */
export function useBrowserStack(options: BrowserStackOptions = {}): BrowserStack {
  let pane: PaneServer | undefined;
  let service: TestService | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (chromiumMissing) {
      throw new Error(`No Chromium at ${CHROMIUM}: CI must install it (.ci/run: apt-get install chromium).`);
    }
    mkdirSync(ARTIFACTS, { recursive: true });
    // The server listens at once (its origin is the service's CORS origin); the build, when it has
    // to be made, runs while the service and Chromium start.
    pane = await servePane({ sessionFile: options.sessionFile });
    const signingPage = options.signingPage ? { SIGN_SIGNING_PAGE_DIR: await signingPageBuild() } : {};
    service = await startTestService(
      "sqlite",
      {
        SIGN_CORS_ORIGINS: `http://localhost:${pane.port},https://localhost:${pane.port}`,
        ...signingPage,
        ...options.serviceEnv,
      },
      undefined,
      options.serviceConfig,
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    await pane.ready;
  }, 330_000);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  });

  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await pane?.close();
    await service?.close();
  }, 30_000);

  return {
    service: () => service!,
    browser: () => browser!,
    origin: () => pane!.origin,
    async newContext(contextOptions = {}) {
      const context = await browser!.newContext({ ignoreHTTPSErrors: true, ...contextOptions });
      contexts.push(context);
      return context;
    },
  };
}
