import { z } from "zod";
import { FIELD_DOCS } from "./field-docs.js";

const DOCS = FIELD_DOCS;

/** The folder of the gateway's own wiki pages (wiki/readable.ts keeps them out of answers). */
const GATEWAY_PAGE = /^_gateway\/[\p{L}\p{N}_.-]+(\/[\p{L}\p{N}_.-]+)*$/u;

/** `agents.<id>.unanswered.digest`: the editors' chat the digest goes to. */
export const digestSchema = z.strictObject({
  account: z.string().describe(DOCS.digest.account),
  chatId: z.number().int().describe(DOCS.digest.chatId),
  topic: z.number().int().positive().optional().describe(DOCS.digest.topic),
  everyDays: z.number().int().min(1).max(90).default(7).describe(DOCS.digest.everyDays),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, {
      error: "must be a language code like en, ru or zh-hans",
    })
    .optional()
    .describe(DOCS.digest.language),
});

/**
 * `agents.<id>.unanswered`: the questions the agent's wiki left unanswered, kept on a wiki page
 * for its editors and sent to their chat as a digest (docs/operations.md).
 */
export const unansweredSchema = z.strictObject({
  page: z
    .string()
    .regex(GATEWAY_PAGE, {
      error:
        'must be a wiki path under _gateway/, such as "_gateway/unanswered" (pages there are never answered from)',
    })
    .optional()
    .describe(DOCS.unanswered.page),
  pageEveryHours: z.number().int().min(1).max(720).default(24).describe(DOCS.unanswered.pageEveryHours),
  days: z.number().int().min(1).max(90).default(7).describe(DOCS.unanswered.days),
  digest: digestSchema.optional().describe(DOCS.unanswered.digest),
});

export type UnansweredConfig = z.output<typeof unansweredSchema>;

/** The wiki path of an agent's page: `page`, else `_gateway/unanswered/<agent id>`. */
export function unansweredPagePath(agentId: string, config: Pick<UnansweredConfig, "page">): string {
  return config.page ?? `_gateway/unanswered/${agentId}`;
}
