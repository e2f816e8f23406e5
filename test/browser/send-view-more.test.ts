/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
/**
 * More browser tests of the Send view (issue 17), beside send-view.test.ts: Debian's Chromium drives the
 * real task pane bundle (webpack dev server) under the workbench's simulated Outlook, 320 px wide,
 * against the real service (set-up in send-browser-setup.ts).
 *
 * - read, forced colours (Windows high contrast; the pane takes its high-contrast theme): every step
 *   (documents and signers, fields, check, send, done) passes axe-core and is photographed in
 *   test/artifacts/send-<step>-read-contrast.png; a cloud attachment and an attached mail say why
 *   they cannot be sent; a PDF dropped from disk onto the drop box (a real drop event carrying a File);
 *   signers reordered by drag and drop (the routing orders on the service follow); a signer made an
 *   approver; fields dropped, one moved with the pointer and one resized from its corner: each
 *   annotation on the service within 2 points of where it was put on screen; the upload progress bars
 *   move and reach the end.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Page } from "playwright-core";
import type { MessageFixture } from "../../src/workbench/bridge";
import {
  ROOT,
  dropAt,
  eventually,
  openDocument,
  pointsPerPixel,
  skipBrowser,
  step,
  useSendStack,
} from "./send-browser-setup";

const FIXTURE = JSON.parse(
  readFileSync(path.join(ROOT, "test", "fixtures", "message.json"), "utf8"),
) as MessageFixture;

const CLOUD_REASON =
  "This attachment is a link to a file stored online (for example on OneDrive or SharePoint). Download the file, attach it to the message as a copy, and try again.";
const ITEM_REASON =
  "This attachment is an email or calendar item, not a document. Open it, save the document you want signed, attach that file, and try again.";

interface Annotation {
  documentId: string;
  signerId: string;
  type: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Drops `file` onto the element as the browser does when a file is dragged from the desktop. */
