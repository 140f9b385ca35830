import type { World, BotState } from "./world.js";

/** One Bot API call as the method handlers see it. */
export interface Call {
  state: BotState;
  params: Record<string, unknown>;
  /** Aborts when the client goes away (ends a long poll). */
  signal: AbortSignal;
}

/** A Bot API method: returns `result` or throws an ApiError. */
export type Method = (world: World, call: Call) => unknown;
