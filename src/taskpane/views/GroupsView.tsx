import { makeStyles, tokens } from "@fluentui/react-components";
import { RequireIdentity } from "../components/RequireIdentity";
import { GroupsProvider } from "./groups/groups-context";
import { ManageGroups } from "./groups/ManageGroups";
import { MessagePeople } from "./groups/MessagePeople";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXL },
});

/**
 * Signing groups: who on this message is already in one, a group made of the message's people, and
 * the tenant's groups to find, open, edit and delete.
 */
export default function GroupsView() {
  const styles = useStyles();
  return (
    <RequireIdentity
      title="Signing groups"
      headingId="groups-heading"
      signInFor="to see who on this message is in a signing group, and to create and edit groups."
    >
      {(identity) => (
        <GroupsProvider identity={identity}>
          <div className={styles.root}>
            <MessagePeople />
            <ManageGroups />
          </div>
        </GroupsProvider>
      )}
    </RequireIdentity>
  );
}
