import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REPLY_KINDS } from "../../../src/core/reply.js";

/** docs/architecture.md's table of reply kinds ("| kind | made by | what the user gets |") lists exactly the Reply kinds. */
const page = readFileSync(new URL("../../../docs/architecture.md", import.meta.url), "utf8");
const operations = readFileSync(new URL("../../../docs/operations.md", import.meta.url), "utf8");

describe("the reply kinds in the architecture page", () => {
  it("lists every kind of Reply once, and no other", () => {
    const lines = page.split("\n");
    const header = lines.findIndex((l) => /^\|\s*kind\s*\|\s*made by\s*\|/.test(l));
    expect(header, "docs/architecture.md has the reply-kind table").toBeGreaterThan(-1);
    const kinds: string[] = [];
    for (const line of lines.slice(header + 2)) {
      if (!line.startsWith("|")) break;
      kinds.push(/^\|\s*`([^`]+)`/.exec(line)?.[1] ?? line);
    }
    expect(kinds).toEqual([...REPLY_KINDS]);
  });

  it("the operations page names every kind of wiki_gateway_answers_total", () => {
    const listed = /answers_total\{account,agent,kind\}` \(kind: the reply's, one of ([^:]+):/.exec(
      operations,
    );
    expect(listed, "docs/operations.md lists the kinds of wiki_gateway_answers_total").not.toBeNull();
    expect(listed![1]!.split(/,\s*/).map((k) => k.trim())).toEqual([...REPLY_KINDS]);
  });
});
