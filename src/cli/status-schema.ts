import { z } from "zod";

/**
 * The shape of the daemon's `GET /status` answer, as the CLI reads it. Unknown keys are dropped, so
 * a newer daemon that adds fields still reads; a missing or mistyped field is an error that names it.
 */
const problem = z.object({ code: z.string(), message: z.string(), remedy: z.string() });

const account = z.object({
  account: z.string(),
  /** starting, polling, conflict, network, error, unauthorized, stopped or disabled. */
  status: z.string(),
  username: z.string().optional(),
  privacyMode: z.boolean().optional(),
  problem: problem.optional(),
  /** ISO-8601; "" for a disabled account. */
  since: z.string(),
  journalDepth: z.number(),
  webhookRemovals: z.number(),
  /** Absent for an account that does not run here, and from an older daemon (docs/busy-chats.md). */
  backlog: z
    .object({
      waiting: z.number(),
      running: z.number(),
      limit: z.number(),
      oldestWaitSeconds: z.number(),
      chats: z.array(z.object({ chatId: z.string(), waiting: z.number(), oldestWaitSeconds: z.number() })),
      turnedAway: z.number(),
      notices: z.number(),
    })
    .optional(),
});

export const statusSchema = z.object({
  accounts: z.array(account),
  wiki: z.object({
    ok: z.boolean(),
    detail: z.string().optional(),
    code: z.string().optional(),
    checkedAt: z.string().optional(),
  }),
  index: z.object({ pages: z.number(), passages: z.number(), builtAt: z.string().optional() }),
  /** Absent from an older daemon. */
  config: z
    .object({
      appliedAt: z.string().nullable(),
      lastReload: z
        .object({
          at: z.string(),
          trigger: z.string(),
          outcome: z.enum(["applied", "refused"]),
          problems: z.array(z.string()),
        })
        .nullable(),
    })
    .optional(),
  agents: z.array(z.object({ account: z.string(), agent: z.string(), section: z.string().optional() })),
  /** Absent from a daemon older than models. */
  models: z
    .array(
      z.object({
        name: z.string(),
        model: z.string(),
        circuit: z.string(),
        spentToday: z.number(),
        /** Absent from a daemon older than it. */
        retryAt: z.string().nullable().optional(),
        active: z.number(),
        waiting: z.number(),
      }),
    )
    .optional(),
  /** Absent from daemons older than these lists. */
  groupUpgrades: z
    .array(z.object({ account: z.string(), oldChatId: z.number(), newChatId: z.number(), fix: z.string() }))
    .optional(),
  groupsWithoutBot: z
    .array(z.object({ account: z.string(), chatId: z.number(), fix: z.string() }))
    .optional(),
  /** Absent from an older daemon. */
  eventLoop: z
    .object({
      blocks: z.number(),
      thresholdMs: z.number(),
      recent: z.array(z.object({ at: z.string(), ms: z.number() })),
      longest: z.object({ at: z.string(), ms: z.number() }).optional(),
    })
    .optional(),
});

export type GatewayStatus = z.infer<typeof statusSchema>;
export type AccountStatusRow = GatewayStatus["accounts"][number];
