/**
 * The wiki as the rest of the gateway sees it (a port). The GraphQL client implements it;
 * agents and the search index depend only on this interface.
 */
export interface PageSummary {
  id: number;
  path: string;
  locale: string;
  title: string;
  description: string;
  isPublished: boolean;
  isPrivate: boolean;
  /** ISO-8601 */
  updatedAt: string;
  createdAt: string;
  tags: string[];
}

export interface WikiPage extends PageSummary {
  content: string;
  contentType: string;
  editor: string;
  /**
   * The publication window, as the wiki stores it (ISO-8601, or a date as its editor wrote it);
   * "" = no bound on that side. Readers see a published page only inside it (publish-window.ts).
   * Not in the wiki's page list: only a page read by id or path has them.
   */
  publishStartDate: string;
  publishEndDate: string;
  /** The page's own CSS and JavaScript ("" = none). */
  scriptCss: string;
  scriptJs: string;
  /**
   * The content was longer than WIKI_PAGE_MAX_BYTES and is cut there: indexed up to it, named in
   * `doctor` and `report`, and never written back (an edit of it is refused).
   */
  contentCut?: boolean;
}

export interface SearchHit {
  path: string;
  locale: string;
  title: string;
  description: string;
}

export interface MutationResult {
  succeeded: boolean;
  errorCode: number;
  slug: string;
  /** The wiki's own message, whole (it may be long: log it, show people its first sentence). */
  message: string;
  page?: { id: number; path: string };
  /**
   * How a success is known: the wiki's answer, or reading the page back after an answer that left
   * it open (a timeout, a dropped connection, an internal error after the write).
   */
  confirmedBy?: "answer" | "read-back";
  /** Something went wrong after the write itself (e.g. the wiki's page-tree job failed). */
  warning?: string;
}

export interface CreatePageInput {
  path: string;
  locale: string;
  title: string;
  content: string;
  description?: string;
  tags?: string[];
  isPublished?: boolean;
  isPrivate?: boolean;
}

/**
 * An update changes what it names and keeps everything else as the page has it: the client sends
 * the page's current tags, publication, privacy, title, description, editor, publication window and
 * scripts back (Wiki.js unpublishes a page updated without isPublished, saves half a page without
 * tags, and empties the publication dates and the page's CSS and JavaScript not sent).
 */
export interface UpdatePageInput {
  id: number;
  content: string;
  title?: string;
  description?: string;
  tags?: string[];
  isPublished?: boolean;
  isPrivate?: boolean;
  /** The page as just read; the client reads it when absent. Also the baseline of a read-back. */
  current?: WikiPage;
}

/** What the caller already knows, so that a periodic check need not list every page again. */
export interface ProbeOptions {
  /**
   * A page id known to exist (from the local index or an earlier listing): the rights are proved on
   * it without listing the wiki. A page deleted since (6003) falls back to listing.
   */
  knownPageId?: number;
}

export interface ProbeResult {
  /** The token really authenticates (no guest fallback). */
  authenticated: boolean;
  canList: boolean;
  canReadContent: boolean;
  /** Pages listed; absent when the probe proved the rights on a known page without listing. */
  pageCount?: number;
  /** Seconds until the token expires, when it carries `exp`. */
  expiresInSeconds?: number;
  /** Problems that do not stop the wiki from working (e.g. a token file readable by others). */
  warnings?: string[];
}

export interface WikiPort {
  listPages(): Promise<PageSummary[]>;
  getPage(id: number): Promise<WikiPage>;
  getPageByPath(path: string, locale: string): Promise<WikiPage | undefined>;
  search(query: string, locale?: string): Promise<SearchHit[]>;
  createPage(input: CreatePageInput): Promise<MutationResult>;
  updatePage(input: UpdatePageInput): Promise<MutationResult>;
  /** With a known page id, proves the rights without listing every page (see ProbeOptions). */
  probe(options?: ProbeOptions): Promise<ProbeResult>;
}
