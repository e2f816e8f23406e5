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
import { KeyRegular, SignOutRegular } from "@fluentui/react-icons";
import type { MeApiResponse } from "../../api/client";
import { ApiError, isApiError } from "../../api/errors";
import type { HttpClient } from "../../api/http";
import { ApiErrorMessage } from "../components/ApiErrorMessage";
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

/** Reads GET /api/v1/me; an answer of another shape is reported as not the signing service. */
export async function fetchIdentity(client: HttpClient, signal?: AbortSignal): Promise<Identity> {
  const response = await client.send<unknown>("GET", "/api/v1/me", signal ? { signal } : {});
  // Read field by field: another server at this URL may answer anything.
  const me = response.data as Partial<Record<keyof MeApiResponse, unknown>> | null;
  const text = (v: unknown): string => (typeof v === "string" ? v : "");
  if (!me || typeof me !== "object" || (!text(me.tenantId) && !text(me.tenantName))) {
    throw new ApiError({
      kind: "invalid_response",
      status: response.status,
      code: "invalid_response",
      message: `The service at ${client.baseUrl} did not say who you are. Check that the service URL points at the signing service.`,
      method: "GET",
      url: `${client.baseUrl}/api/v1/me`,
    });
  }
  return {
    tenantId: text(me.tenantId),
    tenantName: text(me.tenantName) || text(me.tenantId),
    credentialKind: text(me.credentialKind),
    scopes: Array.isArray(me.scopes) ? me.scopes.filter((s): s is string => typeof s === "string") : [],
    subject: text(me.subject),
  };
}

type Check =
  | { state: "idle" }
  | { state: "checking" }
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
  const { serviceUrl, setServiceUrl, tokens: tokenSource, identity, setIdentity } = session;
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
    if (!tokenSource.hasToken() || identity) return;
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
      if (isApiError(error) && error.status === 401) tokenSource.signOut();
      setCheck({ state: "failed", title: "Could not check your sign-in", error });
    }
  }, [client, identity, setIdentity, tokenSource]);

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
      tokenSource.setToken(value);
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

  const signOut = (): void => {
    track.actionStarted("settings.sign_out").succeeded();
    abort.current?.abort();
    tokenSource.signOut();
    setIdentity(null);
    setCheck({ state: "idle" });
  };

  const checking = check.state === "checking";

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
            </div>
            <Body1 className={styles.muted}>
              Sign-in with your Microsoft 365 account is coming; until then, use a personal access token.
            </Body1>
          </form>
        )}

        {checking && <Spinner size="tiny" label="Checking your sign-in…" labelPosition="after" />}
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
