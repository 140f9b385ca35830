import { answerCallbackQuery } from "./callback-queries.js";
import { sendMessageDraft } from "./drafts.js";
import { getFile } from "./methods-files.js";
import { answerInlineQuery } from "./inline-queries.js";
import type { Method } from "./method-types.js";
import * as messages from "./methods-messages.js";
import * as misc from "./methods-misc.js";
import * as updates from "./methods-updates.js";
import * as rich from "./methods-rich.js";
import { setMessageReaction } from "./reactions.js";

/** The Bot API methods the sandbox implements, by lower-case name (Telegram matches names case-insensitively). */
const METHODS: Record<string, Method> = {
  getupdates: updates.getUpdates,
  setwebhook: updates.setWebhook,
  deletewebhook: updates.deleteWebhook,
  getwebhookinfo: updates.getWebhookInfo,
  sendmessage: messages.sendMessage,
  editmessagetext: messages.editMessageText,
  sendrichmessage: rich.sendRichMessage,
  sendrichmessagedraft: rich.sendRichMessageDraft,
  sendmessagedraft: sendMessageDraft,
  deletemessage: messages.deleteMessage,
  sendchataction: messages.sendChatAction,
  getme: misc.getMe,
  getchat: misc.getChat,
  getchatmember: misc.getChatMember,
  setmycommands: misc.setMyCommands,
  getmycommands: misc.getMyCommands,
  deletemycommands: misc.deleteMyCommands,
  answercallbackquery: answerCallbackQuery,
  setmessagereaction: setMessageReaction,
  answerinlinequery: answerInlineQuery,
  getfile: getFile,
  close: misc.harmless,
  logout: misc.harmless,
};

export const findMethod = (name: string): Method | undefined => METHODS[name.toLowerCase()];
