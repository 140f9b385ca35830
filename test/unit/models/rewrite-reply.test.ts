import { describe, expect, it } from "vitest";
import { searchWordsOf } from "../../../src/models/rewrite-reply.js";

/** Rewrite replies in the styles models write them, read as the words a user would mean. */
describe("the search words of a rewrite reply", () => {
  it.each([
    [
      "the bare line asked for",
      "tac rev reverse lines last line first",
      "tac rev reverse lines last line first",
    ],
    ["a label", "Search query: tac reverse lines", "tac reverse lines"],
    ["another label", "Keywords: tac reverse lines", "tac reverse lines"],
    ["a bold label", "**Search query:** tac reverse lines", "tac reverse lines"],
    ["a label on its own line", "Here is the rewritten query:\n\ntac reverse lines", "tac reverse lines"],
    ["a preamble with a colon", "Sure! Here's the query:\ntac reverse lines", "tac reverse lines"],
    [
      "a preamble without one",
      "Sure, here is a search query for that\ntac reverse lines",
      "tac reverse lines",
    ],
    ["double quotes", '"tac reverse lines"', "tac reverse lines"],
    ["typographic quotes", "“tac reverse lines”", "tac reverse lines"],
    ["single quotes, apostrophes kept", "'tac reverse lines don't'", "tac reverse lines don't"],
    ["backticks", "`tac reverse lines`", "tac reverse lines"],
    ["a code fence", "```\ntac reverse lines\n```", "tac reverse lines"],
    ["a code fence with a language", "```text\ntac reverse lines\n```\nThis finds tac.", "tac reverse lines"],
    ["a numbered list", "1. tac\n2. rev\n3. reverse lines", "tac rev reverse lines"],
    [
      "a bulleted list under a label",
      "Keywords:\n- tac\n- reverse lines\n\nThese should match the page.",
      "tac reverse lines",
    ],
    [
      "labelled lines",
      "Page names: tac, rev\nKeywords: reverse lines, last line first",
      "tac rev reverse lines last line first",
    ],
    [
      "several lines of words",
      "tac rev\nreverse lines last line first",
      "tac rev reverse lines last line first",
    ],
    [
      "a trailing explanation",
      "tac rev reverse lines\n\nThis query targets tools that print a file's lines in reverse order.",
      "tac rev reverse lines",
    ],
    [
      "an explanation in another language",
      "tac строки наоборот\nЭто запрос для поиска команды, которая печатает строки.",
      "tac строки наоборот",
    ],
    ["a trailing note", "tac reverse lines\nNote: tac is part of coreutils", "tac reverse lines"],
    [
      "an explanation after a label",
      "Query: tac reverse lines\nExplanation: the user wants tac",
      "tac reverse lines",
    ],
    ["commas and a full stop", "tac, rev, reverse lines.", "tac rev reverse lines"],
    ["dots inside names kept", "mkfs mkfs.fat fdisk format usb", "mkfs mkfs.fat fdisk format usb"],
    [
      "options and underscores kept",
      "git reset --hard HEAD~1 snake_case",
      "git reset --hard HEAD~1 snake_case",
    ],
    ["another language's label", "Suchanfrage: tac Zeilen umkehren", "tac Zeilen umkehren"],
    ["Chinese punctuation", "关键词：tac，反转，行", "tac 反转 行"],
    ["JSON", '{"query": "tac reverse lines"}', "tac reverse lines"],
    [
      "JSON in a fence",
      '```json\n{"pages": ["tac", "rev"], "keywords": ["reverse lines"]}\n```',
      "tac rev reverse lines",
    ],
    ["nothing but a label", "Search query:", ""],
    ["empty", "", ""],
  ])("%s", (_, reply, words) => {
    expect(searchWordsOf(reply)).toBe(words);
  });

  it("is at most 300 characters", () => {
    expect(searchWordsOf("word ".repeat(200)).length).toBeLessThanOrEqual(300);
  });

  it("reads only the start of a reply of any length: its cost does not grow with it", () => {
    const long = (n: number) => `tar extract archive\n${"and more words on a line\n".repeat(n)}`;
    expect(searchWordsOf(long(2_000_000))).toBe(searchWordsOf(long(100)));
    const timeOf = (n: number) => {
      const text = long(n);
      const started = performance.now();
      for (let i = 0; i < 20; i++) searchWordsOf(text);
      return performance.now() - started;
    };
    timeOf(1_000);
    expect(timeOf(2_000_000) / Math.max(timeOf(1_000), 1)).toBeLessThan(10);
  });
});
