import { describe, expect, it } from "vitest";
import { sentencesOf, standInAnswer } from "../../../../packages/sandbox/src/model/stand-in-answer.js";
import { echoReply } from "../../../../packages/sandbox/src/model/echo-reply.js";
import { answerMessages, rewriteMessages, type PromptPassage } from "../../../../src/models/prompts.js";
import { readGroundedReply } from "../../../../src/agents/grounded-reply.js";

/** Passages as the product gives them: a handbook page opening with its description quote, a tldr page. */
const HOLIDAYS: PromptPassage = {
  title: "Holidays and time off",
  description: "Vacation days, public holidays, sick leave and how to book time off.",
  heading: "",
  text:
    "> Vacation days, public holidays, sick leave and how to book time off.\n\n" +
    "Everyone gets 28 vacation days per calendar year, plus the public holidays of the state you work\n" +
    "in. Unused days carry over until the 31st of March of the following year, and then they expire.",
};
const ROOMS: PromptPassage = {
  title: "Meeting rooms",
  description: "Booking meeting rooms and phone booths, and the video call equipment.",
  heading: "",
  text: "> Booking meeting rooms and phone booths, and the video call equipment.",
};
const TAR: PromptPassage = {
  title: "tar",
  description: "Archiving utility.",
  heading: "",
  text: "- E[x]tract a (compressed) archive file into the current directory:\n\n`tar xf {{path/to/source.tar[.gz|.bz2|.xz]}}`",
};

const user = (question: string, passages: PromptPassage[]) => answerMessages(question, passages)[1]!.content;

describe("the stand-in model's answer to a prompt without a recording", () => {
  it("sentences of the passage that answers, each with its citation at its end, no stray quote mark", () => {
    const reply = standInAnswer(user("how many vacation days do I get?", [ROOMS, HOLIDAYS]))!;
    expect(reply).toBe(
      "Everyone gets 28 vacation days per calendar year, plus the public holidays of the state you work in [2]. " +
        "Unused days carry over until the 31st of March of the following year, and then they expire [2].",
    );
    expect(reply).not.toContain(">");
    // The product reads it as a grounded answer citing passage 2 alone.
    expect(readGroundedReply(reply, 2)).toEqual({ text: reply, cited: [2], noAnswer: false });
  });

  it("keeps a command as the passage writes it, joined to the line that introduces it", () => {
    const reply = standInAnswer(user("extract a tar.gz archive", [HOLIDAYS, TAR]))!;
    expect(reply).toBe(
      "E[x]tract a (compressed) archive file into the current directory: `tar xf {{path/to/source.tar[.gz|.bz2|.xz]}}` [2].",
    );
  });

  it("quotes a code block's commands after the line that introduces them", () => {
    const approve: PromptPassage = {
      title: "Access policy",
      description: "",
      heading: "Pairing",
      text: "Approve the code on the gateway's host:\n\n```sh\n# as the operator\nwiki-gateway pairing approve CODE --notify\n```",
    };
    expect(standInAnswer(user("how do I approve a pairing code?", [approve]))).toBe(
      "Approve the code on the gateway's host: `wiki-gateway pairing approve CODE --notify` [1].",
    );
  });

  it("for a counting question, prefers the sentence with the number among sentences sharing as much", () => {
    const sick: PromptPassage = {
      title: "Holidays and time off",
      description: "",
      heading: "Sick leave",
      text: "Sick days are not vacation days and never reduce your balance.",
    };
    expect(standInAnswer(user("How many vacation days do I get?", [sick, HOLIDAYS]))).toMatch(
      /^Everyone gets 28 vacation days .* \[2\]\./,
    );
  });

  it("answers NO ANSWER when the best sentence shares less than half of the question's words", () => {
    expect(standInAnswer(user("broken monitor replacement delivery", [HOLIDAYS, ROOMS]))).toBe("NO ANSWER");
  });

  it("answers NO ANSWER when no passage shares a word with the question", () => {
    expect(standInAnswer(user("как взять отпуск?", [HOLIDAYS, ROOMS]))).toBe("NO ANSWER");
  });

  it("the first passage (the ranking's best) wins a tie; every sentence ends with its citation", () => {
    const reply = standInAnswer(user("booking meeting rooms", [ROOMS, HOLIDAYS]))!;
    expect(reply).toBe("Booking meeting rooms and phone booths, and the video call equipment [1].");
  });

  it("reads Markdown as plain sentences: headings, list marks, links and emphasis off, quotes marked", () => {
    expect(
      sentencesOf(
        "> Time off.\n\n## Booking\n\n- Book **ahead** in the [HR tool](../hr.md). Then tell your manager.\n",
      ),
    ).toEqual([
      { text: "Time off.", quoted: true },
      { text: "Book ahead in the HR tool.", quoted: false },
      { text: "Then tell your manager.", quoted: false },
    ]);
  });

  it("echoReply: a rewrite prompt gets the question back, an answer prompt the stand-in's answer", () => {
    expect(echoReply(rewriteMessages("how many vacation days?", "en"))).toBe("how many vacation days?");
    expect(echoReply(answerMessages("how many vacation days do I get?", [HOLIDAYS]))).toMatch(
      /^Everyone gets 28 vacation days .* \[1\]\.$/,
    );
  });
});
