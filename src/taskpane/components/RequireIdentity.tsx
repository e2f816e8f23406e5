import { useEffect, useState, type ReactNode } from "react";
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
import { fetchIdentity, identityFrom } from "../identity";
import { takePrefetched } from "../status/prefetch";
import { useServiceClient } from "../service-client";
import { useSession, type Identity } from "../session";
import { ApiErrorMessage } from "./ApiErrorMessage";

const useStyles = makeStyles({
  intro: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

export interface RequireIdentityProps {
  /** The view's heading, shown while there is no identity yet. */
  title: string;
  headingId: string;
  /** What signing in gives in this view, after "Open Settings and sign in". */
  signInFor: string;
  children: (identity: Identity) => ReactNode;
}

/**
 * A view that talks to the service: asks the user to sign in first, learns whose a token kept from
 * earlier in this session is (GET /api/v1/me), then renders the view with that identity.
 */
export function RequireIdentity({ title, headingId, signInFor, children }: RequireIdentityProps) {
  const styles = useStyles();
  const { identity, setIdentity, signedInWith } = useSession();
  const client = useServiceClient();
  const signedIn = identity !== null || signedInWith() !== null;
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (identity || signedInWith() === null) return;
    const abort = new AbortController();
    setFailure(null);
    // The answer the pane asked for early (status/prefetch.ts), else a read now.
    const early = takePrefetched(client.baseUrl, "me");
    const read = early
      ? early.then((answer) =>
          answer ? identityFrom(client.baseUrl, 200, answer.data) : fetchIdentity(client, abort.signal),
        )
      : fetchIdentity(client, abort.signal);
    read.then(setIdentity, (error: unknown) => {
      if (isApiError(error) && error.kind === "cancelled") return;
      setFailure(error);
    });
    return () => abort.abort();
  }, [identity, client, setIdentity, signedInWith]);

  if (signedIn && identity) return <>{children(identity)}</>;
  return (
    <section className={styles.intro} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {title}
      </Subtitle2>
      {!signedIn ? (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>Sign in first</MessageBarTitle>
            Open Settings and sign in {signInFor}
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
