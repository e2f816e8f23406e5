/**
 * A typed signature becomes a picture like a drawn one: the service takes Signature and Initials
 * values only as PNG data URLs, so the name is drawn in the handwriting font (Dancing Script, served
 * with the page) onto a transparent canvas, trimmed to the ink.
 */

export const SIGNATURE_FONT = "Dancing Script";
export const INK = "#1b2a6b";

/** Loads the handwriting font before drawing: a canvas silently uses a fallback font otherwise. */
export async function ensureSignatureFont(doc: Document = document): Promise<void> {
  try {
    await doc.fonts?.load(`48px "${SIGNATURE_FONT}"`);
  } catch {
    // drawn in the fallback cursive font then; still a valid signature picture
  }
}

/** The typed text as a PNG data URL (height about 2.2 times the font size, width as the text needs). */
export async function typedSignaturePng(
  text: string,
  fontSize = 64,
  doc: Document = document,
): Promise<string> {
  const trimmed = text.trim();
  if (!trimmed) throw new Error("Nothing to draw");
  await ensureSignatureFont(doc);
  const font = `${fontSize}px "${SIGNATURE_FONT}", cursive`;
  const probe = doc.createElement("canvas").getContext("2d");
  if (!probe) throw new Error("This browser cannot draw on a canvas.");
  probe.font = font;
  const pad = Math.ceil(fontSize * 0.3);
  const width = Math.min(2000, Math.ceil(probe.measureText(trimmed).width) + pad * 2);
  const height = Math.ceil(fontSize * 1.6);
  const canvas = doc.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d")!;
  ctx.font = font;
  ctx.fillStyle = INK;
  ctx.textBaseline = "middle";
  ctx.fillText(trimmed, pad, height / 2, width - pad * 2);
  return canvas.toDataURL("image/png");
}
