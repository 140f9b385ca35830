import type { UserFromGetMe } from "grammy/types";
import type { Check } from "../core/check-result.js";

/**
 * Whether inline mode can work for an account: gateway.json's `inline` (default true) against the
 * bot's BotFather setting (getMe `supports_inline_queries`). A warning, with the BotFather steps,
 * when the gateway would answer inline queries but Telegram never sends them. Pure.
 */
export function inlineCheck(account: string, config: { inline?: boolean }, me: UserFromGetMe): Check {
  const subject = `account ${account}`;
  const wanted = config.inline !== false;
  const supported = me.supports_inline_queries === true;
  if (wanted && !supported) {
    return {
      subject,
      check: "inline mode",
      status: "warn",
      detail: `inline mode is off for @${me.username} in BotFather: typing @${me.username} in a chat shows nothing`,
      fix: `in BotFather: /setinline → @${me.username} → a placeholder such as "Search the wiki…" (and /setinlinefeedback → Enabled to count picked results); or set inline: false on account ${account}`,
    };
  }
  const detail = wanted
    ? `on (@${me.username} answers inline queries)`
    : supported
      ? `off in gateway.json (inline: false), though BotFather has it on: inline queries get no results`
      : "off (inline: false, and off in BotFather)";
  return { subject, check: "inline mode", status: "ok", detail };
}
