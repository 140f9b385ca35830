import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { htmlToPlain } from "../../../src/agents/format/index.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import { CHOICE_PAGES } from "../../fixtures/choice-pages.js";
import { createMemoryWiki } from "../../helpers/memory-wiki.js";

const agent = resolveAgentSettings(
  "main",
  { section: "", locale: "en", editors: [], answerLength: 1200 },
  "https://wiki.example.com",
);

async function setup() {
  const wiki = createMemoryWiki(CHOICE_PAGES);
  const index = createSearchIndex();
  await index.build(wiki);
  return { wiki, index, answerer: createAnswerer({ index, wiki }) };
}

describe("choices on a weak match", () => {
  it("offers the closest pages when the best match is weak and several match", async () => {
    const { answerer } = await setup();
    const answer = await answerer.answer("printer network", agent);
    expect(answer.confidence).toBe("weak");
    expect(answer.choices?.map((c) => c.title)).toEqual(["Printers", "Office Wi-Fi", "VPN access"]);
    const text = htmlToPlain(answer.html);
    expect(text).toMatch(/^Closest pages in the wiki:/);
    expect(text).toContain(
      "Office Wi-Fi (https://wiki.example.com/en/it/wifi): The wireless network in the office",
    );
  });

  it("tells choices sharing a title apart by their folder", async () => {
    const lab = {
      path: "lab/printers",
      title: "Printers",
      description: "Printing in the lab",
      content: "# Printers\n\nThe lab printer is by the door. Add it with the address lab-printer.local.",
    };
    const wiki = createMemoryWiki([...CHOICE_PAGES, lab]);
    const index = createSearchIndex();
    await index.build(wiki);
    const answer = await createAnswerer({ index, wiki }).answer("printer network", agent);
    expect(answer.confidence).toBe("weak");
    expect(answer.choices?.map((c) => c.title)).toEqual(
      expect.arrayContaining(["Printers · it", "Printers · lab"]),
    );
    expect(htmlToPlain(answer.html)).toContain("Printers · lab (https://wiki.example.com/en/lab/printers)");
  });

  it("answers a weak match that is alone, a confident one, and says nothing found only when nothing matches", async () => {
    const { answerer } = await setup();
    const alone = await answerer.answer("wifi password", agent);
    expect([alone.confidence, alone.choices]).toEqual(["weak", undefined]);
    expect(htmlToPlain(alone.html)).toContain("The password is on the board");
    const sure = await answerer.answer("how do I restore a backup?", agent);
    expect([sure.confidence, sure.choices]).toEqual(["confident", undefined]);
    const none = await answerer.answer("quantum chromodynamics lattice", agent);
    expect([none.found, none.confidence]).toEqual([false, "none"]);
  });

  it("a chosen page answers with its passage for the question; a page gone says so", async () => {
    const { answerer, wiki } = await setup();
    const picked = await answerer.answerPage(
      "printer network",
      { path: "it/wifi", locale: "en", title: "Office Wi-Fi" },
      agent,
    );
    expect(picked.found).toBe(true);
    expect(htmlToPlain(picked.html)).toContain("Join the network named Staff");
    // A page that matches none of the question's words still answers with its opening passage.
    const opening = await answerer.answerPage(
      "quantum",
      { path: "guides/backup", locale: "en", title: "Backups" },
      agent,
    );
    expect(htmlToPlain(opening.html)).toContain("The nightly backup runs at 02:00.");
    wiki.pages.delete([...wiki.pages.values()].find((p) => p.path === "it/vpn")!.id);
    const gone = await answerer.answerPage(
      "quantum",
      { path: "it/vpn", locale: "en", title: "VPN access" },
      agent,
    );
    expect([gone.found, htmlToPlain(gone.html)]).toEqual([
      false,
      expect.stringMatching(/no longer in the wiki/),
    ]);
  });
});
