/** Whether every account of the daemon at `url` polls (its /status). */
export async function accountsPolling(url: string): Promise<boolean> {
  const body = (await (await fetch(`${url}/status`)).json()) as { accounts: Array<{ status: string }> };
  return body.accounts.every((a) => a.status === "polling");
}
