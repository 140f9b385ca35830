import { describe, expect, it } from "vitest";
import { draftOf, readGroundedReply } from "../../../src/agents/grounded-reply.js";

/** Grounded answers in the styles models write them; five passages were given. */
const read = (reply: string) => readGroundedReply(reply, 5);

describe("the citations of a grounded answer, in every style", () => {
  it.each([
    ["[1]", "Run tac file [1].", "Run tac file [1].", [1]],
    ["[1][2]", "Run tac file [2][1].", "Run tac file [2][1].", [2, 1]],
    ["[1, 2]", "Run tac file [1, 2].", "Run tac file [1][2].", [1, 2]],
    ["[1,2]", "Run tac file [1,2].", "Run tac file [1][2].", [1, 2]],
    ["[1; 2]", "Run tac file [1; 2].", "Run tac file [1][2].", [1, 2]],
    ["[1-3]", "Run tac file [1-3].", "Run tac file [1][2][3].", [1, 2, 3]],
    ["[1–3]", "Run tac file [1–3].", "Run tac file [1][2][3].", [1, 2, 3]],
    ["【1】", "Run tac file【1】.", "Run tac file[1].", [1]],
    ["【1†source】", "Run tac file 【3†source】.", "Run tac file [3].", [3]],
    ["[^1]", "Run tac file[^1].", "Run tac file[1].", [1]],
    ["[Passage 2]", "Run tac file [Passage 2].", "Run tac file [2].", [2]],
    ["[passages 2 and 3]", "Run tac file [passages 2 and 3].", "Run tac file [2][3].", [2, 3]],
    ["(Passage 2)", "Run tac file (Passage 2).", "Run tac file [2].", [2]],
    ["[1](url)", "Run tac file [1](https://example.com/tac).", "Run tac file [1].", [1]],
    ["after the full stop", "Run tac file. [2] Or rev. [1]", "Run tac file [2]. Or rev [1].", [2, 1]],
    ["after the full stop, no space", "Run tac file.[2]", "Run tac file [2].", [2]],
    [
      "not moved after an abbreviation",
      "Use an archiver, e.g. [2] tar.",
      "Use an archiver, e.g. [2] tar.",
      [2],
    ],
    ["[3†source]", "Run tac file [3†L1-L4].", "Run tac file [3].", [3]],
    ["after a Chinese full stop", "运行 tac 文件。[2]", "运行 tac 文件[2]。", [2]],
    ["out of range, dropped", "Run tac file [1][9]. See [0].", "Run tac file [1]. See.", [1]],
    ["a list with a made-up number", "Run tac file [2, 9].", "Run tac file [2].", [2]],
    ["repeated", "Run tac [1]. Then tac -s [1].", "Run tac [1]. Then tac -s [1].", [1]],
  ])("%s", (_, reply, text, cited) => {
    expect(read(reply)).toEqual({ text, cited, noAnswer: false });
  });

  it("a reply cut short by the asker's stop loses its half citation", () => {
    expect(read("Run tac file [1]. Then rev [")).toEqual({
      text: "Run tac file [1]. Then rev",
      cited: [1],
      noAnswer: false,
    });
    expect(read("Run tac file [1]. Then rev [2,")).toMatchObject({ cited: [1] });
  });

  it("a reply of nothing but citations answers nothing", () => {
    expect(read("[1][2]\n\nSources: [1]")).toEqual({ text: "", cited: [], noAnswer: false });
  });

  it("a bare (1) is not a citation: it numbers steps as often", () => {
    expect(read("(1) Open the file (2) run tac.").cited).toEqual([]);
  });

  it("brackets in commands are no citations: character classes, options, array indexes in code", () => {
    expect(read("Run grep '[0-9]' file [2].")).toMatchObject({
      text: "Run grep '[0-9]' file [2].",
      cited: [2],
    });
    expect(read("Run grep '[1-9]' file [2].")).toMatchObject({
      text: "Run grep '[1-9]' file [2].",
      cited: [2],
    });
    expect(read("Run `echo ${a[1]}` [3].")).toMatchObject({ text: "Run `echo ${a[1]}` [3].", cited: [3] });
    expect(read("```\necho ${a[1]}\n```\nThat prints it [4].")).toMatchObject({ cited: [4] });
    expect(read("Use tail {{[-n|--lines]}} 1 [1].").text).toBe("Use tail {{[-n|--lines]}} 1 [1].");
  });
});

describe("Sources lines", () => {
  it.each([
    ["a trailing line", "Run tac file [2].\n\nSources: [1], [3]", [2, 1, 3]],
    ["only in the Sources line", "Run tac file.\nSources: [3]", [3]],
    ["a list under the label", "Run tac file [2].\n\n**References:**\n- [1] tac\n- [3] rev", [2, 1, 3]],
    ["footnote lines", "Run tac file[^2].\n\n[^2]: tac page", [2]],
    ["at the end of the answer's line", "Run tac file [2]. Sources: [4]", [2, 4]],
    ["another language", "Führe tac aus [2].\nQuellen: [1]", [2, 1]],
  ])("%s: removed from the text, their passages cited after the text's", (_, reply, cited) => {
    const got = read(reply);
    expect(got.cited).toEqual(cited);
    expect(got.text).not.toMatch(/sources|references|quellen|\[\^|tac page/i);
  });
});

describe("NO ANSWER", () => {
  it.each([
    "NO ANSWER",
    "NO ANSWER.",
    "No answer",
    "no answer.",
    "NO_ANSWER",
    "**NO ANSWER**",
    "NO ANSWER\n\nThe passages are about cat, not tac [1].",
    "No answer: the passages do not cover it.",
    "The passages only describe cat [1]. NO ANSWER",
  ])("%j", (reply) => {
    expect(read(reply).noAnswer).toBe(true);
  });

  it("an answer that starts with the words is an answer", () => {
    expect(read("No answer files are kept: run tac file [1].")).toMatchObject({
      noAnswer: false,
      cited: [1],
    });
  });
});

describe("drafts: the reply while it is written", () => {
  const reply =
    "<think>x</think>Run **tac** `path/to/file` to print it last line first [1, 2]. Or rev [3].\n\nSources: [1], [2]";
  /** Each draft of the reply written a character at a time (thinking already stripped by the client). */
  const drafts = () => {
    const body = reply.slice("<think>x</think>".length);
    return Array.from({ length: body.length }, (_, i) => draftOf(body.slice(0, i + 1), 5));
  };

  it("never shows a half citation, a Sources line or markup", () => {
    for (const d of drafts()) {
      expect(d).not.toMatch(/\[(?!\d+\])|\*\*|`|Sources|Sou$|【/);
      expect(d).not.toMatch(/\[\d+,/);
    }
    expect(drafts().at(-1)).toBe("Run tac path/to/file to print it last line first [1][2]. Or rev [3].");
  });

  it("shows nothing (Thinking…) while the reply may be a NO ANSWER", () => {
    for (const partial of ["N", "NO", "No ans", "NO ANSWER", "NO ANSWER. The passages"])
      expect(draftOf(partial, 5)).toBe("");
    expect(draftOf("Nothing to install: run tac", 5)).toBe("Nothing to install: run tac");
  });

  it("hides a Sources label begun after the last sentence", () => {
    for (const partial of ["Run tac [1]. Sources", "Run tac [1]. Sources:", "Run tac [1]. Sources: [1], [2"])
      expect(draftOf(partial, 5)).toBe("Run tac [1].");
  });

  it("drops citations of passages never given", () => {
    expect(draftOf("Run tac [9] file [2", 5)).toBe("Run tac file");
  });
});
