import { type AgentSettings, pageUrl } from "../agent-settings.js";
import { oneLine } from "../format/index.js";
import { fitPrefix } from "./fit.js";
import { markdownToRichBlocks } from "./markdown-blocks.js";
import { measureBlocks } from "./measure.js";
import type { RichBlock, RichMessage, RichText } from "./rich-types.js";

/** A page as a rich answer shows it: the passages picked for the question, and the whole page. */
export interface RichPage {
  page: { path: string; locale: string; title: string; description: string };
  /** The passages shown, best first (`index`: position in the page). */
  shown: ReadonlyArray<{ index?: number; markdown: string; text: string }>;
  /** Every passage of the page in page order, when known: the rest goes into the details block. */
  all?: ReadonlyArray<{ index: number; markdown: string }>;
}

export const REST_SUMMARY = "The rest of the page";
export const WHOLE_PAGE = "Read the whole page";

/**
 * The answer as a rich message: the page's title as a heading, its description, the passages
 * picked (whole: with their tables, lists and code), then the rest of the page in a collapsed
 * details block as far as Telegram's limits allow, then the link to the page, "See also" and the
 * note, as in the HTML answer (composeAnswer).
 *
 * Contract: the message is within every limit of RICH_LIMITS; blocks are never cut (a table or a
 * code block is in whole or not at all); what does not fit of the rest is replaced by a "Read the
 * whole page" link at the end of the details block; passage blocks that cannot fit beside the
 * links (a giant page) are left out from the end, and the details block then holds only the link.
 */
export function composeRichAnswer(
  agent: AgentSettings,
  main: RichPage,
  seeAlso: ReadonlyArray<Pick<RichPage, "page">>,
  note?: string,
): RichMessage {
  const url = pageUrl(agent, main.page);
  const render = (markdown: string) =>
    markdownToRichBlocks(markdown, { baseUrl: agent.publicBaseUrl, headingShift: 1 });
  const head: RichBlock[] = [{ type: "heading", size: 1, text: main.page.title }];
  const description = oneLine(main.page.description);
  if (description && !main.shown.some((p) => oneLine(p.text).includes(description))) {
    head.push({ type: "paragraph", text: { type: "italic", text: description } });
  }
  const tail = links(agent, main, seeAlso, url, note);
  const wholePage: RichBlock = { type: "paragraph", text: { type: "url", text: `📖 ${WHOLE_PAGE}`, url } };
  const detailsShell: RichBlock = { type: "details", summary: REST_SUMMARY, blocks: [wholePage] };
  // The title, the links and an (at least) link-only details block always fit: reserve them.
  const reserved = measureBlocks([...head, ...tail, detailsShell]);
  const shown = fitPrefix(
    main.shown.flatMap((p) => render(p.markdown)),
    reserved,
    1,
  );
  const shownIndexes = new Set(main.shown.map((p) => p.index));
  const restMarkdown = (main.all ?? []).filter((p) => !shownIndexes.has(p.index));
  const restBlocks = restMarkdown.flatMap((p) => render(p.markdown));
  const rest = fitPrefix(restBlocks, shown.size, 2);
  const complete = main.all !== undefined && rest.taken.length === restBlocks.length;
  const details: RichBlock[] =
    restBlocks.length === 0 && complete
      ? []
      : [
          {
            type: "details",
            summary: REST_SUMMARY,
            blocks: complete ? rest.taken : [...rest.taken, wholePage],
          },
        ];
  return { blocks: [...head, ...shown.taken, ...details, ...tail] };
}

function links(
  agent: AgentSettings,
  main: RichPage,
  seeAlso: ReadonlyArray<Pick<RichPage, "page">>,
  url: string,
  note: string | undefined,
): RichBlock[] {
  const out: RichBlock[] = [
    { type: "paragraph", text: ["📖 ", { type: "url", text: main.page.title, url }] },
  ];
  const also = seeAlso.slice(0, 2);
  if (also.length > 0) {
    const parts: RichText[] = ["See also: "];
    also.forEach((p, i) => {
      if (i > 0) parts.push(" · ");
      parts.push({ type: "url", text: p.page.title, url: pageUrl(agent, p.page) });
    });
    out.push({ type: "paragraph", text: parts });
  }
  if (note) out.push({ type: "paragraph", text: { type: "italic", text: note } });
  return out;
}
