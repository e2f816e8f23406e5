/**
 * Polls a request until it answers `status` or `deadlineMs` passes, and answers the last response: a
 * verified credential is trusted for a few seconds (domain/credential-cache.ts), so a revocation takes
 * effect within that time rather than at once.
 */
export async function answeredWithin(
  request: () => Promise<Response>,
  status: number,
  deadlineMs: number,
): Promise<Response> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const response = await request();
    if (response.status === status || Date.now() > deadline) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
