import type { TldrPage } from "../../packages/sandbox/src/tldr-corpus.js";
import { seededRandom } from "./people-questions.js";
import type { QualityQuestion } from "./questions.js";

/** The seed of the synthetic questions drawn from the corpus (kept fixed so fits are comparable). */
export const SYNTHETIC_SEED = 20261125;

/** An example block of a tldr page: `- description:` then a blank line then `` `code` ``. */
const EXAMPLE = /^- (.+?):?\n\n`[^\n]*`\n?\n?/gm;

/** Descriptions shared by this many pages or more are boilerplate ("Display help"), never drawn. */
const COMMON_DESCRIPTION = 3;

export interface SyntheticSet {
  /** The corpus with each drawn example removed from its page. */
  pages: TldrPage[];
  /** One question per drawn example: its description, the page's own name taken out. */
  questions: QualityQuestion[];
}

const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/\{\{|\}\}/g, "")
    .replace(/\s+/g, " ")
    .trim();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Questions the wiki can answer without containing their words verbatim, drawn from the wiki
 * itself: for `count` pages chosen at random (seeded), one example whose description is not
 * boilerplate is taken OUT of the page and its description becomes a question whose accepted page
 * is that page (the page still says what it is and shows its other examples, as it would for a
 * question about a use it does not spell out). The page's name is removed from the question, so
 * the question describes the task rather than naming the tool. Never built from the question sets.
 */
export function drawSyntheticSet(
  pages: readonly TldrPage[],
  count: number,
  seed = SYNTHETIC_SEED,
  options: { central?: boolean } = {},
): SyntheticSet {
  const seen = new Map<string, number>();
  const examplesOf = pages.map((page) => [...page.content.matchAll(EXAMPLE)]);
  for (const examples of examplesOf)
    for (const match of examples) {
      const key = norm(match[1]!);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  const random = seededRandom(seed);
  const pick = options.central ? byMentions(pages, random) : () => Math.floor(random() * pages.length);
  const out = pages.map((p) => ({ ...p }));
  const questions: QualityQuestion[] = [];
  const tried = new Set<number>();
  while (questions.length < count && tried.size < pages.length) {
    const i = pick();
    if (tried.has(i)) continue;
    tried.add(i);
    const page = pages[i]!;
    const usable = examplesOf[i]!.filter((m) => {
      const text = norm(m[1]!);
      return (seen.get(text) ?? 0) < COMMON_DESCRIPTION && text.split(" ").length >= 3;
    });
    // Keep at least two examples on the page, so it still shows what it is for.
    if (usable.length === 0 || examplesOf[i]!.length < 3) continue;
    const chosen = usable[Math.floor(random() * usable.length)]!;
    const name = new RegExp(`(^|[^\\w-])${escape(page.title.toLowerCase())}(?=$|[^\\w-])`, "g");
    const question = norm(chosen[1]!).replace(name, "$1").replace(/\s+/g, " ").trim();
    if (question.split(" ").length < 3) continue;
    out[i] = { ...page, content: page.content.replace(chosen[0], "") };
    questions.push({ question, answers: [page.path] });
  }
  return { pages: out, questions };
}

/**
 * A draw of page positions weighted by how central a page is: 1 + the number of other pages whose
 * code starts a line with its name (`tar -x …`), so tools people use (and other pages build on)
 * are asked about more often, as people do.
 */
function byMentions(pages: readonly TldrPage[], random: () => number): () => number {
  const starts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const m of page.content.matchAll(/^`(?:sudo )?([\w.+-]+)/gm)) seen.add(m[1]!.toLowerCase());
    for (const name of seen)
      if (name !== page.title.toLowerCase()) starts.set(name, (starts.get(name) ?? 0) + 1);
  }
  const cumulative: number[] = [];
  let total = 0;
  for (const page of pages) cumulative.push((total += 1 + (starts.get(page.title.toLowerCase()) ?? 0)));
  return () => {
    const r = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
