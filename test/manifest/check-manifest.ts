/**
 * Offline checks of the Outlook add-in manifest (XML, MailApp).
 *
 * `checkManifest(xml, { origin, assetsDir })` returns a list of problems (empty when the manifest is fine).
 * The tests run it on manifest.xml with the development origin; a build step can run it again after
 * replacing the origin, with the public one.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** The origin every URL in the committed manifest uses. */
export const DEV_ORIGIN = "https://localhost:3000";

export interface CheckManifestOptions {
  /** Base every URL must start with, e.g. "https://localhost:3000" or "https://sign.example.com/addin". */
  origin: string;
  /** Folder holding the files the manifest serves under `<origin>/assets/`. */
  assetsDir: string;
}

const NS_APP = "http://schemas.microsoft.com/office/appforoffice/1.1";
const NS_VO_1_0 = "http://schemas.microsoft.com/office/mailappversionoverrides";
const NS_VO_1_1 = "http://schemas.microsoft.com/office/mailappversionoverrides/1.1";
const MIN_MAILBOX = "1.8";
const SHORT_STRING_MAX = 125;
const LONG_STRING_MAX = 250;
/** Outlook's documented sizes for the add-in icons. */
const ICON_URL_SIZE = 64;
const HIGH_RES_ICON_URL_SIZE = 128;

/** Children of a MailApp OfficeApp, in schema order. */
const TOP_LEVEL_ORDER = [
  "Id",
  "AlternateId",
  "Version",
  "ProviderName",
  "DefaultLocale",
  "DisplayName",
  "Description",
  "IconUrl",
  "HighResolutionIconUrl",
  "SupportUrl",
  "AppDomains",
  "Hosts",
  "Requirements",
  "FormSettings",
  "Permissions",
  "Rule",
  "DisableEntityHighlighting",
  "VersionOverrides",
] as const;

const REQUIRED_TOP_LEVEL = [
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
] as const;

/** Which resource collection a `resid` on an element of this (local) name must point into. */
const RESID_KIND: Readonly<Record<string, ResourceKind>> = {
  Image: "Images",
  SourceLocation: "Urls",
  FunctionFile: "Urls",
  Label: "ShortStrings",
  Title: "ShortStrings",
  Description: "LongStrings",
};

type ResourceKind = "Images" | "Urls" | "ShortStrings" | "LongStrings";
const RESOURCE_KINDS: readonly ResourceKind[] = ["Images", "Urls", "ShortStrings", "LongStrings"];

export interface XmlElement {
  /** Qualified name as written, e.g. "bt:Image". */
  name: string;
  /** Name without prefix, e.g. "Image". */
  local: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  parent: XmlElement | null;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^\d+(\.\d+){1,3}$/;
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

// --- XML tree ---------------------------------------------------------------------------------------

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

function buildTree(nodes: OrderedNode[], parent: XmlElement | null): XmlElement[] {
  const out: XmlElement[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ":@");
    if (!name || name === "#text" || name.startsWith("?") || name === "#comment") continue;
    const element: XmlElement = {
      name,
      local: localName(name),
      attrs: { ...(node[":@"] ?? {}) },
      children: [],
      text: "",
      parent,
    };
    const content = (node[name] as OrderedNode[] | undefined) ?? [];
    element.text = content
      .map((child) => (typeof child["#text"] === "string" ? child["#text"] : ""))
      .join("")
      .trim();
    element.children = buildTree(content, element);
    out.push(element);
  }
  return out;
}

/** Parses well-formed XML into a simple element tree (no validation). */
export function parseXmlTree(xml: string): XmlElement | null {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  const roots = buildTree(parser.parse(xml) as OrderedNode[], null);
  return roots[0] ?? null;
}

/** Attribute by local name (so "type" finds "xsi:type"); xmlns declarations are never matched. */
export function attr(element: XmlElement, local: string): string | undefined {
  for (const [key, value] of Object.entries(element.attrs)) {
    if (key === "xmlns" || key.startsWith("xmlns:")) continue;
    if (localName(key) === local) return value;
  }
  return undefined;
}

function children(element: XmlElement, local: string): XmlElement[] {
  return element.children.filter((child) => child.local === local);
}

function child(element: XmlElement, local: string): XmlElement | undefined {
  return element.children.find((c) => c.local === local);
}

/** All descendants, depth first; `stopAt` prunes subtrees (they are not visited). */
function descendants(element: XmlElement, stopAt?: (e: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (stopAt?.(c)) continue;
      out.push(c);
      walk(c);
    }
  };
  walk(element);
  return out;
}

