import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { writeUnansweredPage } from "../../src/agents/unanswered/page-writer.js";
import { unansweredPage } from "../../src/agents/unanswered/unanswered-page.js";
import { summariseUnanswered } from "../../src/agents/unanswered/unanswered-summary.js";
import { textsIn } from "../../src/i18n/index.js";
import type { GapRecord } from "../../src/state/gap-log.js";
import { createWikiClient } from "../../src/wiki/client/wiki-client.js";
import { isReadable } from "../../src/wiki/readable.js";

/**
 * The editors' page of unanswered questions on a real Wiki.js 2.5: written through its GraphQL
 * API with the gateway's key, once per change (a second write of the same content changes
 * nothing), an editor's unpublishing kept, redacted, and never a page the gateway answers from.
 */
const info = inject("wikijs");
const dir = mkdtempSync(join(tmpdir(), "wg-unanswered-"));
const tokenFile = join(dir, "full");
writeFileSync(tokenFile, info.keys.full, { mode: 0o600 });
const wiki = createWikiClient({ baseUrl: info.baseUrl, tokenFile });

const NOW = Date.now();
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * 3_600_000).toISOString();
const gap = (question: string, hoursAgo: number): GapRecord => ({
  v: 1,
  at: at(hoursAgo),
  agent: "main",
  kind: "nothing",
  question,
});
const pageOf = (gaps: GapRecord[]) =>
  unansweredPage(summariseUnanswered({ gaps, votes: [], agent: "main", days: 7, now: NOW }), textsIn("en"));

describe(`unanswered questions page on Wiki.js (${info.db})`, () => {
  const target = { path: `_gateway/unanswered/main-${info.db}-${process.pid}`, locale: "en" };

  it("is created, left alone when nothing changed, and updated when it did, an editor's draft kept", async () => {
    const first = pageOf([
      gap("how do I reset the VPN token? call +7 912 345-67-89", 30),
      gap("how do I reset the VPN token?", 2),
    ]);
    expect(await writeUnansweredPage(wiki, target, first)).toBe("created");
    const created = await wiki.getPageByPath(target.path, "en");
    expect(created?.isPublished).toBe(true);
    expect(created?.content).toContain("how do I reset the VPN token?");
    expect(created?.content).not.toContain("912");
    expect(isReadable(created!)).toBe(false); // the gateway's own page: never an answer

    expect(await writeUnansweredPage(wiki, target, first)).toBe("unchanged");
    expect((await wiki.getPageByPath(target.path, "en"))?.updatedAt).toBe(created?.updatedAt);

    const draft = await wiki.updatePage({ id: created!.id, content: created!.content, isPublished: false });
    expect(draft.succeeded).toBe(true);
    const second = pageOf([gap("printer offline on floor 3", 1)]);
    expect(await writeUnansweredPage(wiki, target, second)).toBe("updated");
    const updated = await wiki.getPageByPath(target.path, "en");
    expect(updated?.content).toContain("printer offline on floor 3");
    expect(updated?.isPublished).toBe(false);
  });
});
