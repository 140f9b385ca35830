import type { ChatMessage } from "./chat-types.js";

/** The longest line read from a picture, in characters: a search line, not a transcript. */
export const PICTURE_LINE_CHARS = 300;

/**
 * The prompt that shows a model a picture a user sent without a caption (the picture itself goes
 * with the last message as a content part): read it and state the user's problem as one search
 * line, in the words on it (a screenshot of an error gives the error's words).
 */
export function pictureMessages(): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        "A user sent this picture to a help bot that searches a team's wiki, without writing a question. " +
        "Read the picture and state the problem the user most likely wants solved as one search line. " +
        "If the picture shows an error message, a failed command or a warning, give its exact words. " +
        "Write only that line, in the language of the text in the picture: no quotes, no explanation.",
    },
    { role: "user", content: "What is the problem in this picture, as one search line?" },
  ];
}

/** The line of a model's reply to pictureMessages: the first non-empty one, quotes and marks left out. */
export function pictureLineOf(reply: string): string {
  const first = reply
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "" && !/^(```|~~~)/.test(line));
  const line = (first ?? "")
    .replace(/^[-*>#\s]+/, "")
    .replace(/^["'`«“]+|["'`»”]+$/gu, "")
    .trim();
  return [...line].slice(0, PICTURE_LINE_CHARS).join("");
}
