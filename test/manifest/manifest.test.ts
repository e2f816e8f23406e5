/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import {
  DEV_ORIGIN,
  attr,
  checkManifest,
  parseXmlTree,
  readPngSize,
  sizeFromFileName,
  type XmlElement,
} from "./check-manifest";

const ROOT = resolve(__dirname, "../..");
const MANIFEST_PATH = join(ROOT, "manifest.xml");
const ASSETS = join(ROOT, "assets");
const manifest = readFileSync(MANIFEST_PATH, "utf8");
const opts = { origin: DEV_ORIGIN, assetsDir: ASSETS };

function find(root: XmlElement, predicate: (e: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    if (predicate(e)) out.push(e);
    e.children.forEach(walk);
  };
  walk(root);
  return out;
}

function topLevel(root: XmlElement, name: string): XmlElement | undefined {
  return root.children.find((c) => c.local === name);
}

/** Replaces `from` (which must occur) by `to`, `count` times (default: first occurrence only; "all" for all). */
function mutate(xml: string, from: string | RegExp, to: string, all = false): string {
  const hits =
    typeof from === "string" ? xml.split(from).length - 1 : (xml.match(new RegExp(from, "g")) ?? []).length;
  if (hits === 0) throw new Error(`mutation target not found: ${String(from)}`);
  if (typeof from === "string") return all ? xml.split(from).join(to) : xml.replace(from, to);
  return xml.replace(all ? new RegExp(from.source, "g") : from, to);
}

