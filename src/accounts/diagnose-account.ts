import { Api, GrammyError } from "grammy";
import type { UserFromGetMe } from "grammy/types";
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
  const token = await tokenCheck(api, subject, account);
  if (!("me" in token)) return [token.check];
  const { me } = token;
  const checks: Check[] = [token.check, await webhookCheck(api, subject, options.fix)];
  checks.push(privacyCheck(subject, config, me), inlineCheck(account, config, me));
  for (const id of Object.keys(config.groups)) {
    if (id !== "*") checks.push(...(await groupChecks(api, me, subject, config, id)));
  }
  return checks;
}

/** getMe: the token works (and who the bot is), or why not. */
async function tokenCheck(
  api: Api,
  subject: string,
  account: string,
): Promise<{ check: Check; me: UserFromGetMe } | { check: Check }> {
  try {
    const me = await api.getMe();
    return { check: { subject, check: "token", status: "ok", detail: `@${me.username} (id ${me.id})` }, me };
  } catch (error) {
    const unauthorized = error instanceof GrammyError && error.error_code === 401;
    return {
      check: {
        subject,
        check: "token",
        status: "fail",
        detail: unauthorized
          ? "401 Unauthorized: the token is wrong or was revoked"
          : redactSecrets(errorMessage(error)),
        fix: unauthorized
          ? `get the token from BotFather (/token) and put it in the botTokenFile of account ${account}`
          : "check that the host reaches the Telegram API (TELEGRAM_API_ROOT, proxy, DNS)",
      },
    };
  }
}

/** No webhook may be set (long polling gets 409 while one is); with `fix` it is removed. */
async function webhookCheck(api: Api, subject: string, fix: boolean): Promise<Check> {
  try {
    const info = await api.getWebhookInfo();
    if ((info.url ?? "") === "")
      return { subject, check: "webhook", status: "ok", detail: "no webhook (long polling)" };
    if (!fix) {
      return {
        subject,
        check: "webhook",
        status: "fail",
        detail: `a webhook is set (${info.pending_update_count} pending updates): long polling gets 409 until it is removed`,
        fix: "run `wiki-gateway doctor --fix` (or just start the gateway: it removes the webhook)",
      };
    }
    await api.deleteWebhook({ drop_pending_updates: false });
    const after = await api.getWebhookInfo();
    const removed = (after.url ?? "") === "";
    return {
      subject,
      check: "webhook",
      status: removed ? "ok" : "fail",
      detail: removed
        ? "a webhook was set; removed (pending updates kept)"
        : "a webhook is set and could not be removed",
      ...(removed ? {} : { fix: "call deleteWebhook for this bot" }),
    };
  } catch (error) {
    return { subject, check: "webhook", status: "fail", detail: redactSecrets(errorMessage(error)) };
  }
}

/** Privacy mode on while a group does not require a mention: the bot would not see the questions. */
function privacyCheck(subject: string, config: AccountConfig, me: UserFromGetMe): Check {
  const privacy = !me.can_read_all_group_messages;
  const noMention = mentionFreePlaces(config.groups);
  if (privacy && noMention.length > 0) {
    return {
      subject,
      check: "privacy mode",
      status: "warn",
      detail: `privacy mode is on, but ${noMention.join(", ")} set requireMention: false; the bot only sees commands, mentions and replies there`,
      fix: `in BotFather: /setprivacy → @${me.username} → Disable, then remove and re-add the bot to those groups`,
    };
  }
  return { subject, check: "privacy mode", status: "ok", detail: privacy ? "on" : "off" };
}

/** One configured group: reachable (getChat), a forum when it has topics, and the bot's reactions there. */
async function groupChecks(
  api: Api,
  me: UserFromGetMe,
  subject: string,
  config: AccountConfig,
  id: string,
): Promise<Check[]> {
  try {
    const chat = await api.getChat(Number(id));
    const title = "title" in chat ? chat.title : "";
    const topics = Object.keys(config.groups[id]?.topics ?? {});
    const forum = "is_forum" in chat && chat.is_forum === true;
    const reachable: Check =
      topics.length > 0 && !forum
        ? {
            subject,
            check: `group ${id}`,
            status: "warn",
            detail: `${chat.type} "${title}" is not a forum, so its topics (${topics.join(", ")}) never apply`,
            fix: `turn on Topics in the group's settings, or remove topics from groups["${id}"]`,
          }
        : {
            subject,
            check: `group ${id}`,
            status: "ok",
            detail: `${chat.type} "${title}"${forum ? " (forum)" : ""}`,
          };
    return [reachable, await diagnoseGroupReactions(api, me, subject, Number(id))];
  } catch (error) {
    const migrated = error instanceof GrammyError ? error.parameters?.migrate_to_chat_id : undefined;
    return [
      {
        subject,
        check: `group ${id}`,
        status: "fail",
        detail: redactSecrets(errorMessage(error)),
        fix:
          migrated !== undefined
            ? `the group was upgraded to a supergroup: replace ${id} with ${migrated} in groups`
            : "add the bot to the group, or remove the id from groups (ask /whoami in the group for its id)",
      },
    ];
  }
}