async function dropFile(page: Page, dropText: string, name: string, bytes: Uint8Array): Promise<void> {
  const target = page.getByText(dropText).locator("..");
  await target.evaluate(
    (element, [fileName, data]) => {
      const file = new File([new Uint8Array(data as number[])], fileName as string, {
        type: "application/pdf",
      });
      const transfer = new DataTransfer();
      transfer.items.add(file);
      for (const type of ["dragenter", "dragover", "drop"]) {
        element.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    [name, [...bytes]] as const,
  );
}

/**
 * Under forced colours the signer colours are gone (the system's colours replace them): each box of
 * `testId` must still show its outline (in `style`, not transparent, not the page's colour) and its
 * label, the signer's number, in a colour other than the label's background.
 */
async function expectDistinguishable(page: Page, testId: string, style: "solid" | "dashed"): Promise<void> {
  const boxes = await page.getByTestId(testId).evaluateAll((elements) =>
    elements.map((element) => {
      const box = getComputedStyle(element);
      const label = element.querySelector("span")!;
      const labelStyle = getComputedStyle(label);
      const pageStyle = getComputedStyle(element.parentElement!);
      return {
        border: box.borderTopStyle,
        borderVisible:
          box.borderTopColor !== "rgba(0, 0, 0, 0)" && box.borderTopColor !== pageStyle.backgroundColor,
        label: label.textContent,
        labelVisible:
          labelStyle.color !== labelStyle.backgroundColor &&
          labelStyle.color !== pageStyle.backgroundColor &&
          labelStyle.color !== "rgba(0, 0, 0, 0)",
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b).toEqual({
      border: style,
      borderVisible: true,
      label: expect.stringMatching(/^\d/),
      labelVisible: true,
    });
  }
}

(skipBrowser ? describe.skip : describe)("more of the Send view in Chromium against the real service", () => {
  const stack = useSendStack();

  test("read, forced colours: each step accessible; unsendable attachments say why; a PDF dropped from disk; signers reordered by dragging; fields moved and resized with the pointer land where put", async () => {
    const service = stack.service();
    const token = await service.token("Send-Browser-More");
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await service.call(method, route, { token, body });
      return (response.status === 204 ? null : await response.json()) as Record<string, unknown> & {
        items: Record<string, unknown>[];
      };
    };
    const fixture: MessageFixture = {
      ...FIXTURE,
      attachments: [
        ...FIXTURE.attachments,
        {
          id: "AAMkCLOUD=",
          name: "budget.pdf",
          file: "budget.pdf",
          contentType: "application/pdf",
          size: 0,
          attachmentType: "cloud",
        },
        {
          id: "AAMkITEM=",
          name: "Re: pricing",
          file: "pricing.eml",
          contentType: "message/rfc822",
          size: 4000,
          attachmentType: "item",
        },
      ],
    };
    const { page, errors } = await stack.openPane(token, "read", "contrast", fixture);
    const send = page.getByRole("tabpanel", { name: "Send" });
    const documents = send.getByRole("list", { name: "Documents" });

    // Attachments that cannot be sent: unchosen, unchoosable, each with the adapter's reason beside it.
    for (const [name, reason] of [
      ["budget.pdf", CLOUD_REASON],
      ["Re: pricing", ITEM_REASON],
    ] as const) {
      const box = documents.getByRole("checkbox", { name: `Send ${name}` });
      expect(await box.isDisabled()).toBe(true);
      expect(await box.isChecked()).toBe(false);
      expect(await documents.getByRole("listitem").filter({ hasText: name }).getByText(reason).count()).toBe(
        1,
      );
    }

    // A PDF dragged from the desktop onto the drop box.
    const side = await PDFDocument.create();
    const font = await side.embedFont(StandardFonts.Helvetica);
    side.addPage([612, 792]).drawText("Side letter", { x: 72, y: 700, size: 14, font });
    await dropFile(page, "Drop a PDF, PNG or JPEG here, or", "side-letter.pdf", await side.save());
    expect(await documents.getByRole("checkbox", { name: "Send side-letter.pdf" }).isChecked()).toBe(true);
    await documents.getByText(/· from your computer$/).waitFor();

    // Two more people; then the last dragged to the top of the list.
    for (const address of ["nestor@fabrikam.com", "lynne@fabrikam.com"]) {
      await send.getByRole("textbox", { name: "Add a person by address" }).fill(address);
      await send.getByRole("button", { name: "Add person" }).click();
    }
    const signerList = send.getByRole("list", { name: "Signers" });
    const included = () =>
      signerList
        .getByRole("checkbox", { checked: true })
        .evaluateAll((boxes) =>
          boxes.map((b) => (b.getAttribute("aria-label") ?? "").replace(/^Include /, "")),
        );
    const before = await included();
    expect(before).toHaveLength(4);
    expect(before.slice(-2)).toEqual(["nestor@fabrikam.com", "lynne@fabrikam.com"]);
    const lynne = signerList.getByRole("listitem").filter({ hasText: "lynne@fabrikam.com" });
    // With the mouse, by its text (from the row's middle the pointer would be on its controls).
    await lynne
      .getByText("lynne@fabrikam.com")
      .dragTo(signerList.getByRole("listitem").first().getByText("Adele Vance"));
    await eventually(async () =>
      expect(await included()).toEqual(["lynne@fabrikam.com", ...before.slice(0, -1)]),
    );
    // Nestor approves rather than signs.
    await send.getByRole("combobox", { name: "What nestor@fabrikam.com does" }).selectOption("Approver");
    await step(page, "setup", "read", "contrast");

    await send.getByRole("button", { name: "Next: fields" }).click();
    await openDocument(page, "master-services-agreement.pdf");
    const signerOption = async (name: string) =>
      (await page.getByRole("combobox", { name: "Signer" }).locator("option").allTextContents()).find((t) =>
        t.includes(name),
      )!;
    // Dropped and left: its centre where clicked (below the page's text, which ends at about 0.29 of
    // its height: a field put over text is fitted around it, issue 26).
    const first = await dropAt(page, await signerOption("lynne"), "Signature", 0.35, 0.38);
    // Dropped, then dragged 40 px right and 30 px down by its middle.
    const second = await dropAt(page, await signerOption("Megan"), "Date signed", 0.3, 0.45);
    const k = await pointsPerPixel(page);
    const moved = page.getByTestId("send-field").nth(1);
    const movedBox = (await moved.boundingBox())!;
    const grab = { x: movedBox.x + movedBox.width / 2, y: movedBox.y + movedBox.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 20, grab.y + 15, { steps: 4 });
    await page.mouse.move(grab.x + 40, grab.y + 30, { steps: 4 });
    await page.mouse.up();
    // Dropped, then made larger from its bottom right corner by 30 px and 12 px.
    const third = await dropAt(page, await signerOption("nestor"), "Text", 0.5, 0.7);
    const resized = page.getByTestId("send-field").nth(2);
    const resizedBox = (await resized.boundingBox())!; // before: centred on the click
    const handleBox = (await resized.locator("span[aria-hidden]").last().boundingBox())!;
    const grip = { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 };
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x + 15, grip.y + 6, { steps: 4 });
    await page.mouse.move(grip.x + 30, grip.y + 12, { steps: 4 });
    await page.mouse.up();
    expect(await page.getByTestId("send-field").count()).toBe(3); // neither drag dropped a new field
    const pageBox = (await page.getByTestId("send-page").boundingBox())!;
    await step(page, "fields", "read", "contrast");
    await expectDistinguishable(page, "send-field", "solid");
    // The page keeps an edge (its shadow is gone and it is painted like the pane).
    expect(
      await page.getByTestId("send-page").evaluate((e) => {
        const style = getComputedStyle(e);
        return { outline: style.outlineStyle, width: style.outlineWidth };
      }),
    ).toEqual({ outline: "solid", width: "1px" });
    // The document's own tags are on its second page: dashed boxes, each with its signer's number.
    await page
      .getByRole("list", { name: "Pages of master-services-agreement.pdf" })
      .getByRole("button", { name: /^Page 2/ })
      .click();
    await eventually(async () => expect(await page.getByTestId("send-tag-box").count()).toBeGreaterThan(0));
    await step(page, "fields-tags", "read", "contrast");
    await expectDistinguishable(page, "send-tag-box", "dashed");

    await send.getByRole("button", { name: "Next: check" }).click();
    await send.getByRole("list", { name: "Fields per signer" }).waitFor();
    for (const box of await send.getByRole("checkbox", { name: /^Send anyway/ }).all()) await box.check();
    await send.getByText("Ready to send.").waitFor();
    await step(page, "check", "read", "contrast");

    await send.getByRole("button", { name: "Next: send" }).click();
    await step(page, "send", "read", "contrast");

    // The progress bars' values while uploading, as a screen reader reads them.
    await page.evaluate(() => {
      const seen: Record<string, string[]> = {};
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const record = () => {
        for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Upload of"]')) {
          const name = bar.getAttribute("aria-label")!;
          const value = bar.getAttribute("aria-valuenow") ?? "";
          const list = (seen[name] ??= []);
          if (list[list.length - 1] !== value) list.push(value);
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["aria-valuenow"],
      });
    });
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await send.getByText(`Sent: “${FIXTURE.subject}”`).waitFor({ timeout: 90_000 });
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: Record<string, string[]> }).progressSeen,
    );
    expect(Object.keys(progress).sort()).toEqual(
      ["master-services-agreement.pdf", "mutual-nda.pdf", "side-letter.pdf"].map((n) => `Upload of ${n}`),
    );
    for (const values of Object.values(progress)) {
      expect(values.length).toBeGreaterThanOrEqual(2); // it moved
      expect(Number(values[values.length - 1])).toBe(1); // and reached the end
    }
    await step(page, "done", "read", "contrast");

    // On the service: routing orders as dragged, Nestor an approver, each field where it was put.
    const [pkg] = (await call("GET", "/api/v1/packages")).items as { id: string; status: string }[];
    expect(pkg!.status).toBe("Sent");
    const signers = (await call("GET", `/api/v1/packages/${pkg!.id}/signers`)).items as {
      id: string;
      email: string;
      name: string;
      type: string;
      routingOrder: number;
    }[];
    const byOrder = [...signers].sort((a, b) => a.routingOrder - b.routingOrder);
    expect(byOrder.map((s) => s.routingOrder)).toEqual([1, 2, 3, 4]);
    expect(byOrder.map((s) => s.email.toLowerCase())).toEqual([
      "lynne@fabrikam.com",
      FIXTURE.user.emailAddress, // the mail's To: the user, asked to sign (not its sender)
      "alex.wilber@contoso.com",
      "nestor@fabrikam.com",
    ]);
    expect(byOrder.map((s) => s.type)).toEqual(["Signer", "Signer", "Signer", "Approver"]);

    const docs = (await call("GET", `/api/v1/packages/${pkg!.id}/documents`)).items as {
      id: string;
      name: string;
    }[];
    const msa = docs.find((d) => d.name === "master-services-agreement.pdf")!;
    const annotations = (
      (await call("GET", `/api/v1/packages/${pkg!.id}/annotations`)).items as unknown as Annotation[]
    ).filter(
      (a) => a.documentId === msa.id && a.page === 1 && ["Signature", "DateSigned", "Text"].includes(a.type),
    );
    // How far (points) each annotation is from where it was put on screen: at most 2.
    const off = (a: number, b: number) => Math.round(Math.abs(a - b) * 10) / 10;
    const centre = (a: Annotation) => ({ x: a.x + a.width / 2, y: a.y + a.height / 2 });
    const closest = (
      type: string,
      to: { x: number; y: number },
      at: (a: Annotation) => { x: number; y: number },
    ) =>
      annotations
        .filter((a) => a.type === type)
        .sort(
          (a, b) => off(at(a).x, to.x) + off(at(a).y, to.y) - off(at(b).x, to.x) - off(at(b).y, to.y),
        )[0]!;
    // Dropped and left: its centre where clicked.
    const signature = closest("Signature", first, centre);
    expect([off(centre(signature).x, first.x), off(centre(signature).y, first.y)].every((d) => d <= 2)).toBe(
      true,
    );
    expect(signature.signerId).toBe(byOrder[0]!.id);
    // Moved: its centre where the pointer took the click point.
    const movedTo = { x: second.x + 40 * k, y: second.y + 30 * k };
    const date = closest("DateSigned", movedTo, centre);
    expect(off(centre(date).x, movedTo.x)).toBeLessThanOrEqual(2);
    expect(off(centre(date).y, movedTo.y)).toBeLessThanOrEqual(2);
    expect(date.signerId).toBe(byOrder[1]!.id);
    // Resized: the top left corner stayed where the drop put it (the box centred on the click), the
    // bottom right one followed the pointer.
    const boxPt = {
      x: (resizedBox.x - pageBox.x) * k,
      y: (resizedBox.y - pageBox.y) * k,
      width: resizedBox.width * k,
      height: resizedBox.height * k,
    };
    expect(off(boxPt.x + boxPt.width / 2, third.x)).toBeLessThanOrEqual(2);
    expect(off(boxPt.y + boxPt.height / 2, third.y)).toBeLessThanOrEqual(2);
    const text = closest("Text", boxPt, (a) => ({ x: a.x, y: a.y }));
    expect(off(text.x, boxPt.x)).toBeLessThanOrEqual(2);
    expect(off(text.y, boxPt.y)).toBeLessThanOrEqual(2);
    expect(off(text.x + text.width, boxPt.x + boxPt.width + 30 * k)).toBeLessThanOrEqual(2);
    expect(off(text.y + text.height, boxPt.y + boxPt.height + 12 * k)).toBeLessThanOrEqual(2);
    expect(text.signerId).toBe(byOrder[3]!.id);
    expect(errors).toEqual([]);
  }, 300_000);

  test("compose, light: choices reach the service: order off, a carbon copy, DocuSign tags with a signature block page; then Adobe tags, visible, in order", async () => {
    const service = stack.service();
    const token = await service.token("Send-Browser-Choices");
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await service.call(method, route, { token, body });
      return (await response.json()) as unknown;
    };
    const { page, errors } = await stack.openPane(token, "compose", "light");
    const send = page.getByRole("tabpanel", { name: "Send" });
    const original = readFileSync(path.join(ROOT, "test", "fixtures", "master-services-agreement.pdf"));

    /**
     * One send of the MSA alone to Alex (signer 1, from To) and Nestor, with the choices given. The
     * draft is to Alex and Lynne, both ticked at first (issue 28); this send leaves Lynne out.
     */
    const sendOnce = async (choices: {
      inOrder: boolean;
      nestor: "Signer" | "CarbonCopy";
      format: "DocuSign" | "AdobeSign";
      visible: boolean;
      block: boolean;
    }) => {
      const lynne = send.getByRole("checkbox", { name: /^Include Lynne Robbins/ });
      expect(await lynne.isChecked()).toBe(true);
      await lynne.uncheck();
      await send
        .getByRole("list", { name: "Documents" })
        .getByRole("checkbox", { name: "Send mutual-nda.pdf" })
        .uncheck();
      await send.getByRole("textbox", { name: "Add a person by address" }).fill("nestor@fabrikam.com");
      await send.getByRole("button", { name: "Add person" }).click();
      await send
        .getByRole("combobox", { name: "What nestor@fabrikam.com does" })
        .selectOption(choices.nestor);
      const order = send.getByRole("switch", { name: /^Sign in order|^Everyone is asked at once/ });
      if ((await order.isChecked()) !== choices.inOrder) await order.click();
      await send.getByRole("button", { name: "Next: fields" }).click();
      await openDocument(page, "master-services-agreement.pdf");
      const alex = (
        await page.getByRole("combobox", { name: "Signer" }).locator("option").allTextContents()
      ).find((t) => t.includes("Alex"))!;
      const dropped = [
        { ...(await dropAt(page, alex, "Signature", 0.4, 0.38)), type: "Signature" },
        { ...(await dropAt(page, alex, "Date signed", 0.4, 0.45)), type: "DateSigned" },
      ];
      await page.getByRole("combobox", { name: "Tag format" }).selectOption(choices.format);
      const visible = page.getByRole("switch", { name: /^Show the tag text in black/ });
      if ((await visible.isChecked()) !== choices.visible) await visible.click();
      const block = page.getByRole("switch", { name: /^Add a signature block page/ });
      if ((await block.isChecked()) !== choices.block) await block.click();
      await send.getByRole("button", { name: "Next: check" }).click();
      await send.getByRole("list", { name: "Fields per signer" }).waitFor();
      for (const box of await send.getByRole("checkbox", { name: /^Send anyway/ }).all()) await box.check();
      await send.getByText("Ready to send.").waitFor();
      await send.getByRole("button", { name: "Next: send" }).click();
      await send.getByRole("button", { name: "Send", exact: true }).click();
      await send.getByText(/^Sent: /).waitFor({ timeout: 90_000 });
      return dropped;
    };

    /** The package sent last: its signers, its one document's detected tags, annotations and bytes added. */
    const sent = async () => {
      const list = (await call("GET", "/api/v1/packages")) as {
        items: { id: string; enforceSigningOrder: boolean; createdOn: string }[];
      };
      const pkg = [...list.items].sort((a, b) => b.createdOn.localeCompare(a.createdOn))[0]!;
      const base = `/api/v1/packages/${pkg.id}`;
      const signers = ((await call("GET", `${base}/signers`)) as { items: Record<string, unknown>[] }).items;
      const [doc] = (
        (await call("GET", `${base}/documents`)) as { items: { id: string; pageCount: number }[] }
      ).items;
      const tags = (await call("GET", `${base}/documents/${doc!.id}/detected-tags`)) as {
        format: string;
        type: string;
        page: number;
        x: number;
        y: number;
        width: number;
        height: number;
        error: string | null;
      }[];
      const annotations = ((await call("GET", `${base}/annotations`)) as { items: Annotation[] }).items;
      const link = (await call("GET", `${base}/documents/${doc!.id}/download`)) as { url: string };
      const bytes = Buffer.from(await (await fetch(new URL(link.url, service.url))).arrayBuffer());
      // What the pane appended to the document (an incremental update): its content streams, inflated.
      const added = bytes.subarray(original.length).toString("latin1");
      const streams = [...added.matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
        .map((m) => {
          try {
            return inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
          } catch {
            return m[1]!;
          }
        })
        .join("\n");
      return { pkg, signers, doc: doc!, tags, annotations, streams };
    };
    const landed = (
      dropped: { x: number; y: number; type: string }[],
      boxes: { type: string; page: number; x: number; y: number; width: number; height: number }[],
    ) =>
      dropped.map((d) => ({
        type: d.type,
        found: boxes.some(
          (b) =>
            b.type === d.type &&
            b.page === 1 &&
            Math.abs(b.x + b.width / 2 - d.x) <= 2 &&
            Math.abs(b.y + b.height / 2 - d.y) <= 2,
        ),
      }));

    const first = await sendOnce({
      inOrder: false,
      nestor: "CarbonCopy",
      format: "DocuSign",
      visible: false,
      block: true,
    });
    const one = await sent();
    expect(one.pkg.enforceSigningOrder).toBe(false);
    expect(one.signers.map((s) => [s.email, s.type, s.routingOrder])).toEqual([
      ["alex.wilber@contoso.com", "Signer", 1],
      ["nestor@fabrikam.com", "CarbonCopy", 1],
    ]);
    expect(one.doc.pageCount).toBe(3); // the MSA's two pages and the signature block page
    const docuSign = one.tags.filter((t) => t.format === "DocuSign" && t.error === null);
    expect(landed(first, docuSign)).toEqual(first.map((d) => ({ type: d.type, found: true })));
    expect(docuSign.some((t) => t.page === 3)).toBe(true); // the block page's own tags, in the same format
    expect(landed(first, one.annotations)).toEqual(first.map((d) => ({ type: d.type, found: true })));
    expect(one.streams).toContain("1 1 1 rg"); // tag text in white

    await send.getByRole("button", { name: "Send another" }).click();
    const second = await sendOnce({
      inOrder: true,
      nestor: "Signer",
      format: "AdobeSign",
      visible: true,
      block: false,
    });
    const two = await sent();
    expect(two.pkg.id).not.toBe(one.pkg.id);
    expect(two.pkg.enforceSigningOrder).toBe(true);
    expect(two.signers.map((s) => [s.email, s.type, s.routingOrder])).toEqual([
      ["alex.wilber@contoso.com", "Signer", 1],
      ["nestor@fabrikam.com", "Signer", 2],
    ]);
    expect(two.doc.pageCount).toBe(2);
    const adobe = two.tags.filter((t) => t.format === "AdobeSign" && t.error === null);
    expect(landed(second, adobe)).toEqual(second.map((d) => ({ type: d.type, found: true })));
    expect(landed(second, two.annotations)).toEqual(second.map((d) => ({ type: d.type, found: true })));
    expect(two.streams).toContain("0 0 0 rg"); // tag text in black
    expect(two.streams).not.toContain("1 1 1 rg");
    expect(errors).toEqual([]);
  }, 300_000);
});
