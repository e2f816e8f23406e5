/**
 * The signing page's entry (served by the service at /sign/{token}; built by
 * webpack.signing.config.js into dist/signing). The token is the last segment of the address.
 */
import { createRoot } from "react-dom/client";
import { SigningApi, tokenFromPath } from "./api";
import { App } from "./components/App";
import { pdfjsLoader } from "./pdf";

// Whether the signer is using the keyboard: each new page puts the focus on its heading (for screen
// readers), and Chromium shows a ring for that script focus before any input at all. The heading's
// ring is drawn only once a key was pressed (signing.css), other elements follow :focus-visible.
const root = document.documentElement;
window.addEventListener("keydown", () => (root.dataset.keyboard = "true"), true);
window.addEventListener("pointerdown", () => delete root.dataset.keyboard, true);

const token = tokenFromPath(window.location.pathname);
const container = document.getElementById("signing");
if (container) {
  createRoot(container).render(<App api={token ? new SigningApi(token) : null} pdf={pdfjsLoader} />);
}
