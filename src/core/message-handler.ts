import type { Logger } from "pino";
import type { InboundMessage } from "./inbound-message.js";
import type { Replier } from "./replier.js";

/**
 * What happens to each message an account receives. Contract: resolving means the message is
 * handled (the account marks it done); a rejection caused by Telegram or the network makes the
 * account retry the update later.
 */
export type MessageHandler = (msg: InboundMessage, reply: Replier, log: Logger) => Promise<void>;
