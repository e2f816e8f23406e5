import { readFileSync } from "node:fs";
import path from "node:path";
import {
  MANIFEST_DEV_ORIGIN,
  canonicalManifest,
  deployedManifest,
  manifestFingerprint,
} from "../../src/manifest/fingerprint";

const XML = readFileSync(path.join(__dirname, "../../manifest.xml"), "utf8");

describe("the manifest fingerprint", () => {
  const base = manifestFingerprint(XML);

  test("is a SHA-256 in hex, with the manifest's version", () => {
    expect(base.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(base.version).toBe("1.0.0.0");
  });

  test("ignores line endings, comments, the XML declaration and layout whitespace", () => {
    const reformatted = XML.replace(/\n/g, "\r\n")
      .replace(/<\?xml[^>]*\?>/, "")
      .replace(/<Id>/, "<!-- a comment -->\n    <Id>")
      .replace(/"\/>/g, '"   />')
      .replace(/></g, ">\n\t<");
    expect(manifestFingerprint(reformatted)).toEqual(base);
  });

  test("changes with the content: version, an attribute, a URL", () => {
    expect(manifestFingerprint(XML.replace("<Version>1.0.0.0", "<Version>1.0.1.0"))).toEqual({
      fingerprint: expect.not.stringMatching(base.fingerprint),
      version: "1.0.1.0",
    });
    expect(manifestFingerprint(XML.replace('MinVersion="1.8"', 'MinVersion="1.9"')).fingerprint).not.toBe(
      base.fingerprint,
    );
    const deployed = deployedManifest(XML, "https://sign.example.com/addin");
    expect(deployed).not.toContain(MANIFEST_DEV_ORIGIN);
    expect(manifestFingerprint(deployed).fingerprint).not.toBe(base.fingerprint);
  });

  test("keeps text apart from markup", () => {
    expect(canonicalManifest("<a>\n  x  y\n</a>")).toBe("<a> x y </a>");
    expect(canonicalManifest('<a b="1"\n   c="2" />')).toBe('<a b="1" c="2"/>');
  });
});
