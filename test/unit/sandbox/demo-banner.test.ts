import { describe, expect, it } from "vitest";
import { type BannerInfo, demoBanner } from "../../../packages/sandbox/src/demo/demo-banner.js";
import { demoHoldings } from "../../../packages/sandbox/src/demo/demo-content.js";
import { demoExamples } from "../../../packages/sandbox/src/demo/demo-examples.js";

const base: BannerInfo = {
  webUrl: "http://127.0.0.1:8090",
  httpUrl: "http://127.0.0.1:8080",
  wikiUrl: "http://127.0.0.1:3999",
  apiRoot: "http://127.0.0.1:4000",
  dir: "/tmp/demo",
  logFile: "/tmp/demo/daemon.log",
  holds: { handbook: 35, docs: 12, tldr: 0, translations: 0 },
  kept: false,
  examples: demoExamples(false),
  model: { kind: "none" },
  ready: true,
  notes: [],
};
const withTldr: Partial<BannerInfo> = {
  holds: { handbook: 35, docs: 12, tldr: 7013, translations: 0 },
  examples: demoExamples(true),
};

describe("the demo's banner", () => {
  it("without tldr pages: says how to get them, and suggests only questions the wiki answers", () => {
    const text = demoBanner(base);
    expect(text).toContain("(35 handbook pages, 12 pages of the project's docs)");
    expect(text).toContain("git clone --depth 1 https://github.com/tldr-pages/tldr");
    expect(text).toContain("TLDR_DIR=<that folder>");
    // No path a newcomer without the project's shared folder would not have.
    expect(text).not.toContain("../shared");
    expect(text).toContain('2. In the group "Acme team": "@acme_wiki_bot How do I approve a pairing code?"');
    expect(text).not.toContain("@devops_v2_wiki_bot");
    expect(text.trimEnd().split("\n").at(-1)).toMatch(/Ctrl-C stops the demo\.$/);
  });

  it("with tldr: counts its pages and suggests the page's tldr example to the devops bot", () => {
    const text = demoBanner({ ...base, ...withTldr });
    expect(text).toContain("7013 tldr pages");
    expect(text).not.toMatch(/tldr pages +not in/);
    expect(text).toContain('2. DM @devops_v2_wiki_bot: "extract a tar.gz file"');
  });

  it("the first suggestion is the chat page's first example button", () => {
    for (const examples of [demoExamples(false), demoExamples(true, true)]) {
      const text = demoBanner({ ...base, examples });
      expect(text).toContain(`1. DM @acme_wiki_bot: "${examples[0]!.question}"`);
    }
  });

  it("a kept wiki is described as it is: tldr suggested only when it holds tldr pages", () => {
    const kept = demoBanner({ ...base, kept: true });
    expect(kept).toContain("kept from an earlier run: delete /tmp/demo to start afresh");
    expect(kept).not.toContain("@devops_v2_wiki_bot");
    expect(kept).toContain("after deleting /tmp/demo");
    const keptWithTldr = demoBanner({ ...base, ...withTldr, kept: true });
    expect(keptWithTldr).toContain("@devops_v2_wiki_bot");
    expect(keptWithTldr).not.toMatch(/tldr pages +not in/);
  });

  it("says which model answers: a stand-in, a server, or none", () => {
    expect(demoBanner({ ...base, model: { kind: "stand-in", recorded: 0 } })).toMatch(
      /model +a stand-in model is on: it writes a sentence of the best passage/,
    );
    expect(demoBanner({ ...base, model: { kind: "stand-in", recorded: 12 } })).toContain(
      "replays 12 recorded replies of a real model",
    );
    expect(demoBanner({ ...base, model: { kind: "server", url: "http://127.0.0.1:11434/v1" } })).toMatch(
      /model +http:\/\/127\.0\.0\.1:11434\/v1/,
    );
    expect(demoBanner(base)).toMatch(/model +none/);
  });

  it("a gateway not ready and a taken port are said", () => {
    const text = demoBanner({ ...base, ready: false, notes: ["  (port 8090 was taken: using 8091)"] });
    expect(text).toContain("the gateway is not ready yet: see http://127.0.0.1:8080/readyz");
    expect(text).toContain("(port 8090 was taken: using 8091)");
  });
});

describe("what the demo wiki holds", () => {
  it("counts each part from the pages themselves (a kept wiki as it is)", () => {
    const pages = [
      { path: "handbook/people/holidays", locale: "en" },
      { path: "gateway/docs/models", locale: "en" },
      { path: "tldr/common/tar", locale: "en" },
      { path: "tldr/common/tar", locale: "ru" },
      { path: "tldr/common/ls", locale: "ru" },
    ];
    const count = (which: (p: { path: string; locale: string }) => boolean) => pages.filter(which).length;
    expect(demoHoldings(count)).toEqual({ handbook: 1, docs: 1, tldr: 1, translations: 2 });
  });
});
