import { Api, GrammyError } from "grammy";
import { mentionFreePlaces } from "../config/mention-free.js";
import type { AccountConfig } from "../config/schema.js";
import type { Check } from "../core/check-result.js";
import { errorMessage } from "../errors.js";
import { redactSecrets } from "../log/redact.js";
import { diagnoseGroupReactions } from "./diagnose-reactions.js";
import { inlineCheck } from "./inline-check.js";

/**
 * Checks one account against Telegram: the token (getMe), the webhook (must be empty; removed when
 * `fix`), privacy mode versus groups that do not require a mention, inline mode (gateway.json
 * `inline` versus BotFather's setting), and each configured group's reachability (getChat) and
 * whether the bot is an administrator there (reactions need it). Never throws; every failure is a
 * Check with a fix.
 */
export async function diagnoseAccount(options: {
  account: string;
  config: AccountConfig;
  token: string;
  apiRoot: string;
  fix: boolean;
  timeoutMs?: number;
}): Promise<Check[]> {
  const { account, config } = options;
  const subject = `account ${account}`;
  const api = new Api(options.token, {
    apiRoot: options.apiRoot,
    timeoutSeconds: Math.ceil((options.timeoutMs ?? 10_000) / 1000),
  });
  const checks: Check[] = [];
  let me;
  try {
    me = await api.getMe();
    checks.push({ subject, check: "token", status: "ok", detail: `@${me.username} (id ${me.id})` });
  } catch (error) {
    const unauthorized = error instanceof GrammyError && error.error_code === 401;
    checks.push({
      subject,
      check: "token",
      status: "fail",
      detail: unauthorized
        ? "401 Unauthorized: the token is wrong or was revoked"
        : redactSecrets(errorMessage(error)),
      fix: unauthorized
        ? `get the token from BotFather (/token) and put it in the botTokenFile of account ${account}`
        : "check that the host reaches the Telegram API (TELEGRAM_API_ROOT, proxy, DNS)",
    });
    return checks;
  }

  try {
    const info = await api.getWebhookInfo();
    if ((info.url ?? "") === "") {
      checks.push({ subject, check: "webhook", status: "ok", detail: "no webhook (long polling)" });
    } else if (options.fix) {
      await api.deleteWebhook({ drop_pending_updates: false });
      const after = await api.getWebhookInfo();
      const removed = (after.url ?? "") === "";
      checks.push({
        subject,
        check: "webhook",
        status: removed ? "ok" : "fail",
        detail: removed
          ? "a webhook was set; removed (pending updates kept)"
          : "a webhook is set and could not be removed",
        ...(removed ? {} : { fix: "call deleteWebhook for this bot" }),
      });
    } else {
      checks.push({
        subject,
        check: "webhook",
        status: "fail",
        detail: `a webhook is set (${info.pending_update_count} pending updates): long polling gets 409 until it is removed`,
        fix: "run `wiki-gateway doctor --fix` (or just start the gateway: it removes the webhook)",
      });
    }
  } catch (error) {
    checks.push({ subject, check: "webhook", status: "fail", detail: redactSecrets(errorMessage(error)) });
  }

  const privacy = !me.can_read_all_group_messages;
  const noMention = mentionFreePlaces(config.groups);
  if (privacy && noMention.length > 0) {
    checks.push({
      subject,
      check: "privacy mode",
      status: "warn",
      detail: `privacy mode is on, but ${noMention.join(", ")} set requireMention: false; the bot only sees commands, mentions and replies there`,
      fix: `in BotFather: /setprivacy → @${me.username} → Disable, then remove and re-add the bot to those groups`,
    });
  } else {
    checks.push({ subject, check: "privacy mode", status: "ok", detail: privacy ? "on" : "off" });
  }
  checks.push(inlineCheck(account, config, me));

  for (const id of Object.keys(config.groups)) {
    if (id === "*") continue;
    try {
      const chat = await api.getChat(Number(id));
      const title = "title" in chat ? chat.title : "";
      const topics = Object.keys(config.groups[id]?.topics ?? {});
      const forum = "is_forum" in chat && chat.is_forum === true;
      if (topics.length > 0 && !forum) {
        checks.push({
          subject,
          check: `group ${id}`,
          status: "warn",
          detail: `${chat.type} "${title}" is not a forum, so its topics (${topics.join(", ")}) never apply`,
          fix: `turn on Topics in the group's settings, or remove topics from groups["${id}"]`,
        });
      } else
        checks.push({
          subject,
          check: `group ${id}`,
          status: "ok",
          detail: `${chat.type} "${title}"${forum ? " (forum)" : ""}`,
        });
      checks.push(await diagnoseGroupReactions(api, me, subject, Number(id)));
    } catch (error) {
      const migrated = error instanceof GrammyError ? error.parameters?.migrate_to_chat_id : undefined;
      checks.push({
        subject,
        check: `group ${id}`,
        status: "fail",
        detail: redactSecrets(errorMessage(error)),
        fix:
          migrated !== undefined
            ? `the group was upgraded to a supergroup: replace ${id} with ${migrated} in groups`
            : "add the bot to the group, or remove the id from groups (ask /whoami in the group for its id)",
      });
    }
  }
  return checks;
}
