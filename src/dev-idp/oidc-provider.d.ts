/**
 * The few parts of oidc-provider's API the local identity provider uses: the package ships no types
 * and DefinitelyTyped's pull in Koa's; these follow its documentation for version 9.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface OidcClient {
    redirectUris: string[];
    grantTypeAllowed(grant: string): boolean;
  }
  interface OidcToken {
    kind: string;
    accountId?: string;
    scope?: string;
  }
  interface OidcContext {
    type: string;
    body: unknown;
  }
  interface Interaction {
    uid: string;
    prompt: { name: string };
    grantId?: string;
    session?: { accountId: string };
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }
  interface GrantClass {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Configuration {
    clients: Array<Record<string, unknown>>;
    jwks: { keys: Array<Record<string, unknown>> };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    scopes: string[];
    pkce: { required: () => boolean };
    issueRefreshToken: (ctx: OidcContext, client: OidcClient) => boolean;
    features: Record<string, Record<string, unknown>>;
    clientBasedCORS: (ctx: OidcContext, origin: string, client: OidcClient) => boolean;
    findAccount: (ctx: OidcContext, id: string) => Account | undefined;
    extraTokenClaims: (ctx: OidcContext, token: OidcToken) => Record<string, unknown> | undefined;
    ttl: Record<string, number>;
    interactions: { url: (ctx: OidcContext, interaction: Interaction) => string };
    renderError: (ctx: OidcContext, out: Record<string, unknown>) => void;
  }
  class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    Grant: GrantClass;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
  export const errors: {
    InvalidTarget: new () => Error;
    SessionNotFound: new (detail: string) => Error;
  };
  export default Provider;
}
