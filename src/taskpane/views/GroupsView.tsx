import { useEffect, useState } from "react";
import {
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { isApiError } from "../../api/errors";
import { ApiErrorMessage } from "../components/ApiErrorMessage";
import { fetchIdentity } from "../identity";
import { useServiceClient } from "../service-client";
import { useSession } from "../session";
import { GroupsProvider } from "./groups/groups-context";
import { ManageGroups } from "./groups/ManageGroups";
import { MessagePeople } from "./groups/MessagePeople";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXL },
  intro: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

/**
 * Signing groups: who on this message is already in one, a group made of the message's people, and
 * the tenant's groups to find, open, edit and delete.
 */
export default function GroupsView() {
  const styles = useStyles();
  const { identity, setIdentity, signedInWith } = useSession();
  const client = useServiceClient();
  const signedIn = identity !== null || signedInWith() !== null;
  const [failure, setFailure] = useState<unknown>(null);

  // A token kept from earlier in this session: learn whose it is (the tenant names the local copy).
  useEffect(() => {
    if (identity || signedInWith() === null) return;
    const abort = new AbortController();
    setFailure(null);
    fetchIdentity(client, abort.signal).then(setIdentity, (error: unknown) => {
      if (isApiError(error) && error.kind === "cancelled") return;
      setFailure(error);
    });
    return () => abort.abort();
  }, [identity, client, setIdentity, signedInWith]);

  if (!signedIn || !identity) {
    return (
      <section className={styles.intro} aria-labelledby="groups-heading">
        <Subtitle2 as="h2" id="groups-heading">
          Signing groups
        </Subtitle2>
        {!signedIn ? (
          <MessageBar intent="info">
            <MessageBarBody>
              <MessageBarTitle>Sign in first</MessageBarTitle>
              Open Settings and sign in to see who on this message is in a signing group, and to create and
              edit groups.
            </MessageBarBody>
          </MessageBar>
        ) : failure ? (
          <ApiErrorMessage title="Could not check your sign-in" error={failure} />
        ) : (
          <Spinner size="tiny" label="Checking your sign-in…" labelPosition="after" />
        )}
      </section>
    );
  }
  return (
    <GroupsProvider identity={identity}>
      <div className={styles.root}>
        <MessagePeople />
        <ManageGroups />
      </div>
    </GroupsProvider>
  );
}
