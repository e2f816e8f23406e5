// Stage 1, the package: the draft kept from an earlier try made to match the choices, or a new one;
// then its reminders.
import { isNotFound } from "../../../api/errors";
import type { ApiClient } from "../../../api/client";
import type { Reminders } from "../draft";
import type { RememberedProgress } from "./remembered-progress";
import type { PackageResponse } from "./responses";
import { step } from "./stage";
import type { SubmitInput } from "./submit-input";

/** The package to fill: the draft's own (updated), one an earlier try already sent, or a new one. */
export async function preparePackage(
  input: SubmitInput,
  progress: RememberedProgress,
): Promise<PackageResponse> {
  const { api, draft } = input;
  const now = input.now ?? Date.now;
  const fields = {
    name: input.name,
    emailSubject: draft.subject,
    emailMessage: draft.message,
    enforceSigningOrder: draft.signInOrder,
    expirationDate:
      draft.expiresInDays === null ? "" : new Date(now() + draft.expiresInDays * 86_400_000).toISOString(),
  };
  return step("package", async () => {
    if (draft.packageId) {
      try {
        const existing = await api.request("GET", "/api/v1/packages/{id}", { path: { id: draft.packageId } });
        // An earlier try that sent it but never heard the answer: it is sent.
        if (existing.status !== "Draft") return existing;
        return await api.request("PUT", "/api/v1/packages/{id}", { path: { id: existing.id }, body: fields });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    // A template's package holds its documents, roles and fields: another package would not.
    if (draft.template) {
      throw new Error(
        `The package made from the template “${draft.template.name}” is no longer on the service: start from the template again.`,
      );
    }
    const created = await api.request("POST", "/api/v1/packages", {
      body: {
        ...fields,
        expirationDate: fields.expirationDate || null,
        source: { kind: "outlook", ...input.source },
        ...(input.senderEmail ? { senderEmail: input.senderEmail } : {}),
      },
    });
    progress.startOver(created.id);
    return created;
  });
}

export async function setReminders(api: ApiClient, id: string, reminders: Reminders): Promise<void> {
  await step("package", () =>
    api.request("PATCH", "/api/v1/packages/{id}/reminders", {
      path: { id },
      body: reminders.enabled
        ? { enabled: true, firstAfterDays: reminders.firstAfterDays, everyDays: reminders.everyDays }
        : { enabled: false },
    }),
  );
}
