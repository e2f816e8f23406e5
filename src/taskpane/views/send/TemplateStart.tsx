/**
 * "Start from a template": a searchable list of the tenant's templates; picking one shows its roles,
 * each filled with one of the message's people (in order), a signing group or an address typed in;
 * then the package is sent at once, or the send flow continues with it (the message's attachments
 * and fields may be added there). The parts are in template-start/.
 */
import { Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import type { SigningGroupsApi } from "../../../api/signing-groups";
import type { TemplatesApi } from "../../../api/templates";
import type { SignerRow } from "../../send/signers";
import type { RoleFills } from "../../send/template";
import RoleMapping from "./template-start/RoleMapping";
import TemplatePicker from "./template-start/TemplatePicker";
import { usePickedTemplate } from "./template-start/use-picked-template";
import type { StartFromTemplate } from "./template-start/use-role-fills";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

export interface TemplateStartProps {
  templates: TemplatesApi;
  groups: SigningGroupsApi;
  /** The message's people as the send flow offers them (the chosen ones fill the roles in order). */
  people: readonly SignerRow[];
  /** Reopened to change who fills the roles of this template. */
  initial?: { templateId: string; fills: RoleFills } | null;
  /** Makes the package (and sends it when `send`); rejects with a TemplateStartError. */
  onStart: StartFromTemplate;
  onCancel(): void;
}

export function TemplateStart({ templates, groups, people, initial, onStart, onCancel }: TemplateStartProps) {
  const styles = useStyles();
  const { picked, pick, kept, searchRef, back } = usePickedTemplate(templates, initial);

  return (
    <section className={styles.root} aria-labelledby="template-heading">
      <Subtitle2 as="h3" id="template-heading">
        Start from a template
      </Subtitle2>
      {picked ? (
        <RoleMapping
          template={picked}
          templates={templates}
          groups={groups}
          people={people}
          kept={kept}
          onBack={back}
          onStart={onStart}
          onCancel={onCancel}
        />
      ) : (
        <TemplatePicker templates={templates} searchRef={searchRef} onPick={pick} onCancel={onCancel} />
      )}
    </section>
  );
}