describe("manifest.xml", () => {
  const root = parseXmlTree(manifest)!;

  it("is well-formed XML", () => {
    expect(XMLValidator.validate(manifest)).toBe(true);
    expect(root.local).toBe("OfficeApp");
    expect(attr(root, "type")).toBe("MailApp");
  });

  it("passes every check with the development origin", () => {
    expect(checkManifest(manifest, opts)).toEqual([]);
  });

  it("has the required top-level elements", () => {
    for (const name of [
      "Id",
      "Version",
      "ProviderName",
      "DefaultLocale",
      "DisplayName",
      "Description",
      "IconUrl",
      "HighResolutionIconUrl",
      "SupportUrl",
      "Hosts",
      "Requirements",
      "FormSettings",
      "Permissions",
      "Rule",
      "VersionOverrides",
    ]) {
      expect({ name, present: topLevel(root, name) !== undefined }).toEqual({ name, present: true });
    }
    expect(topLevel(root, "ProviderName")?.text).toBe("Sign for Outlook");
    expect(attr(topLevel(root, "DisplayName")!, "DefaultValue")).toBeTruthy();
  });

  it("has a GUID Id and a n.n.n.n Version", () => {
    expect(topLevel(root, "Id")?.text).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    );
    expect(topLevel(root, "Version")?.text).toMatch(/^\d+(\.\d+){1,3}$/);
  });

  it("targets the Mailbox host with requirement set 1.8 and ReadWriteItem permission", () => {
    const hosts = find(topLevel(root, "Hosts")!, (e) => e.local === "Host");
    expect(hosts.map((h) => attr(h, "Name"))).toEqual(["Mailbox"]);
    const sets = find(topLevel(root, "Requirements")!, (e) => e.local === "Set");
    expect(sets.map((s) => [attr(s, "Name"), attr(s, "MinVersion")])).toEqual([["Mailbox", "1.8"]]);
    expect(topLevel(root, "Permissions")?.text).toBe("ReadWriteItem");
  });

  it("has buttons on the read and compose surfaces that show the task pane, pinnable on read (1.1)", () => {
    const vo10 = topLevel(root, "VersionOverrides")!;
    const vo11 = vo10.children.find((c) => c.local === "VersionOverrides")!;
    expect(attr(vo10, "type")).toBe("VersionOverridesV1_0");
    expect(attr(vo11, "type")).toBe("VersionOverridesV1_1");
    const surfaces = find(vo11, (e) => e.local === "ExtensionPoint").map((e) => attr(e, "type"));
    expect(surfaces).toEqual([
      "MessageReadCommandSurface",
      "MessageComposeCommandSurface",
      "MobileMessageReadCommandSurface",
    ]);
    const pinning = find(vo11, (e) => e.local === "SupportsPinning");
    expect(pinning.map((p) => p.text)).toEqual(["true"]);
    let surface: XmlElement | null = pinning[0]!;
    while (surface && surface.local !== "ExtensionPoint") surface = surface.parent;
    expect(attr(surface!, "type")).toBe("MessageReadCommandSurface");
    expect(pinning[0]!.parent?.local).toBe("Action");
    expect(attr(pinning[0]!.parent!, "type")).toBe("ShowTaskpane");
  });

  it("puts every URL on the one development origin (so a string replace can retarget it)", () => {
    const withoutComments = manifest.replace(/<!--[\s\S]*?-->/g, "");
    const urls = [...withoutComments.matchAll(/\b[a-z]+:\/\/[^"<\s]+/gi)].map((m) => m[0]);
    const notNamespaces = urls.filter(
      (u) => !u.startsWith("http://schemas.microsoft.com/") && !u.startsWith("http://www.w3.org/"),
    );
    expect(notNamespaces.length).toBeGreaterThan(5);
    for (const url of notNamespaces) expect(url).toMatch(/^https:\/\/localhost:3000\/[^/]/);
    expect(notNamespaces).toEqual(
      expect.arrayContaining([
        `${DEV_ORIGIN}/taskpane.html`,
        `${DEV_ORIGIN}/commands.html`,
        `${DEV_ORIGIN}/assets/icon-16.png`,
        `${DEV_ORIGIN}/assets/icon-128.png`,
      ]),
    );
  });

  it("passes the checks after the origin is replaced with a public one", () => {
    const publicOrigin = "https://sign.example.com/outlook";
    const replaced = manifest.split(DEV_ORIGIN).join(publicOrigin);
    expect(checkManifest(replaced, { origin: publicOrigin, assetsDir: ASSETS })).toEqual([]);
    // ...and the same manifest does not pass as if it were still on the development origin.
    expect(checkManifest(replaced, opts).join("\n")).toMatch(/not on the add-in origin/);
  });
});

describe("icons", () => {
  it("ships the SVG source and a PNG of every size, with the size in its name", () => {
    const files = readdirSync(ASSETS);
    expect(files).toContain("logo.svg");
    expect(readFileSync(join(ASSETS, "logo.svg"), "utf8")).toMatch(/<svg[\s>]/);
    for (const size of [16, 25, 32, 48, 64, 80, 128]) {
      const png = readPngSize(new Uint8Array(readFileSync(join(ASSETS, `icon-${size}.png`))));
      expect({ size, png }).toEqual({ size, png: { width: size, height: size } });
    }
  });

  it("reads PNG sizes and file-name sizes", () => {
    expect(readPngSize(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(readPngSize(new Uint8Array(readFileSync(join(ASSETS, "logo.svg"))))).toBeNull();
    expect(sizeFromFileName("icon-16.png")).toBe(16);
    expect(sizeFromFileName("logo-32x32.png")).toBe(32);
    expect(sizeFromFileName("logo.png")).toBeNull();
  });
});

describe("checkManifest catches a broken manifest", () => {
  const cases: Array<[string, (xml: string) => string, RegExp]> = [
    [
      "no phone surface",
      (x) => mutate(x, /<MobileFormFactor>[\s\S]*<\/MobileFormFactor>/, ""),
      /has no MobileFormFactor with a MobileMessageReadCommandSurface/,
    ],
    [
      "a phone icon size missing",
      (x) => mutate(x, '<bt:Image size="48" scale="3" resid="Icon.48x48"/>', ""),
      /has no 48 px icon at scale 3/,
    ],
    [
      "a desktop button on the phone surface",
      (x) => mutate(x, 'xsi:type="MobileButton"', 'xsi:type="Button"'),
      /must be a MobileButton/,
    ],
    [
      "phones in VersionOverrides 1.0",
      (x) =>
        mutate(
          x,
          "</DesktopFormFactor>",
          '</DesktopFormFactor><MobileFormFactor><FunctionFile resid="Commands.Url"/></MobileFormFactor>',
        ),
      /MobileFormFactor is only valid in VersionOverrides 1.1/,
    ],
    ["malformed XML", (x) => mutate(x, "</Hosts>", ""), /not well-formed/],
    ["missing Id", (x) => mutate(x, /<Id>[^<]*<\/Id>/, ""), /missing required element <Id>/],
    [
      "Id not a GUID",
      (x) => mutate(x, /<Id>[^<]*<\/Id>/, "<Id>sign-for-outlook</Id>"),
      /Id "sign-for-outlook" is not a GUID/,
    ],
    [
      "bad Version",
      (x) => mutate(x, "<Version>1.0.0.0</Version>", "<Version>1.0.0.0.0</Version>"),
      /Version "1\.0\.0\.0\.0"/,
    ],
    [
      "Version missing",
      (x) => mutate(x, "<Version>1.0.0.0</Version>", ""),
      /missing required element <Version>/,
    ],
    [
      "elements out of order",
      (x) => mutate(x, /(<Id>[^<]*<\/Id>)(\s*)(<Version>[^<]*<\/Version>)/, "$3$2$1"),
      /out of schema order/,
    ],
    [
      "missing SupportUrl",
      (x) => mutate(x, /<SupportUrl [^>]*\/>/, ""),
      /missing required element <SupportUrl>/,
    ],
    [
      "missing FormSettings",
      (x) => mutate(x, /<FormSettings>[\s\S]*<\/FormSettings>/, ""),
      /missing required element <FormSettings>/,
    ],
    [
      "missing Rule",
      (x) => mutate(x, /<Rule xsi:type="RuleCollection"[\s\S]*?<\/Rule>/, ""),
      /missing required element <Rule>/,
    ],
    [
      "wider permission",
      (x) =>
        mutate(x, "<Permissions>ReadWriteItem</Permissions>", "<Permissions>ReadWriteMailbox</Permissions>"),
      /Permissions is "ReadWriteMailbox"/,
    ],
    [
      "narrower permission",
      (x) => mutate(x, "<Permissions>ReadWriteItem</Permissions>", "<Permissions>ReadItem</Permissions>"),
      /Permissions is "ReadItem"/,
    ],
    [
      "old Mailbox requirement",
      (x) => mutate(x, 'MinVersion="1.8"', 'MinVersion="1.3"'),
      /MinVersion is "1\.3"/,
    ],
    [
      "wrong host",
      (x) => mutate(x, '<Host Name="Mailbox"/>', '<Host Name="Document"/>'),
      /no <Host Name="Mailbox"\/>/,
    ],
    [
      "no VersionOverrides 1.1",
      (x) =>
        mutate(
          x,
          /<VersionOverrides xmlns="[^"]*\/1\.1"[\s\S]*?<\/VersionOverrides>\s*(?=<\/VersionOverrides>)/,
          "",
        ),
      /no nested VersionOverrides 1\.1/,
    ],
    ["pinning removed", (x) => mutate(x, "<SupportsPinning>true</SupportsPinning>", ""), /not pinnable/],
    [
      "pinning false",
      (x) => mutate(x, "<SupportsPinning>true</SupportsPinning>", "<SupportsPinning>false</SupportsPinning>"),
      /not pinnable/,
    ],
    [
      "compose surface removed",
      (x) => mutate(x, "MessageComposeCommandSurface", "MessageReadCommandSurface", true),
      /no MessageComposeCommandSurface/,
    ],
    [
      "dangling resid",
      (x) =>
        mutate(x, '<SourceLocation resid="Taskpane.Url"/>', '<SourceLocation resid="Taskpane.Missing"/>'),
      /resid "Taskpane\.Missing" does not resolve/,
    ],
    [
      "resid of the wrong kind",
      (x) => mutate(x, '<Label resid="GroupLabel"/>', '<Label resid="Taskpane.Url"/>'),
      /resid "Taskpane\.Url" does not resolve to a resource in <ShortStrings>/,
    ],
    [
      "duplicate resource id",
      (x) => mutate(x, '<bt:String id="ComposeButton.Label"', '<bt:String id="ReadButton.Label"'),
      /resource id "ReadButton\.Label" is not unique/,
    ],
    [
      "duplicate control id",
      (x) => mutate(x, 'id="SignComposeOpenPane"', 'id="SignReadOpenPane"'),
      /id "SignReadOpenPane" is used twice/,
    ],
    [
      "short string too long",
      (x) => mutate(x, 'DefaultValue="Request signature"', `DefaultValue="${"x".repeat(126)}"`),
      /longer than 125/,
    ],
    [
      "plain http URL",
      (x) => mutate(x, "https://localhost:3000/commands.html", "http://localhost:3000/commands.html"),
      /URL http:\/\/localhost:3000\/commands\.html is not https/,
    ],
    [
      "URL on another origin",
      (x) => mutate(x, "https://localhost:3000/support.html", "https://example.com/support"),
      /https:\/\/example\.com\/support is not on the add-in origin/,
    ],
    [
      "relative URL",
      (x) => mutate(x, '"https://localhost:3000/taskpane.html"', '"taskpane.html"'),
      /"taskpane\.html" is not an absolute URL/,
    ],
    [
      "missing icon file",
      (x) => mutate(x, "assets/icon-80.png", "assets/icon-96.png", true),
      /icon file assets\/icon-96\.png does not exist/,
    ],
    [
      "icon size claim wrong",
      (x) =>
        mutate(x, '<bt:Image size="32" resid="Icon.32x32"/>', '<bt:Image size="32" resid="Icon.16x16"/>'),
      /icon-16\.png is 16x16, the manifest claims 32x32/,
    ],
    [
      "IconUrl of the wrong size",
      (x) => mutate(x, "assets/icon-64.png", "assets/icon-32.png"),
      /IconUrl: assets\/icon-32\.png is 32x32, the manifest claims 64x64/,
    ],
    [
      "icon outside assets/",
      (x) => mutate(x, "https://localhost:3000/assets/icon-128.png", "https://localhost:3000/icon-128.png"),
      /is not served from https:\/\/localhost:3000\/assets\//,
    ],
    [
      "SupportsPinning in 1.0",
      (x) =>
        mutate(
          x,
          '<SourceLocation resid="Taskpane.Url"/>',
          '<SourceLocation resid="Taskpane.Url"/><SupportsPinning>true</SupportsPinning>',
        ),
      /SupportsPinning is only valid in VersionOverrides 1\.1/,
    ],
  ];

  it.each(cases)("%s", (_name, breakIt, expected) => {
    const broken = breakIt(manifest);
    expect(broken).not.toBe(manifest);
    const problems = checkManifest(broken, opts);
    expect(problems.join("\n")).toMatch(expected);
  });

  describe("with a broken assets folder", () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), "sfo-assets-"));
      for (const file of readdirSync(ASSETS)) copyFileSync(join(ASSETS, file), join(dir, file));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("passes with an intact copy", () => {
      expect(checkManifest(manifest, { origin: DEV_ORIGIN, assetsDir: dir })).toEqual([]);
    });

    it("reports a PNG whose real size differs from its name", () => {
      copyFileSync(join(ASSETS, "icon-32.png"), join(dir, "icon-16.png"));
      const problems = checkManifest(manifest, { origin: DEV_ORIGIN, assetsDir: dir });
      expect(problems.join("\n")).toMatch(/assets\/icon-16\.png is 32x32, the manifest claims 16x16/);
    });

    it("reports an icon that is not a PNG", () => {
      writeFileSync(join(dir, "icon-80.png"), "<svg/>");
      expect(checkManifest(manifest, { origin: DEV_ORIGIN, assetsDir: dir }).join("\n")).toMatch(
        /assets\/icon-80\.png is not a PNG/,
      );
    });

    it("reports a missing icon", () => {
      rmSync(join(dir, "icon-128.png"));
      expect(checkManifest(manifest, { origin: DEV_ORIGIN, assetsDir: dir }).join("\n")).toMatch(
        /icon file assets\/icon-128\.png does not exist/,
      );
    });
  });
});
