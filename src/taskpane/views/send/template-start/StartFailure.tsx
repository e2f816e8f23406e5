/**
 * Why the package could not be made or sent from the template, the service's field errors named by
 * their role; when the failure came after the choices were accepted, that nothing was kept.
 */
import type { TemplateRole } from "../../../../api/templates";
import { ApiErrorMessage } from "../../../components/ApiErrorMessage";
import type { TemplateStartError } from "../../../send/template";

export default function StartFailure({
  failure,
  roles,
}: {
  failure: TemplateStartError;
  /** The roles in the order they were sent (empty when not read). */
  roles: readonly TemplateRole[];
}) {
  return (
    <ApiErrorMessage
      title={
        failure.stage === "send"
          ? "The package could not be sent"
          : "The package could not be made from the template"
      }
      error={failure.cause}
      fieldLabel={(field) => {
        // roles[i]... is the i-th role sent: named as the user sees it.
        const at = /^roles\[(\d+)\]/.exec(field)?.[1];
        const role = at !== undefined ? roles[Number(at)] : undefined;
        return role ? `Role ${role.name}` : field;
      }}
      message={`${failure.message}${failure.stage === "use" ? "" : " Nothing was kept: your choices are still here, so you can try again."}`}
    />
  );
}