function pathOf(element: XmlElement): string {
  const parts: string[] = [];
  for (let e: XmlElement | null = element; e; e = e.parent) {
    const id = attr(e, "id");
    const type = attr(e, "type");
    parts.unshift(e.local + (id ? `#${id}` : type ? `[${type}]` : ""));
  }
  return parts.join("/");
}

// --- PNG ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's IHDR chunk; null when the bytes are not a PNG. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24) return null;
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const chunkType = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (chunkType !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// --- Helpers -----------------------------------------------------------------------------------------

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function normaliseBase(origin: string): string {
  return origin.endsWith("/") ? origin : `${origin}/`;
}

/** The number a file name claims as its size: "icon-16.png" → 16, "logo-32x32.png" → 32. */
export function sizeFromFileName(fileName: string): number | null {
  const match = /(?:^|[^0-9])(\d+)(?:x(\d+))?\.png$/i.exec(fileName);
  return match ? Number(match[1]) : null;
}

// --- The check ---------------------------------------------------------------------------------------

export function checkManifest(xml: string, opts: CheckManifestOptions): string[] {
  const problems: string[] = [];
  const problem = (message: string): void => {
    problems.push(message);
  };

  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    return [
      `not well-formed XML: ${validation.err.msg} (line ${validation.err.line}, column ${validation.err.col})`,
    ];
  }
  const root = parseXmlTree(xml);
  if (!root) return ["no root element"];

  let base: string;
  try {
    const parsed = new URL(normaliseBase(opts.origin));
    if (parsed.protocol !== "https:") problem(`origin ${opts.origin} is not https`);
    base = parsed.href;
  } catch {
    return [`origin "${opts.origin}" is not a URL`];
  }

  // Root.
  if (root.local !== "OfficeApp") problem(`root element is <${root.name}>, expected <OfficeApp>`);
  if (root.attrs["xmlns"] !== NS_APP) problem(`OfficeApp xmlns must be ${NS_APP}`);
  if (attr(root, "type") !== "MailApp")
    problem(`OfficeApp xsi:type must be MailApp, got ${attr(root, "type")}`);

  // Top-level elements: presence, uniqueness, order.
  for (const name of REQUIRED_TOP_LEVEL) {
    const count = children(root, name).length;
    if (count === 0) problem(`missing required element <${name}>`);
    else if (count > 1) problem(`element <${name}> appears ${count} times`);
  }
  let lastIndex = -1;
  for (const c of root.children) {
    const index = (TOP_LEVEL_ORDER as readonly string[]).indexOf(c.local);
    if (index === -1) {
      problem(`unexpected element <${c.name}> in OfficeApp`);
      continue;
    }
    if (index < lastIndex) problem(`element <${c.local}> is out of schema order in OfficeApp`);
    lastIndex = Math.max(lastIndex, index);
  }

  const top = (name: string): XmlElement | undefined => child(root, name);
  const id = top("Id")?.text ?? "";
  if (top("Id") && !GUID.test(id)) problem(`Id "${id}" is not a GUID`);
  const version = top("Version")?.text ?? "";
  if (top("Version") && !VERSION.test(version)) problem(`Version "${version}" does not match n.n[.n[.n]]`);
  if (top("ProviderName") && !top("ProviderName")?.text) problem("ProviderName is empty");
  const locale = top("DefaultLocale")?.text ?? "";
  if (top("DefaultLocale") && !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) {
    problem(`DefaultLocale "${locale}" is not a language tag`);
  }
  for (const name of ["DisplayName", "Description", "IconUrl", "HighResolutionIconUrl", "SupportUrl"]) {
    const e = top(name);
    if (e && !attr(e, "DefaultValue")) problem(`<${name}> has no DefaultValue`);
  }
  const displayName = top("DisplayName");
  if (displayName && (attr(displayName, "DefaultValue") ?? "").length > SHORT_STRING_MAX) {
    problem(`DisplayName is longer than ${SHORT_STRING_MAX} characters`);
  }

  // Host, requirements, permissions, forms, rule.
  const hosts = top("Hosts");
  if (hosts && !children(hosts, "Host").some((h) => attr(h, "Name") === "Mailbox")) {
    problem('Hosts has no <Host Name="Mailbox"/>');
  }
  const requirements = top("Requirements");
  if (requirements) {
    const sets = descendants(requirements).filter((e) => e.local === "Set" && attr(e, "Name") === "Mailbox");
    if (sets.length === 0) problem('Requirements has no <Set Name="Mailbox">');
    for (const set of sets) {
      const min = attr(set, "MinVersion") ?? "";
      if (!VERSION.test(min) || compareVersions(min, MIN_MAILBOX) < 0) {
        problem(`Requirements: Mailbox MinVersion is "${min}", must be at least ${MIN_MAILBOX}`);
      }
    }
  }
  const permissions = top("Permissions")?.text;
  if (permissions !== undefined && permissions !== "ReadWriteItem") {
    problem(`Permissions is "${permissions}", must be ReadWriteItem (no wider, no narrower)`);
  }
  const formSettings = top("FormSettings");
  if (formSettings) {
    const forms = children(formSettings, "Form");
    if (forms.length === 0) problem("FormSettings has no <Form>");
    for (const form of forms) {
      const source = descendants(form).find((e) => e.local === "SourceLocation");
      if (!source || !attr(source, "DefaultValue"))
        problem(`${pathOf(form)} has no SourceLocation DefaultValue`);
    }
  }
  const rule = top("Rule");
  if (rule && !attr(rule, "type")) problem("Rule has no xsi:type");

  // VersionOverrides 1.0 with 1.1 nested.
  const vo10 = top("VersionOverrides");
  const vo11 = vo10 ? child(vo10, "VersionOverrides") : undefined;
  if (vo10) {
    if (attr(vo10, "type") !== "VersionOverridesV1_0" || vo10.attrs["xmlns"] !== NS_VO_1_0) {
      problem(`the outer VersionOverrides must be VersionOverridesV1_0 in namespace ${NS_VO_1_0}`);
    }
    if (!vo11) problem("VersionOverrides 1.0 has no nested VersionOverrides 1.1");
    else if (attr(vo11, "type") !== "VersionOverridesV1_1" || vo11.attrs["xmlns"] !== NS_VO_1_1) {
      problem(`the nested VersionOverrides must be VersionOverridesV1_1 in namespace ${NS_VO_1_1}`);
    }
  }
  for (const vo of [vo10, vo11]) {
    if (vo) checkVersionOverrides(vo, vo === vo11, problem);
  }

  // URLs: every absolute URL anywhere must be https and under the base.
  const urlSlots: Array<{ element: XmlElement; value: string; what: string }> = [];
  for (const e of descendants(root)) {
    for (const [key, value] of Object.entries(e.attrs)) {
      if (key === "xmlns" || key.startsWith("xmlns:")) continue;
      if (ABSOLUTE_URL.test(value.trim())) urlSlots.push({ element: e, value: value.trim(), what: key });
    }
    if (e.children.length === 0 && ABSOLUTE_URL.test(e.text))
      urlSlots.push({ element: e, value: e.text, what: "text" });
  }
  for (const { element, value } of urlSlots) {
    if (element.local === "AppDomain") {
      if (!value.startsWith("https://")) problem(`AppDomain ${value} is not https`);
      continue;
    }
    if (!value.startsWith("https://")) problem(`${pathOf(element)}: URL ${value} is not https`);
    else if (!value.startsWith(base))
      problem(`${pathOf(element)}: URL ${value} is not on the add-in origin ${base}`);
  }
  // Slots that must hold a URL.
  const mustBeUrl = (e: XmlElement, attribute: string): void => {
    const v = attr(e, attribute);
    if (v !== undefined && !ABSOLUTE_URL.test(v.trim()))
      problem(`${pathOf(e)}: ${attribute} "${v}" is not an absolute URL`);
  };
  for (const e of descendants(root)) {
    if (["IconUrl", "HighResolutionIconUrl", "SupportUrl"].includes(e.local) && e.parent === root)
      mustBeUrl(e, "DefaultValue");
    if (e.local === "SourceLocation" && attr(e, "DefaultValue") !== undefined) mustBeUrl(e, "DefaultValue");
    if ((e.local === "Image" || e.local === "Url") && attr(e, "id") !== undefined)
      mustBeUrl(e, "DefaultValue");
    if (e.local === "Override" && (e.parent?.local === "Image" || e.parent?.local === "Url"))
      mustBeUrl(e, "Value");
  }

  checkIcons(root, base, opts.assetsDir, problem);
  return problems;
}

