/**
 * The Outlook adapter: a promise-based view of Office.context.mailbox.
 * The only module of the add-in that touches Office.js; Office is injected so tests can pass fakes.
 * Each concern is its own module over one shared OfficeContext (office-context.ts).
 */
import { attachmentsOf } from "./attachments";
import { clientOf } from "./client";
import { composeOf } from "./compose";
import { dialogsOf } from "./dialogs";
import { eventsOf } from "./events";
import { messageOf } from "./message";
import { createOfficeContext, modeOf, type OutlookHostOptions } from "./office-context";
import { propertiesOf } from "./properties";
import { recipientsOf } from "./recipients";
import type { OutlookHost } from "./types";

export { MAX_CONCURRENT_OFFICE_CALLS, type OutlookHostOptions } from "./office-context";
export { officeClientInfo, type OfficeClientInfo } from "./client";
export { COMPOSE_REQUIREMENTS, OUTLOOK_LIMITS } from "./compose";

export function createOutlookHost(office: typeof Office, options: OutlookHostOptions = {}): OutlookHost {
  const context = createOfficeContext(office, options);
  return {
    hasItem: () => context.currentItem() !== null,
    mode: () => modeOf(context, context.requireItem()),
    ...recipientsOf(context),
    ...messageOf(context),
    ...propertiesOf(context),
    ...attachmentsOf(context),
    ...clientOf(context),
    ...dialogsOf(context),
    ...eventsOf(context),
    ...composeOf(context),
  };
}
