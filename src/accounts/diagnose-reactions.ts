import type { Api } from "grammy";
import type { Check } from "../core/check-result.js";
import { errorMessage } from "../errors.js";
import { redactSecrets } from "../log/redact.js";

const ADMIN: ReadonlySet<string> = new Set(["administrator", "creator"]);

/**
 * Whether users' reactions reach the bot in a group: Telegram sends `message_reaction` from a group
 * only to bots that are its administrators. A bot that is a plain member is told so (a warning:
 * answers work, votes from that group are not counted). Never throws.
 */
export async function diagnoseGroupReactions(
  api: Pick<Api, "getChatMember">,
  me: { id: number; username: string },
  subject: string,
  groupId: number,
): Promise<Check> {
  const check = `reactions in group ${groupId}`;
  try {
    const member = await api.getChatMember(groupId, me.id);
    if (ADMIN.has(member.status))
      return {
        subject,
        check,
        status: "ok",
        detail: `@${me.username} is an administrator: reactions arrive`,
      };
    return {
      subject,
      check,
      status: "warn",
      detail: `@${me.username} is not an administrator (${member.status}): Telegram sends it no reactions there, so votes on answers are not counted`,
      fix: `make @${me.username} an administrator of group ${groupId} (no rights are needed), or accept that reactions there are not counted`,
    };
  } catch (error) {
    return {
      subject,
      check,
      status: "warn",
      detail: `the bot's status could not be read: ${redactSecrets(errorMessage(error))}`,
      fix: `make sure @${me.username} is in group ${groupId} and an administrator of it`,
    };
  }
}
