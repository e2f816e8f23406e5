/**
 * Webpack build of the signing page (src/signing), a bundle of its own: the signer opens it from a
 * mail with no add-in around it, so it carries neither Fluent UI nor Office.js. Built by
 * scripts/build-signing.ts (`npm run build:signing`) into dist/signing/:
 *
 *   dist/signing/index.html          served by the service for GET /sign/{token}
 *   dist/signing/assets/...          served at /sign/assets/... (scripts, the stylesheet, the
 *                                    handwriting font, pdf.js's worker, fonts, CMaps and decoders)
 *
 * Every URL in the page is relative (index.html is served at /sign/{token}, so "assets/x" is
 * /sign/assets/x), and the page works under a path prefix too. Hashed names, so the service may let
 * browsers keep assets for good; index.html itself is never cached.
 */
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const { EsbuildPlugin } = require("esbuild-loader");

const ROOT = __dirname;
const TARGET = "es2020";
const PDFJS = path.dirname(require.resolve("pdfjs-dist/package.json"));
const FONT = path.join(path.dirname(require.resolve("@fontsource/dancing-script/package.json")), "files");

function hashOf(file) {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 8);
}

module.exports = (_env, argv = {}) => {
  const production = argv.mode !== "development";
  const out = (process.env.SIGN_SIGNING_BUILD_DIR || "").trim() || path.join(ROOT, "dist", "signing");
  const cssSource = path.join(ROOT, "src/signing/signing.css");
  const cssFile = `assets/signing.${hashOf(cssSource)}.css`;

  return {
    mode: production ? "production" : "development",
    context: ROOT,
    target: ["web", TARGET],
    entry: { signing: "./src/signing/index.tsx" },
    output: {
      path: out,
      publicPath: "auto",
      filename: "assets/[name].[contenthash:8].js",
      chunkFilename: "assets/[name].[contenthash:8].js",
      clean: true,
    },
    resolve: { extensions: [".tsx", ".ts", ".mjs", ".js"] },
    devtool: production ? false : "cheap-module-source-map",
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: "esbuild-loader",
          options: { target: TARGET, jsx: "automatic" },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        filename: "index.html",
        template: path.join(ROOT, "src/signing/signing.html"),
        chunks: ["signing"],
        scriptLoading: "defer",
        cssFile,
        minify: false,
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: cssSource, to: cssFile },
          { from: path.join(PDFJS, "build/pdf.worker.min.mjs"), to: "assets/pdf.worker.min.mjs" },
          { from: path.join(PDFJS, "standard_fonts"), to: "assets/pdfjs/standard_fonts" },
          { from: path.join(PDFJS, "cmaps"), to: "assets/pdfjs/cmaps" },
          { from: path.join(PDFJS, "iccs"), to: "assets/pdfjs/iccs" },
          { from: path.join(PDFJS, "wasm"), to: "assets/pdfjs/wasm" },
          {
            from: path.join(FONT, "dancing-script-latin-400-normal.woff2"),
            to: "assets/fonts/dancing-script-latin-400-normal.woff2",
          },
          {
            from: path.join(FONT, "dancing-script-latin-ext-400-normal.woff2"),
            to: "assets/fonts/dancing-script-latin-ext-400-normal.woff2",
          },
          {
            from: path.join(FONT, "../LICENSE"),
            to: "assets/fonts/LICENSE-dancing-script.txt",
            noErrorOnMissing: true,
          },
        ],
      }),
    ],
    optimization: {
      minimizer: [new EsbuildPlugin({ target: TARGET, legalComments: "eof" })],
    },
    performance: { hints: false },
    stats: "errors-warnings",
  };
};
