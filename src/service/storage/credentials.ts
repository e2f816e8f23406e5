import type { SqlExecutor } from "./driver";

export interface TenantRecord {
  id: string;
  name: string;
  createdOn: string;
  /** Set while an administrator has disabled the tenant: none of its credentials are accepted. */
  disabledOn: string | null;
}

export interface PersonalAccessTokenRecord {
  id: string;
  tenantId: string;
  tenantName: string;
  label: string;
  tokenPrefix: string;
  scopes: string[];
  createdOn: string;
  revokedOn: string | null;
  tenantDisabledOn: string | null;
}

export interface OAuthClientRecord {
  id: string;
  tenantId: string;
  tenantName: string;
  label: string;
  secretHash: string;
  scopes: string[];
  createdOn: string;
  revokedOn: string | null;
}

export interface AccessTokenRecord {
  clientId: string;
  /** The client's label (the audit trail names the client by it). */
  clientLabel: string;
  tenantId: string;
  tenantName: string;
  tenantDisabledOn: string | null;
  scopes: string[];
  expiresOn: string;
}

interface TenantRow {
  id: string;
  name: string;
  created_on: string;
  disabled_on: string | null;
}

interface PatRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  label: string;
  token_prefix: string;
  scopes: string;
  created_on: string;
  revoked_on: string | null;
  tenant_disabled_on: string | null;
}

interface ClientRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  label: string;
  secret_hash: string;
  scopes: string;
  created_on: string;
  revoked_on: string | null;
}

const splitScopes = (scopes: string): string[] => (scopes ? scopes.split(" ") : []);

const tenantOf = (row: TenantRow): TenantRecord => ({
  id: row.id,
  name: row.name,
  createdOn: row.created_on,
  disabledOn: row.disabled_on,
});

const patOf = (row: PatRow): PersonalAccessTokenRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  tenantName: row.tenant_name,
  label: row.label,
  tokenPrefix: row.token_prefix,
  scopes: splitScopes(row.scopes),
  createdOn: row.created_on,
  revokedOn: row.revoked_on,
  tenantDisabledOn: row.tenant_disabled_on,
});

const clientOf = (row: ClientRow): OAuthClientRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  tenantName: row.tenant_name,
  label: row.label,
  secretHash: row.secret_hash,
  scopes: splitScopes(row.scopes),
  createdOn: row.created_on,
  revokedOn: row.revoked_on,
});

const PAT_COLUMNS = `p.id, p.tenant_id, t.name AS tenant_name, p.label, p.token_prefix, p.scopes, p.created_on, p.revoked_on, t.disabled_on AS tenant_disabled_on`;

/** Tenants, personal access tokens, OAuth clients and the access tokens issued to them. */
export class CredentialStore {
  constructor(private readonly db: SqlExecutor) {}

  async findTenantByName(name: string): Promise<TenantRecord | undefined> {
    const row = await this.db.get<TenantRow>(
      "SELECT id, name, created_on, disabled_on FROM tenants WHERE name = ?",
      [name],
    );
    return row && tenantOf(row);
  }

  /** Answers the tenant of that name, creating it when new; safe when two callers race. */
  async ensureTenant(name: string, id: string, now: string): Promise<TenantRecord> {
    await this.db.run(
      "INSERT INTO tenants (id, name, created_on) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
      [id, name, now],
    );
    const tenant = await this.findTenantByName(name);
    if (!tenant) throw new Error(`tenant ${name} vanished while being created`);
    return tenant;
  }

  /** Disables (a time) or enables (null) a tenant; answers false when there is no such tenant. */
  async setTenantDisabled(name: string, disabledOn: string | null): Promise<boolean> {
    const changed = await this.db.run("UPDATE tenants SET disabled_on = ? WHERE name = ?", [
      disabledOn,
      name,
    ]);
    return changed > 0;
  }

