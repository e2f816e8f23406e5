/**
 * The signing page's production build (`npm run build:signing`) for the browser tests that open it,
 * shared as cached-build.ts says. They used dist/signing when it was there: a checkout that had built
 * it once tested that build ever after, whatever src/signing said since.
 */
import { cachedBuild } from "./cached-build";

/** The directory of a build of today's src/signing (SIGN_SIGNING_PAGE_DIR for the service). */
export function signingPageBuild(timeoutMs = 300_000): Promise<string> {
  return cachedBuild(
    {
      name: "sign-signing-build",
      inputs: [
        "src",
        "webpack.signing.config.js",
        "scripts/build-signing.ts",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
        "test/browser/signing-build.ts",
        "test/browser/cached-build.ts",
      ],
      env: { NODE_ENV: "production" },
      args: () => ["--import", "tsx", "scripts/build-signing.ts"],
      outEnv: "SIGN_SIGNING_BUILD_DIR",
      proof: "index.html",
    },
    timeoutMs,
  ).ready;
}
