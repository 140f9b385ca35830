/**
 * What a 403 from Telegram means, in words for the log: Telegram's description names what
 * happened (blocked by the user, kicked from a group, not a member, deactivated account).
 */
export function describeForbidden(description: string): string {
  if (/blocked by the user/i.test(description)) return "the user blocked the bot";
  if (/kicked from the (super)?group/i.test(description)) return "the bot was removed from the group";
  if (/kicked from the channel/i.test(description)) return "the bot was removed from the channel";
  if (/not a member/i.test(description)) return "the bot is not a member of the group";
  if (/user is deactivated/i.test(description)) return "the user deleted their account";
  if (/can't initiate conversation/i.test(description)) return "the user never wrote to the bot";
  return "Telegram refused to deliver it (403)";
}
