import { Caption1, Divider, makeStyles, tokens } from "@fluentui/react-components";
import { useItemMode } from "../host-context";
import { TagBuilder } from "./tags/TagBuilder";
import { TagChecker } from "./tags/TagChecker";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  note: { color: tokens.colorNeutralForeground3 },
});

/** Build, check and convert text tags, offline, with the same grammar as the service (src/tags). */
export default function TagsView() {
  const styles = useStyles();
  const mode = useItemMode();
  const canInsert = mode === "compose";
  return (
    <div className={styles.root}>
      {!canInsert && (
        <Caption1 className={styles.note}>
          To insert a tag into an email, open this pane while writing a message.
        </Caption1>
      )}
      <TagBuilder canInsert={canInsert} />
      <Divider />
      <TagChecker canInsert={canInsert} />
    </div>
  );
}
