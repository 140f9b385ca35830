import { WikiError } from "../wiki-error.js";
import type { CreatePageInput, MutationResult, UpdatePageInput, WikiPage } from "../types.js";
import { type RawResult, toResult } from "./convert.js";
import type { WikiOperation } from "./documents.js";
import {
  type ConfirmOptions,
  confirmWrite,
  isAmbiguous,
  mayHaveWritten,
  type OpenWrite,
  sameText,
} from "./write-once.js";

/** Clocks of the gateway and the wiki may differ this much when a create is checked by its time. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What the page writes need of the client. */
export interface PageWriteDeps {
  field<T>(operation: WikiOperation, key: string, variables: Record<string, unknown>): Promise<T>;
  getPage(id: number): Promise<WikiPage>;
  getPageByPath(path: string, locale: string): Promise<WikiPage | undefined>;
  confirm: ConfirmOptions;
  /** Wall-clock milliseconds: a create took effect if the page was created after it was sent. */
  now: () => number;
}

/** A create, sent once; when its answer leaves open whether it happened, the page is read back. */
export async function createPage(deps: PageWriteDeps, input: CreatePageInput): Promise<MutationResult> {
  const started = deps.now();
  // Wiki.js strips one leading and one trailing slash before it stores the path.
  const path = input.path.replace(/^\//, "").replace(/\/$/, "");
  const write: OpenWrite = {
    kind: "create",
    path,
    look: () => deps.getPageByPath(path, input.locale),
    tookEffect: (page: WikiPage) =>
      sameText(page.content, input.content) &&
      page.title === input.title &&
      Date.parse(page.createdAt) >= started - CLOCK_SKEW_MS,
  };
  return sendOnce(write, deps.confirm, async () => {
    const answer = await deps.field<{ responseResult: RawResult; page: { id: number; path: string } | null }>(
      "createPage",
      "create",
      {
        content: input.content,
        description: input.description ?? "",
        editor: "markdown",
        isPublished: input.isPublished ?? true,
        isPrivate: input.isPrivate ?? false,
        locale: input.locale,
        path: input.path,
        tags: input.tags ?? [],
        title: input.title,
      },
    );
    return toResult(answer.responseResult, answer.page);
  });
}

/** An update, sent once; everything not named in the input is sent back as the page has it. */
export async function updatePage(deps: PageWriteDeps, input: UpdatePageInput): Promise<MutationResult> {
  // Everything not named in the input is sent back as the page has it: a draft stays a draft.
  const current = input.current ?? (await deps.getPage(input.id));
  if (current.contentCut)
    throw new WikiError(
      "wiki-page-too-large",
      `the page ${current.path} is longer than WIKI_PAGE_MAX_BYTES: the gateway read only a part of it and does not edit it`,
    );
  const write: OpenWrite = {
    kind: "update",
    path: current.path,
    look: () => deps.getPage(input.id),
    tookEffect: (page: WikiPage) =>
      sameText(page.content, input.content) && page.updatedAt !== current.updatedAt,
  };
  return sendOnce(write, deps.confirm, async () => {
    const answer = await deps.field<{ responseResult: RawResult }>("updatePage", "update", {
      id: input.id,
      content: input.content,
      tags: input.tags ?? current.tags,
      isPublished: input.isPublished ?? current.isPublished,
      isPrivate: input.isPrivate ?? current.isPrivate,
      title: input.title ?? current.title,
      description: input.description ?? current.description,
      editor: current.editor,
      publishStartDate: current.publishStartDate,
      publishEndDate: current.publishEndDate,
      scriptCss: current.scriptCss,
      scriptJs: current.scriptJs,
    });
    return toResult(answer.responseResult);
  });
}

/** Sends a write once: an ambiguous failure or answer is settled by reading the page back. */
async function sendOnce(
  write: OpenWrite,
  confirm: ConfirmOptions,
  send: () => Promise<MutationResult>,
): Promise<MutationResult> {
  let result: MutationResult;
  try {
    result = await send();
  } catch (error) {
    if (isAmbiguous(error)) return confirmWrite(write, error, confirm);
    throw error;
  }
  if (!result.succeeded && mayHaveWritten(result)) return confirmWrite(write, result, confirm);
  return { ...result, confirmedBy: "answer" };
}
