import type { ErrorCatalogue } from "../errors.js";

/** The codes the composition root logs: group upgrades and warnings about the setup (docs/errors.md). */
export const APP_CODES = {
  "group-upgraded": {
    meaning:
      "a group was upgraded to a supergroup: its new id is treated as the old entry until gateway.json names it",
    remedy: "rename the group's key in gateway.json to the new id (the log names both)",
  },
  "upgrades-file-corrupt": {
    meaning: "the group upgrades file could not be read; it starts empty",
    remedy: "nothing to change: upgrades seen from now on are kept; check gateway.json names the new ids",
  },
  "upgrades-store-read": {
    meaning: "the group upgrades could not be read at start; the gateway starts without them",
    remedy: "check that the store is readable; upgrades seen from now on are kept",
  },
  "upgrades-store-write": {
    meaning: "a group upgrade could not be kept: after a restart the new id is not known to be the old group",
    remedy: "rename the group in gateway.json now",
  },
  "upgrades-store-invalid": {
    meaning: "some group upgrades kept in Redis are unreadable and are ignored",
    remedy: "check the fields of the chat-upgrades hash and HDEL those",
  },
  "conversations-file-corrupt": {
    meaning: "the conversations file could not be read; it was kept aside and conversations start empty",
    remedy:
      "nothing to change: the next messages start new conversations (replies to earlier answers stand alone)",
  },
  "privacy-mode-blocks-require-mention": {
    meaning:
      "requireMention is false in a group, but the bot's privacy mode is on: it sees only commands, mentions and replies there",
    remedy:
      "turn privacy mode off (BotFather: /setprivacy → Disable, then remove and re-add the bot to each group), or set requireMention: true there",
  },
  "stop-step-overran": {
    meaning: "a part of the stop (named in `step`) did not end within its bound; the stop went on without it",
    remedy:
      "nothing to change when what the step waits for was down or hanging (unfinished updates are replayed at the next start); if it recurs, check that part",
  },
} as const satisfies ErrorCatalogue;

export type AppCode = keyof typeof APP_CODES;
