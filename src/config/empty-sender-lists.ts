import { type ConfigProblem, formatPath } from "./config-error.js";
import type { AccountConfig } from "./schema.js";
import { WILDCARD } from "./ids.js";

/**
 * Warnings for group sender lists written as `[]`. An empty list is a list (access-policy.md: the
 * first list defined applies), so it admits nobody, not "no list": every member is denied with
 * `group-sender-not-allowed` while the file looks harmless. Each warning says what removing the
 * key falls back to. Nothing is said when `groupPolicy` is `"disabled"` (no group is answered
 * anyway), nor for an account-wide `groupAllowFrom: []` that no group ever consults.
 */
export function emptySenderListWarnings(name: string, account: AccountConfig): ConfigProblem[] {
  if (account.groupPolicy === "disabled") return [];
  const at = (...rest: PropertyKey[]) => formatPath(["accounts", name, ...rest]);
  const ids = 'list the user ids allowed to ask (or "*" for every member)';
  const warnings: ConfigProblem[] = [];
  const accountList = account.groupAllowFrom;
  const groups = Object.entries(account.groups);
  const accountListUsed = account.groupPolicy === "open" || groups.some(([, group]) => !group.allowFrom);
  if (accountList?.length === 0 && accountListUsed) {
    warnings.push({
      path: at("groupAllowFrom"),
      message: "is empty, so no member is answered in any group without an allowFrom of its own",
      fix: `${ids}, or remove groupAllowFrom: then every member of a group listed by its id is answered (a group admitted through "*" or groupPolicy "open" still needs a list)`,
    });
  }
  for (const [key, group] of groups) {
    if (group.allowFrom?.length === 0) {
      const star = key === WILDCARD;
      // Without the key: the account's list, else every member of a group listed by its id.
      const removed = accountList
        ? ", or remove allowFrom here: then the account's groupAllowFrom applies"
        : star
          ? ""
          : ", or remove allowFrom here: then every member of this group is answered";
      warnings.push({
        path: at("groups", key, "allowFrom"),
        message: `is empty, so no member is answered in ${star ? "the groups this entry admits" : "this group"}`,
        fix: `${ids}${removed}`,
      });
    }
    for (const [thread, topic] of Object.entries(group.topics ?? {})) {
      if (topic.allowFrom?.length !== 0) continue;
      warnings.push({
        path: at("groups", key, "topics", thread, "allowFrom"),
        message: "is empty, so no member is answered in this forum topic",
        fix: `${ids}, or remove allowFrom here to fall back to the group's sender rules`,
      });
    }
  }
  return warnings;
}
