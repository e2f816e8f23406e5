// The access code a slot may require (POST /sign/{token}/access-code): checked against its hash under
// a budget of wrong tries, answered with a short-lived grant.
import { ApiError, validationFailed } from "../../errors";
import { appendAudit } from "../audit";
import { rateLimitedError } from "../rate-limits";
import { GRANT_TTL_MS } from "../signing-links";
import { secretMatches } from "../tokens";
import { SIGNING_LIMITS } from "./limits";
import { auditContextOf, type SigningContext, visit } from "./visit";

/** Budget of wrong codes, keyed by the slot and the person (every link of theirs shares it). */
const ACCESS_CODE_BUDGET = { name: "access-code", max: SIGNING_LIMITS.accessCodeFailures };

export async function verifyAccessCode(
  ctx: SigningContext,
  token: string,
  accessCode: unknown,
  ip: string | null,
  now = new Date(),
): Promise<{ grant: string; expiresOn: string }> {
  const v = await visit(ctx.storage, ctx.links, token, undefined, now);
  if (!v.signer || v.signer.authMethod !== "AccessCode" || v.signer.accessCodeHash === null) {
    throw new ApiError(400, "invalid_state", "This link needs no access code.");
  }
  if (v.state !== "AccessCodeRequired") {
    throw new ApiError(400, "invalid_state", `This link is ${v.state}: no access code can open it now.`);
  }
  const key = `${v.signer.id}\n${v.link.emailLower}`;
  const spent = await ctx.limiter.recent(ACCESS_CODE_BUDGET, key, SIGNING_LIMITS.accessCodeWindowMs);
  if (spent.count >= SIGNING_LIMITS.accessCodeFailures) {
    throw rateLimitedError(
      `${SIGNING_LIMITS.accessCodeFailures} wrong access codes in ${SIGNING_LIMITS.accessCodeWindowMs / 60_000} minutes.`,
      spent.retryAfterSeconds,
    );
  }
  if (typeof accessCode !== "string" || accessCode.trim() === "") {
    throw validationFailed([{ field: "accessCode", message: "accessCode is required." }]);
  }
  if (accessCode.length > 50 || !secretMatches(accessCode.trim(), v.signer.accessCodeHash)) {
    await ctx.limiter.take(ACCESS_CODE_BUDGET, key);
    throw new ApiError(400, "invalid_access_code", "That access code is not right. Ask the sender for it.", [
      { field: "accessCode", message: "That access code is not right." },
    ]);
  }
  const expires = now.getTime() + GRANT_TTL_MS;
  await ctx.storage.transaction(async (s) => {
    await appendAudit(
      s,
      v.pkg,
      auditContextOf(v, ip),
      "AccessCodeVerified",
      { signerId: v.signer!.id },
      now.toISOString(),
    );
  });
  return { grant: ctx.links.grantFor(v.link.id, expires), expiresOn: new Date(expires).toISOString() };
}
