import type { AppCode } from "./app-codes.js";
import type { AccountState } from "../accounts/account-state.js";
import { mentionFreePlaces } from "../config/mention-free.js";
import type { Logger } from "../log/logger.js";
import type { ConfigInForce } from "./apply-config.js";

/**
 * Warns once per account (per process) when its bot, known from getMe, has privacy mode on while
 * a group or topic entry sets `requireMention: false`: Telegram then delivers only commands, mentions and
 * replies, so the setting cannot take effect. Fed every account state change.
 */
export function createPrivacyWarning(config: ConfigInForce, logger: Logger): (state: AccountState) => void {
  const warned = new Set<string>();
  const log = logger.child({ component: "groups" });
  return (state) => {
    if (warned.has(state.account) || !state.bot) return;
    const account = config.runtime?.config.accounts[state.account];
    if (!account) return;
    warned.add(state.account);
    if (state.bot.canReadAllGroupMessages) return;
    const groups = mentionFreePlaces(account.groups);
    if (groups.length === 0) return;
    log.warn(
      {
        code: "privacy-mode-blocks-require-mention" satisfies AppCode,
        account: state.account,
        groups,
        remedy: `turn privacy mode off for @${state.bot.username} (BotFather: /setprivacy → Disable, then remove and re-add the bot to each group), or set requireMention: true for ${groups.join(", ")}`,
      },
      `account ${state.account}: requireMention is false for ${groups.join(", ")}, but privacy mode is on, so the bot sees only commands, mentions and replies there`,
    );
  };
}
