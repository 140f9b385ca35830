/**
 * The Telegram sandbox: a faithful local Bot API server (node:http) for tests, the demo and the
 * benchmarks. Modelled facts: ../shared/docs/telegram-facts.md; notes on choices: README.md here.
 */
export { createTelegramSandbox, type TelegramSandboxOptions } from "./sandbox.js";
export type {
  ApiErrorSpec,
  CallRecord,
  DeletedMessage,
  ChooseInlineInput,
  FloodLimits,
  InlineAnswerRecord,
  InlineQueryInput,
  InlineResultRecord,
  SandboxBot,
  SandboxChat,
  SandboxFaults,
  SandboxState,
  SandboxUser,
  SentFilter,
  SentMessage,
  TelegramSandbox,
  UserEditsInput,
  UserSaysInput,
  UserSaysResult,
} from "./types.js";
export type { DraftRecord, LiveDraft } from "./draft-board.js";
export { SandboxError } from "./errors.js";
export { TELEGRAM_FLOOD_LIMITS } from "./flood.js";
export {
  applyWorld,
  readWorldFile,
  REFERENCE_ACCOUNTS,
  referenceWorld,
  type WorldFile,
} from "./world-file.js";
