import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { KeyRegular, PersonAccountsRegular, SignOutRegular } from "@fluentui/react-icons";
import { isApiError } from "../../api/errors";
import { ApiErrorMessage } from "../components/ApiErrorMessage";
import { fetchIdentity } from "../identity";
import { useClientFactory, useServiceClient } from "../service-client";
import { serviceUrlProblem, normaliseServiceUrl, useSession, type Identity } from "../session";
import { useTelemetry } from "../telemetry";
import { TelemetrySwitch } from "./settings/TelemetrySwitch";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  actions: { display: "flex", gap: tokens.spacingHorizontalS },
  identity: {
    display: "grid",
    gridTemplateColumns: "max-content 1fr",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: "anywhere" },
  scopes: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const CREDENTIAL_KINDS: Readonly<Record<string, string>> = {
  pat: "Personal access token",
  personal_access_token: "Personal access token",
  personalaccesstoken: "Personal access token",
  client: "OAuth client",
  client_credentials: "OAuth client",
  oauth_client: "OAuth client",
  external: "Organisation sign-in (Microsoft Entra ID)",
  oidc: "Organisation sign-in (Microsoft Entra ID)",
};

export function credentialKindLabel(kind: string): string {
  return CREDENTIAL_KINDS[kind.toLowerCase()] ?? kind;
}

type Check =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "microsoft" }
  | { state: "failed"; title: string; error: unknown; message?: string };

function IdentityCard({ identity, serviceUrl }: { identity: Identity; serviceUrl: string }) {
  const styles = useStyles();
  return (
    <dl className={styles.identity} aria-label="Signed-in identity">
      <dt className={styles.term}>Organisation</dt>
      <dd className={styles.value}>{identity.tenantName}</dd>
      {identity.subject && (
        <>
          <dt className={styles.term}>Signed in as</dt>
          <dd className={styles.value}>{identity.subject}</dd>
        </>
      )}
      <dt className={styles.term}>Credential</dt>
      <dd className={styles.value}>{credentialKindLabel(identity.credentialKind) || "—"}</dd>
      <dt className={styles.term}>Permissions</dt>
      <dd className={styles.value}>
        {identity.scopes.length === 0 ? (
          "None"
        ) : (
          <span className={styles.scopes}>
            {identity.scopes.map((scope) => (
              <Badge key={scope} appearance="tint" color="informative" shape="rounded">
                {scope}
              </Badge>
            ))}
          </span>
        )}
      </dd>
      <dt className={styles.term}>Service</dt>
      <dd className={styles.value}>{serviceUrl}</dd>
    </dl>
  );
}