function checkVersionOverrides(vo: XmlElement, isV11: boolean, problem: (m: string) => void): void {
  const label = isV11 ? "VersionOverrides 1.1" : "VersionOverrides 1.0";
  const isNested = (e: XmlElement): boolean => e.local === "VersionOverrides";
  const own = descendants(vo, isNested); // this block only, not the nested one

  // Resources of this block.
  const resources = child(vo, "Resources");
  const byKind = new Map<ResourceKind, Map<string, XmlElement>>();
  const allIds = new Set<string>();
  if (!resources) problem(`${label} has no <Resources>`);
  for (const kind of RESOURCE_KINDS) {
    const map = new Map<string, XmlElement>();
    byKind.set(kind, map);
    for (const collection of resources ? children(resources, kind) : []) {
      for (const entry of collection.children) {
        const id = attr(entry, "id");
        if (!id) {
          problem(`${label}: a resource in <${kind}> has no id`);
          continue;
        }
        if (allIds.has(id)) problem(`${label}: resource id "${id}" is not unique`);
        allIds.add(id);
        map.set(id, entry);
        const value = attr(entry, "DefaultValue");
        if (value === undefined || value === "") problem(`${label}: resource "${id}" has no DefaultValue`);
        const max =
          kind === "ShortStrings" ? SHORT_STRING_MAX : kind === "LongStrings" ? LONG_STRING_MAX : Infinity;
        if ((value ?? "").length > max) problem(`${label}: ${kind} "${id}" is longer than ${max} characters`);
      }
    }
  }

  // Every resid resolves, to the right kind of resource.
  for (const e of own) {
    const resid = attr(e, "resid");
    if (resid === undefined) continue;
    const expected = RESID_KIND[e.local];
    const found = expected
      ? byKind.get(expected)?.has(resid)
      : RESOURCE_KINDS.some((k) => byKind.get(k)?.has(resid));
    if (!found) {
      problem(
        `${label}: ${pathOf(e)} resid "${resid}" does not resolve to a resource${expected ? ` in <${expected}>` : ""}`,
      );
    }
  }

  // Requirements of the block.
  const sets = own.filter((e) => e.local === "Sets");
  if (!sets.some((s) => children(s, "Set").some((set) => attr(set, "Name") === "Mailbox"))) {
    problem(`${label} has no Mailbox requirement`);
  }

  // Ids of groups and controls unique within the block.
  const seen = new Set<string>();
  for (const e of own.filter((x) => x.local === "Group" || x.local === "Control" || x.local === "Tab")) {
    const id = attr(e, "id");
    if (!id) problem(`${label}: ${pathOf(e)} has no id`);
    else if (seen.has(id)) problem(`${label}: id "${id}" is used twice`);
    else seen.add(id);
  }

  if (!own.some((e) => e.local === "FunctionFile")) problem(`${label} has no <FunctionFile>`);

  // Both surfaces open the task pane.
  const extensionPoints = own.filter((e) => e.local === "ExtensionPoint");
  for (const surface of ["MessageReadCommandSurface", "MessageComposeCommandSurface"]) {
    const point = extensionPoints.find((e) => attr(e, "type") === surface);
    if (!point) {
      problem(`${label} has no ${surface} extension point`);
      continue;
    }
    const actions = descendants(point).filter(
      (e) => e.local === "Action" && attr(e, "type") === "ShowTaskpane",
    );
    if (actions.length === 0) problem(`${label}: ${surface} has no button that shows the task pane`);
    for (const action of actions) {
      if (!child(action, "SourceLocation")) problem(`${label}: ${pathOf(action)} has no SourceLocation`);
    }
    if (surface === "MessageReadCommandSurface" && isV11) {
      const pinnable = actions.some((a) => child(a, "SupportsPinning")?.text === "true");
      if (!pinnable)
        problem(
          `${label}: the read-surface task pane is not pinnable (<SupportsPinning>true</SupportsPinning>)`,
        );
    }
  }

  // Phones (Outlook on iOS and Android): only in 1.1, a read-surface button that opens the pane, with
  // the icon list mobile clients require (25, 32 and 48 px at scales 1, 2 and 3).
  const mobile = own.filter((e) => e.local === "MobileFormFactor");
  if (!isV11 && mobile.length > 0)
    problem(`${label}: MobileFormFactor is only valid in VersionOverrides 1.1`);
  if (isV11) {
    const point = mobile
      .flatMap((m) => children(m, "ExtensionPoint"))
      .find((e) => attr(e, "type") === "MobileMessageReadCommandSurface");
    if (!point) problem(`${label} has no MobileFormFactor with a MobileMessageReadCommandSurface`);
    else {
      if (!mobile.some((m) => child(m, "FunctionFile")))
        problem(`${label}: MobileFormFactor has no <FunctionFile>`);
      const buttons = descendants(point).filter((e) => e.local === "Control");
      if (buttons.length === 0) problem(`${label}: MobileMessageReadCommandSurface has no button`);
      for (const button of buttons) {
        if (attr(button, "type") !== "MobileButton")
          problem(`${label}: ${pathOf(button)} must be a MobileButton`);
        const action = descendants(button).find((e) => e.local === "Action");
        if (
          attr(action ?? button, "type") !== "ShowTaskpane" ||
          !action ||
          !child(action, "SourceLocation")
        ) {
          problem(`${label}: ${pathOf(button)} does not show the task pane`);
        }
        const icon = child(button, "Icon");
        if (!icon || attr(icon, "type") !== "bt:MobileIconList") {
          problem(`${label}: ${pathOf(button)} needs an <Icon xsi:type="bt:MobileIconList">`);
          continue;
        }
        const have = new Set(children(icon, "Image").map((i) => `${attr(i, "size")}@${attr(i, "scale")}`));
        for (const size of [25, 32, 48]) {
          for (const scale of [1, 2, 3]) {
            if (!have.has(`${size}@${scale}`))
              problem(`${label}: ${pathOf(button)} has no ${size} px icon at scale ${scale}`);
          }
        }
      }
    }
  }

  // SupportsPinning: only in 1.1, only on the read surface's ShowTaskpane action.
  for (const e of own.filter((x) => x.local === "SupportsPinning")) {
    const surface = (() => {
      for (let p = e.parent; p; p = p.parent) if (p.local === "ExtensionPoint") return attr(p, "type");
      return undefined;
    })();
    if (!isV11) problem(`${label}: SupportsPinning is only valid in VersionOverrides 1.1`);
    else if (surface !== "MessageReadCommandSurface" || e.parent?.local !== "Action") {
      problem(`${label}: SupportsPinning is only supported on the read surface's ShowTaskpane action`);
    }
  }
}

