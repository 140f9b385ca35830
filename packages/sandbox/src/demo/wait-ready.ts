/**
 * Waits until the daemon's `/readyz` answers 200 (accounts polling, wiki reachable, search index
 * built), so the first question typed on the chat page gets a real answer. Resolves true when
 * ready, false when `stopped` settles first or `timeoutMs` passes; never rejects.
 */
export async function waitReady(
  httpUrl: string,
  stopped: Promise<unknown>,
  timeoutMs = 60_000,
): Promise<boolean> {
  let over = false;
  void stopped.then(() => (over = true));
  const deadline = Date.now() + timeoutMs;
  while (!over && Date.now() < deadline) {
    const ok = await fetch(`${httpUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}
