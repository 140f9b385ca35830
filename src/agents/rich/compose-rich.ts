import type { Texts } from "../../i18n/index.js";
import { type AgentSettings, pageUrl } from "../agent-settings.js";
import { oneLine, shownDescription } from "../format/index.js";
import { fitPrefix } from "./fit.js";
import { markdownToRichBlocks } from "./markdown-blocks.js";
import { measureBlocks } from "./measure.js";
import type { RichBlock, RichMessage, RichText } from "./rich-types.js";

/** A page as a rich answer shows it: the passages picked for the question, and the whole page. */
export interface RichPage {
  page: { path: string; locale: string; title: string; description: string };
  /** The passages shown, best first (`index`: position in the page). */
  shown: ReadonlyArray<{ index?: number; markdown: string; text: string }>;
  /**
   * Every passage of the page in page order, when known: the rest goes into the details block.
   * `heading`: the heading trail of its section ("Install › Linux"), shown where a section begins.
   */
  all?: ReadonlyArray<{ index: number; markdown: string; heading?: string }>;
}

/** The rich answer's own words, in the asker's language, and the note under it (plain text). */
export interface RichFraming {
  texts: Texts;
  note?: string;
}

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
  framing: RichFraming,
): RichMessage {
  const { texts } = framing;
  const url = pageUrl(agent, main.page);
  const render = (markdown: string) =>
    markdownToRichBlocks(markdown, { baseUrl: agent.publicBaseUrl, headingShift: 1 });
  const head: RichBlock[] = [{ type: "heading", size: 1, text: main.page.title }];
  const description = shownDescription(main.page);
  if (description && !main.shown.some((p) => oneLine(p.text).includes(description))) {
    head.push({ type: "paragraph", text: { type: "italic", text: description } });
  }
  const tail = links(agent, main, seeAlso, url, framing);
  const wholePage: RichBlock = {
    type: "paragraph",
    text: { type: "url", text: `📖 ${texts.plain("rich.wholePage")}`, url },
  };
  const detailsShell: RichBlock = {
    type: "details",
    summary: texts.plain("rich.restOfPage"),
    blocks: [wholePage],
  };
  // The title, the links and an (at least) link-only details block always fit: reserve them.
  const reserved = measureBlocks([...head, ...tail, detailsShell]);
  const picked = withIntroduced(main);
  const shown = fitPrefix(
    picked.flatMap((p) => render(p.markdown)),
    reserved,
    1,
  );
  const shownIndexes = new Set(picked.map((p) => p.index));
  const restBlocks = sections(
    (main.all ?? []).filter((p) => !shownIndexes.has(p.index)),
    main.page.title,
  ).flatMap((p) => [...(p.heading ? [p.heading] : []), ...render(p.markdown)]);
  const rest = fitPrefix(restBlocks, shown.size, 2);
  const complete = main.all !== undefined && rest.taken.length === restBlocks.length;
  const details: RichBlock[] =
    restBlocks.length === 0 && complete
      ? []
      : [
          {
            type: "details",
            summary: texts.plain("rich.restOfPage"),
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
  { texts, note }: RichFraming,
): RichBlock[] {
  const out: RichBlock[] = [
    { type: "paragraph", text: ["📖 ", { type: "url", text: main.page.title, url }] },
  ];
  const also = seeAlso.slice(0, 2);
  if (also.length > 0) {
    const label = texts.plain("rich.seeAlso");
    // A full-width colon (Chinese) carries its own space.
    const parts: RichText[] = [label.endsWith(":") ? `${label} ` : label];
    also.forEach((p, i) => {
      if (i > 0) parts.push(" · ");
      parts.push({ type: "url", text: p.page.title, url: pageUrl(agent, p.page) });
    });
    out.push({ type: "paragraph", text: parts });
  }
  if (note) out.push({ type: "paragraph", text: { type: "italic", text: note } });
  return out;
}

/**
 * The passages shown, each followed by the passage it introduces: one ending with ":" is
 * followed by the next passage of the page (the table or code block it announces).
 */
function withIntroduced(main: RichPage): RichPage["shown"] {
  const out = [...main.shown];
  for (const p of main.shown) {
    if (p.index === undefined || !/:\s*$/.test(p.text)) continue;
    const next = main.all?.find((q) => q.index === p.index! + 1);
    if (next && !out.some((q) => q.index === next.index)) out.push({ ...next, text: "" });
  }
  return out;
}

/** Passages with a heading block where their section begins (not for the page's own title). */
function sections(
  passages: NonNullable<RichPage["all"]>,
  title: string,
): Array<{ markdown: string; heading?: RichBlock }> {
  let current: string | undefined;
  return passages.map((p) => {
    const trail = (p.heading ?? "").split(" › ").filter((part) => part !== "");
    const last = trail.at(-1);
    const starts = p.heading !== current && last !== undefined && last !== title;
    current = p.heading;
    if (!starts) return { markdown: p.markdown };
    const size = Math.min(6, trail.length + 1) as 2 | 3 | 4 | 5 | 6;
    return { markdown: p.markdown, heading: { type: "heading", size, text: last } };
  });
}
