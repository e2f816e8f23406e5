import type { FastifyPluginAsync } from "fastify";
import { completedMailPlan, messageFor } from "../domain/outbox";
import { signingLinkFor } from "../mail/signing-link";
import type { PackageRecord } from "../storage";

const LIMIT = 200;
const SIGN_LINK = /https?:\/\/[^\s"<>]+\/sign\/[A-Za-z0-9_-]+/g;

/**
 * Development only (registered when start-dev.ts sets config.devRoutes; never in a deployment): the
 * outbox as the workbench's Mailbox page shows it, each mail as it is or will be sent, with its links,
 * so that a local user without SMTP opens a link as a signer would. No credential: `npm start`'s
 * service listens on loopback, and the mails are the developer's own test data.
 */
const devRoutes: FastifyPluginAsync<{
  /** config.mailAttachMaxBytes: a Completed mail is shown with the attachments it will carry. */
  attachMaxBytes: number;
}> = async (app, { attachMaxBytes }) => {
  const { storage, links } = app;
  const handler = async () => {
    const rows = await storage.outbox.list({ tenantId: null, status: null, limit: LIMIT });
    const packages = new Map<string, PackageRecord | null>();
    const items = [];
    for (const row of rows) {
      if (!packages.has(row.packageId))
        packages.set(row.packageId, await storage.packages.get(row.tenantId, row.packageId));
      const pkg = packages.get(row.packageId);
      if (!pkg) continue;
      // A Completed mail's links (the sender's day's zip link, a signer's share link) are minted only
      // when it is delivered; its attachments are known now.
      const plan = row.kind === "Completed" ? await completedMailPlan(storage, pkg.id, attachMaxBytes) : null;
      const mail = messageFor(
        row,
        pkg,
        signingLinkFor(row, links),
        plan && {
          forSender: row.signerId === null,
          attached: plan.attach.map((a) => a.filename),
          linkExpiresOn: null,
        },
      );
      const found = mail.text.match(SIGN_LINK) ?? [];
      const to = mail.to.name ? `${mail.to.name} <${mail.to.address}>` : mail.to.address;
      items.push({
        id: row.id,
        kind: row.kind,
        to,
        email: row.email,
        name: row.name,
        subject: mail.subject,
        text: mail.text,
        links: found,
        link: found[0] ?? null,
        status: row.status,
        createdOn: row.createdOn,
      });
    }
    return { items };
  };
  const options = { schema: { hide: true } };
  app.get("/api/dev/outbox", options, handler);
  app.get("/api/v1/dev/outbox", options, handler);
};

export default devRoutes;