export default function SettingsView() {
  const styles = useStyles();
  const headingId = useId();
  const session = useSession();
  const { serviceUrl, setServiceUrl, pat, microsoft, signedInWith, identity, setIdentity } = session;
  const client = useServiceClient();
  const clientFor = useClientFactory();
  const [urlDraft, setUrlDraft] = useState(serviceUrl);
  const [token, setToken] = useState("");
  const [tokenProblem, setTokenProblem] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const abort = useRef<AbortController | null>(null);
  const urlProblem = serviceUrlProblem(urlDraft);
  const track = useTelemetry();

  const startCheck = (): AbortSignal => {
    abort.current?.abort();
    abort.current = new AbortController();
    setCheck({ state: "checking" });
    return abort.current.signal;
  };

  // A token kept from earlier in this session: check it (and learn who it is) once.
  const verifyStored = useCallback(async () => {
    if (!signedInWith() || identity) return;
    const signal = startCheck();
    const action = track.actionStarted("settings.verify");
    try {
      const me = await fetchIdentity(client, signal);
      action.succeeded();
      setIdentity(me);
      setCheck({ state: "idle" });
    } catch (error) {
      if (isApiError(error) && error.kind === "cancelled") return;
      action.failed(error);
      if (isApiError(error) && error.status === 401) session.signOut();
      setCheck({ state: "failed", title: "Could not check your sign-in", error });
    }
  }, [client, identity, setIdentity, signedInWith, session]);

  useEffect(() => {
    void verifyStored();
    return () => abort.current?.abort();
    // Once, on first show: later checks are the user's (Sign in).
  }, []);

  const signIn = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const value = token.trim();
    setTokenProblem(value ? null : "Enter your personal access token.");
    if (urlProblem || !value) return;
    const url = normaliseServiceUrl(urlDraft);
    const signal = startCheck();
    const action = track.actionStarted("settings.sign_in");
    try {
      // Checked before it is kept: a token the service refuses is never stored.
      const me = await fetchIdentity(clientFor(url, value), signal);
      action.succeeded();
      setServiceUrl(url);
      microsoft?.signOut();
      pat.setToken(value);
      setIdentity(me);
      setToken("");
      setCheck({ state: "idle" });
    } catch (error) {
      if (isApiError(error) && error.kind === "cancelled") return;
      action.failed(error);
      // Here, "sign in again in Settings" would point at the form the user is looking at.
      const message =
        isApiError(error) && error.status === 401
          ? `${(error.detail ?? "The service did not accept this token").replace(/\.?$/, ".")} Check the token and try again.`
          : undefined;
      setCheck({ state: "failed", title: "Sign-in failed", error, ...(message ? { message } : {}) });
    }
  };

  const signInWithMicrosoft = async (): Promise<void> => {
    if (!microsoft || urlProblem) return;
    const url = normaliseServiceUrl(urlDraft);
    abort.current?.abort();
    setCheck({ state: "microsoft" });
    let accessToken: string;
    try {
      accessToken = await microsoft.signIn();
    } catch (error) {
      setCheck({ state: "failed", title: "Microsoft sign-in failed", error });
      return;
    }
    const signal = startCheck();
    try {
      const me = await fetchIdentity(clientFor(url, accessToken), signal);
      setServiceUrl(url);
      pat.signOut();
      setIdentity(me);
      setToken("");
      setCheck({ state: "idle" });
    } catch (error) {
      if (isApiError(error) && error.kind === "cancelled") return;
      // Signed in at Microsoft but refused by the service: nothing is kept that the service refuses.
      microsoft.signOut();
      const message =
        isApiError(error) && error.status === 401
          ? `${(error.detail ?? "The service did not accept your Microsoft sign-in").replace(/\.?$/, ".")} Ask your administrator to set up Microsoft sign-in on the signing service.`
          : undefined;
      setCheck({ state: "failed", title: "Sign-in failed", error, ...(message ? { message } : {}) });
    }
  };

  const signOut = (): void => {
    track.actionStarted("settings.sign_out").succeeded();
    abort.current?.abort();
    session.signOut();
    setIdentity(null);
    setCheck({ state: "idle" });
  };

  const checking = check.state === "checking" || check.state === "microsoft";

  return (
    <div className={styles.root}>
      <section aria-labelledby={headingId} className={styles.form}>
        <Subtitle2 as="h2" id={headingId}>
          Signing service
        </Subtitle2>

        {identity ? (
          <>
            <MessageBar intent="success">
              <MessageBarBody>
                <MessageBarTitle>Signed in</MessageBarTitle>
                to {identity.tenantName}
              </MessageBarBody>
            </MessageBar>
            <IdentityCard identity={identity} serviceUrl={serviceUrl} />
            <div className={styles.actions}>
              <Button icon={<SignOutRegular />} onClick={signOut}>
                Sign out
              </Button>
            </div>
            <Caption1 className={styles.muted}>To use another service, sign out first.</Caption1>
          </>
        ) : (
          <form className={styles.form} onSubmit={(e) => void signIn(e)} noValidate>
            <Field
              label="Service URL"
              required
              hint="The address of your organisation's signing service."
              {...(urlProblem ? { validationMessage: urlProblem, validationState: "error" as const } : {})}
            >
              <Input
                type="url"
                value={urlDraft}
                onChange={(_, data) => setUrlDraft(data.value)}
                onBlur={() => !urlProblem && setServiceUrl(urlDraft)}
                disabled={checking}
              />
            </Field>
            <Field
              label="Personal access token"
              required
              hint="From your administrator (or the development token that npm start prints). Kept for this session only."
              {...(tokenProblem
                ? { validationMessage: tokenProblem, validationState: "error" as const }
                : {})}
            >
              <Input
                type="password"
                value={token}
                autoComplete="off"
                onChange={(_, data) => {
                  setToken(data.value);
                  if (data.value.trim()) setTokenProblem(null);
                }}
                disabled={checking}
              />
            </Field>
            <div className={styles.actions}>
              <Button type="submit" appearance="primary" icon={<KeyRegular />} disabled={checking}>
                Sign in
              </Button>
              {microsoft && (
                <Button
                  type="button"
                  icon={<PersonAccountsRegular />}
                  disabled={checking || Boolean(urlProblem)}
                  onClick={() => void signInWithMicrosoft()}
                >
                  Sign in with Microsoft
                </Button>
              )}
            </div>
            <Body1 className={styles.muted}>
              {microsoft
                ? "Sign in with Microsoft uses your Microsoft 365 work account; no token needed."
                : "Sign-in with a Microsoft 365 account is offered inside Outlook once your administrator has set it up."}
            </Body1>
          </form>
        )}

        {checking && (
          <Spinner
            size="tiny"
            label={check.state === "microsoft" ? "Signing in with Microsoft…" : "Checking your sign-in…"}
            labelPosition="after"
          />
        )}
        {check.state === "failed" && (
          <ApiErrorMessage
            title={check.title}
            error={check.error}
            {...(check.message ? { message: check.message } : {})}
          />
        )}
      </section>
      <TelemetrySwitch />
    </div>
  );
}