interface IconClaim {
  url: string;
  where: string;
  sizes: Set<number>;
}

function checkIcons(root: XmlElement, base: string, assetsDir: string, problem: (m: string) => void): void {
  const claims = new Map<string, IconClaim>();
  const claim = (url: string | undefined, where: string, size?: number): void => {
    if (!url) return;
    const entry = claims.get(url) ?? { url, where, sizes: new Set<number>() };
    if (size !== undefined && Number.isFinite(size)) entry.sizes.add(size);
    claims.set(url, entry);
  };

  const iconUrl = child(root, "IconUrl");
  if (iconUrl) claim(attr(iconUrl, "DefaultValue"), "IconUrl", ICON_URL_SIZE);
  const highRes = child(root, "HighResolutionIconUrl");
  if (highRes) claim(attr(highRes, "DefaultValue"), "HighResolutionIconUrl", HIGH_RES_ICON_URL_SIZE);

  // Image resources, with the sizes the <bt:Image size resid> references in the same block claim for them.
  const blocks = descendants(root).filter((e) => e.local === "VersionOverrides");
  for (const vo of blocks) {
    const own = descendants(vo, (e) => e.local === "VersionOverrides");
    const images = own.filter((e) => e.local === "Image" && e.parent?.local === "Images" && attr(e, "id"));
    for (const image of images) {
      const id = attr(image, "id")!;
      const where = `image resource "${id}"`;
      const sizes = own
        .filter((e) => e.local === "Image" && attr(e, "resid") === id)
        .map((e) => Number(attr(e, "size")));
      claim(attr(image, "DefaultValue"), where);
      for (const size of sizes) claim(attr(image, "DefaultValue"), where, size);
      for (const override of children(image, "Override")) {
        claim(attr(override, "Value"), `${where} (Override)`);
        for (const size of sizes) claim(attr(override, "Value"), `${where} (Override)`, size);
      }
    }
  }

  const assetsBase = `${base}assets/`;
  for (const { url, where, sizes } of claims.values()) {
    if (!url.startsWith(assetsBase)) {
      problem(`${where}: icon ${url} is not served from ${assetsBase}`);
      continue;
    }
    const relative = decodeURIComponent(url.slice(assetsBase.length).split(/[?#]/)[0] ?? "");
    if (!relative || relative.split("/").some((part) => part === ".." || part === "")) {
      problem(`${where}: icon path "${relative}" is not a plain file under assets/`);
      continue;
    }
    const fromName = sizeFromFileName(relative);
    if (fromName !== null) sizes.add(fromName);
    const file = join(assetsDir, ...relative.split("/"));
    if (!existsSync(file)) {
      problem(`${where}: icon file assets/${relative} does not exist`);
      continue;
    }
    const size = readPngSize(new Uint8Array(readFileSync(file)));
    if (!size) {
      problem(`${where}: assets/${relative} is not a PNG`);
      continue;
    }
    if (sizes.size === 0) problem(`${where}: nothing says what size assets/${relative} should be`);
    for (const expected of sizes) {
      if (size.width !== expected || size.height !== expected) {
        problem(
          `${where}: assets/${relative} is ${size.width}x${size.height}, the manifest claims ${expected}x${expected}`,
        );
      }
    }
  }
}
