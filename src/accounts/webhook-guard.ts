import type { Api } from "grammy";
import type { ApiSignal } from "./api-signal.js";
import type { Logger } from "../log/logger.js";
import { AccountError } from "./account-error.js";

/**
 * Makes sure no webhook is set, so long polling can work. A webhook found set is removed without
 * dropping pending updates (they are answered after), and the removal is verified.
 * Returns true when a webhook was removed.
 */
export async function ensureNoWebhook(api: Api, log: Logger, signal?: ApiSignal): Promise<boolean> {
  const info = await api.getWebhookInfo(signal);
  const url = info.url ?? "";
  if (url === "") return false;
  log.warn(
    { webhookHost: safeHost(url), pending: info.pending_update_count },
    "a webhook is set on this bot; removing it and returning to long polling. Webhooks are not used: " +
      "they were unstable, reset on restart, and a mismatched secret_token produced 401 Unauthorized and lost messages",
  );
  await api.deleteWebhook({ drop_pending_updates: false }, signal);
  const after = await api.getWebhookInfo(signal);
  if ((after.url ?? "") !== "") {
    throw new AccountError(
      "webhook-not-removed",
      "the webhook is still set after deleteWebhook",
      "remove it with the Bot API method deleteWebhook, or run `wiki-gateway doctor --fix`",
    );
  }
  log.info("webhook removed; pending updates kept");
  return true;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(unparsable URL)";
  }
}
