import { beforeAll, describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import type { Grounder, Grounding } from "../../../src/agents/grounded-answer.js";
import type { QuestionRewriter } from "../../../src/agents/question-rewriter.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import { createMemoryWiki, enPage } from "../../helpers/memory-wiki.js";

const page = enPage;

const wiki = createMemoryWiki([
  page(
    "ops/backup",
    "Backup restore",
    "Restore a backup of the database.",
    "# Backup restore\n\nTo restore a backup of the database, run `restore --latest`. The restore takes the newest backup.\n\n- Restore an older backup:\n\n`restore --at {{date}}`",
  ),
  page(
    "ops/snapshots",
    "Snapshots",
    "Disk snapshots of the database machine.",
    "# Snapshots\n\nSnapshots of the database disk are taken hourly; a backup is made from them.",
  ),
  page(
    "ops/restore-drill",
    "Restore drill",
    "Quarterly drill.",
    "# Restore drill\n\nOnce a quarter we restore a backup.",
  ),
  page("people/holidays", "Holidays", "Vacation days.", "# Holidays\n\nYou get 30 vacation days a year."),
]);
const index = createSearchIndex();
beforeAll(() => index.build(wiki));

const agent = resolveAgentSettings(
  "ops",
  { section: "", locale: "en", editors: [], answerLength: 600, model: "local", modelUse: "answer" },
  "http://w",
);
const QUESTION = "how do I restore a backup of the database";
/** The rewrite's words: the question itself, so the ranking is the one without a model. */
const rewriter: QuestionRewriter = { rewrite: async (question) => ({ words: question }) };

function answering(grounding: (ranked: Parameters<Grounder["ground"]>[2]) => Grounding) {
  const grounder: Grounder = { ground: async (_q, _a, ranked) => grounding(ranked) };
  return createAnswerer({ index, wiki, rewriter, grounder });
}

describe("what the answer is around the model's reply", () => {
  it("a model that finds no answer in the passages keeps today's best page from being asserted: the closest pages are offered", async () => {
    const floor = await createAnswerer({ index, wiki }).answer(QUESTION, { ...agent, modelUse: "off" });
    expect(floor.confidence).toBe("confident");
    for (const declined of ["no-answer", "uncited"] as const) {
      const answer = await answering(() => ({ declined })).answer(QUESTION, agent);
      expect(answer.confidence).toBe("weak");
      expect(answer.choices?.map((c) => c.path)).toEqual(
        floor.sources.slice(0, answer.choices!.length).map((s) => s.path),
      );
      expect(answer.choices!.length).toBeGreaterThan(1);
    }
  });

  it("a failed model call gives today's answer as it is", async () => {
    const floor = await createAnswerer({ index, wiki }).answer(QUESTION, { ...agent, modelUse: "off" });
    const answer = await answering(() => undefined).answer(QUESTION, agent);
    expect(answer.html).toBe(floor.html);
    expect(answer.confidence).toBe(floor.confidence);
  });

  it("a grounded answer links the cited page first, then best-ranked uncited pages of its part of the wiki as See also, three pages in all", async () => {
    let rankedPaths: string[] = [];
    const answer = await answering((ranked) => {
      rankedPaths = ranked.map((r) => r.page.path);
      const cited = ranked.find((r) => r.page.path === "ops/restore-drill")!;
      return {
        answer: {
          found: true,
          confidence: "confident",
          via: "model",
          html: "We drill quarterly [1].\n\n📖 <a>Restore drill</a>",
          sources: [{ path: cited.page.path, locale: "en", title: cited.page.title, url: "u", score: 1 }],
        },
      };
    }).answer(QUESTION, agent);
    const expected = rankedPaths.filter((p) => p.startsWith("ops/") && p !== "ops/restore-drill").slice(0, 2);
    expect(expected.length).toBe(2);
    expect(answer.sources.map((s) => s.path)).toEqual(["ops/restore-drill", ...expected]);
    expect(answer.html).toMatch(/^We drill quarterly \[1\]\.\n\n📖 <a>Restore drill<\/a>\n\nSee also: /);
    expect(answer.html).not.toContain("Holidays");
    expect(answer.via).toBe("model");
  });
});