  async insertPersonalAccessToken(pat: {
    id: string;
    tenantId: string;
    label: string;
    tokenHash: string;
    tokenPrefix: string;
    scopes: string[];
    createdOn: string;
  }): Promise<void> {
    await this.db.run(
      `INSERT INTO personal_access_tokens (id, tenant_id, label, token_hash, token_prefix, scopes, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [pat.id, pat.tenantId, pat.label, pat.tokenHash, pat.tokenPrefix, pat.scopes.join(" "), pat.createdOn],
    );
  }

  async findActivePersonalAccessToken(tokenHash: string): Promise<PersonalAccessTokenRecord | undefined> {
    const row = await this.db.get<PatRow>(
      `SELECT ${PAT_COLUMNS} FROM personal_access_tokens p JOIN tenants t ON t.id = p.tenant_id
       WHERE p.token_hash = ? AND p.revoked_on IS NULL`,
      [tokenHash],
    );
    return row && patOf(row);
  }

  async listPersonalAccessTokens(tenantId: string | null): Promise<PersonalAccessTokenRecord[]> {
    const where = tenantId === null ? "" : "WHERE p.tenant_id = ?";
    const rows = await this.db.all<PatRow>(
      `SELECT ${PAT_COLUMNS} FROM personal_access_tokens p JOIN tenants t ON t.id = p.tenant_id
       ${where} ORDER BY t.name, p.created_on, p.id`,
      tenantId === null ? [] : [tenantId],
    );
    return rows.map(patOf);
  }

  /** Answers false when no such token exists or it was already revoked. */
  async revokePersonalAccessToken(id: string, now: string): Promise<boolean> {
    const changed = await this.db.run(
      "UPDATE personal_access_tokens SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL",
      [now, id],
    );
    return changed > 0;
  }

  async revokePersonalAccessTokensByLabel(tenantId: string, label: string, now: string): Promise<number> {
    return this.db.run(
      "UPDATE personal_access_tokens SET revoked_on = ? WHERE tenant_id = ? AND label = ? AND revoked_on IS NULL",
      [now, tenantId, label],
    );
  }

  async insertOAuthClient(client: {
    id: string;
    tenantId: string;
    label: string;
    secretHash: string;
    scopes: string[];
    createdOn: string;
  }): Promise<void> {
    await this.db.run(
      `INSERT INTO oauth_clients (id, tenant_id, label, secret_hash, scopes, created_on) VALUES (?, ?, ?, ?, ?, ?)`,
      [
        client.id,
        client.tenantId,
        client.label,
        client.secretHash,
        client.scopes.join(" "),
        client.createdOn,
      ],
    );
  }

  async findActiveOAuthClient(id: string): Promise<OAuthClientRecord | undefined> {
    const row = await this.db.get<ClientRow>(
      `SELECT c.id, c.tenant_id, t.name AS tenant_name, c.label, c.secret_hash, c.scopes, c.created_on, c.revoked_on
       FROM oauth_clients c JOIN tenants t ON t.id = c.tenant_id WHERE c.id = ? AND c.revoked_on IS NULL`,
      [id],
    );
    return row && clientOf(row);
  }

  async revokeOAuthClient(id: string, now: string): Promise<boolean> {
    const changed = await this.db.run(
      "UPDATE oauth_clients SET revoked_on = ? WHERE id = ? AND revoked_on IS NULL",
      [now, id],
    );
    return changed > 0;
  }

  async insertAccessToken(token: {
    tokenHash: string;
    clientId: string;
    tenantId: string;
    scopes: string[];
    createdOn: string;
    expiresOn: string;
  }): Promise<void> {
    await this.db.run(
      `INSERT INTO access_tokens (token_hash, client_id, tenant_id, scopes, created_on, expires_on) VALUES (?, ?, ?, ?, ?, ?)`,
      [
        token.tokenHash,
        token.clientId,
        token.tenantId,
        token.scopes.join(" "),
        token.createdOn,
        token.expiresOn,
      ],
    );
  }

  /** An access token counts only while unexpired and while its client is not revoked. */
  async findActiveAccessToken(tokenHash: string, now: string): Promise<AccessTokenRecord | undefined> {
    const row = await this.db.get<{
      client_id: string;
      client_label: string;
      tenant_id: string;
      tenant_name: string;
      tenant_disabled_on: string | null;
      scopes: string;
      expires_on: string;
    }>(
      `SELECT a.client_id, c.label AS client_label, a.tenant_id, t.name AS tenant_name,
              t.disabled_on AS tenant_disabled_on, a.scopes, a.expires_on
       FROM access_tokens a JOIN oauth_clients c ON c.id = a.client_id JOIN tenants t ON t.id = a.tenant_id
       WHERE a.token_hash = ? AND a.expires_on > ? AND c.revoked_on IS NULL`,
      [tokenHash, now],
    );
    return (
      row && {
        clientId: row.client_id,
        clientLabel: row.client_label,
        tenantId: row.tenant_id,
        tenantName: row.tenant_name,
        tenantDisabledOn: row.tenant_disabled_on,
        scopes: splitScopes(row.scopes),
        expiresOn: row.expires_on,
      }
    );
  }

  async deleteExpiredAccessTokens(now: string): Promise<number> {
    return this.db.run("DELETE FROM access_tokens WHERE expires_on <= ?", [now]);
  }
}
