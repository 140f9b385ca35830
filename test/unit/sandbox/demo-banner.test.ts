import { describe, expect, it } from "vitest";
import { type BannerInfo, demoBanner } from "../../../packages/sandbox/src/demo/demo-banner.js";

const base: BannerInfo = {
  webUrl: "http://127.0.0.1:8090",
  httpUrl: "http://127.0.0.1:8080",
  wikiUrl: "http://127.0.0.1:3999",
  apiRoot: "http://127.0.0.1:4000",
  dir: "/tmp/demo",
  logFile: "/tmp/demo/daemon.log",
  content: { pages: [], counts: { handbook: 35, docs: 12, tldr: 0 }, tldr: undefined },
  ready: true,
  notes: [],
};

describe("the demo's banner", () => {
  it("without the tldr corpus: says so and how to add it, and suggests a question the wiki answers", () => {
    const text = demoBanner(base);
    expect(text).toContain("(35 handbook pages, 12 pages of the project's docs)");
    expect(text).toMatch(/tldr pages +not found: set TLDR_DIR/);
    expect(text).toContain('2. In the group "Acme team": "@acme_wiki_bot how do I approve a pairing code?"');
    expect(text).not.toContain("@devops_v2_wiki_bot");
    expect(text.trimEnd().split("\n").at(-1)).toMatch(/Ctrl-C stops the demo\.$/);
  });

  it("with tldr: counts its pages and suggests a command-line question to the devops bot", () => {
    const text = demoBanner({
      ...base,
      content: {
        pages: [],
        counts: { handbook: 35, docs: 12, tldr: 7013 },
        tldr: { dir: "/x", via: "TLDR_DIR" },
      },
    });
    expect(text).toContain("7013 tldr pages");
    expect(text).not.toMatch(/not found/);
    expect(text).toContain('2. DM @devops_v2_wiki_bot: "how do I extract a tar.gz archive?"');
  });

  it("a kept wiki, a gateway not ready and a taken port are said", () => {
    const text = demoBanner({
      ...base,
      content: undefined,
      ready: false,
      notes: ["  (port 8090 was taken: using 8091)"],
    });
    expect(text).toContain("kept from an earlier run (delete /tmp/demo to start afresh)");
    expect(text).toContain("the gateway is not ready yet: see http://127.0.0.1:8080/readyz");
    expect(text).toContain("(port 8090 was taken: using 8091)");
  });
});
