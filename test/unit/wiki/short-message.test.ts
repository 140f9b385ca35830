import { describe, expect, it } from "vitest";
import { firstSentence } from "../../../src/wiki/short-message.js";
import { mutationError } from "../../../src/wiki/wiki-error.js";

const TREE_ERROR = `Error when running job rebuild-tree: insert into \`pageTree\` (\`id\`, \`path\`) values ${Array.from(
  { length: 400 },
  (_, i) => `(${i}, 'page-${i}')`,
).join(", ")} - SQLITE_CONSTRAINT: UNIQUE constraint failed: pageTree.id`;

describe("wiki messages shown to people", () => {
  it("are cut to their first sentence, on one line, at most 160 characters", () => {
    expect(TREE_ERROR.length).toBeGreaterThan(5000);
    expect(firstSentence(TREE_ERROR)).toBe("Error when running job rebuild-tree.");
    expect(firstSentence("You are not authorized to delete this page.")).toBe(
      "You are not authorized to delete this page.",
    );
    expect(firstSentence("two\nlines without end")).toBe("two lines without end");
    expect(firstSentence("x".repeat(500))).toHaveLength(160);
  });

  it("mutationError keeps the whole message as its cause, and only a sentence in its own", () => {
    const error = mutationError("creating a", { errorCode: 1, slug: "Error", message: TREE_ERROR });
    expect(error.message).toBe(
      "the wiki refused creating a: Error (1): Error when running job rebuild-tree.",
    );
    expect((error.cause as Error).message).toBe(TREE_ERROR);
  });
});
