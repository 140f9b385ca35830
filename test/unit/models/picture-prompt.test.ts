import { describe, expect, it } from "vitest";
import { PICTURE_LINE_CHARS, pictureLineOf, pictureMessages } from "../../../src/models/picture-prompt.js";

describe("picture prompt: one search line read from a picture", () => {
  it("asks for one line in the words of the picture", () => {
    const [system, user] = pictureMessages();
    expect(system!.content).toMatch(/one search line/);
    expect(system!.content).toMatch(/exact words/);
    expect(user!.role).toBe("user");
  });

  it("takes the first line of the reply, without quotes, marks or fences", () => {
    expect(pictureLineOf('"fatal: refusing to merge unrelated histories"\nThe user ran git pull.')).toBe(
      "fatal: refusing to merge unrelated histories",
    );
    expect(pictureLineOf("```\n- «npm ERR! code ERESOLVE»\n```")).toBe("npm ERR! code ERESOLVE");
    expect(pictureLineOf("  \n")).toBe("");
    expect([...pictureLineOf("x".repeat(1000))]).toHaveLength(PICTURE_LINE_CHARS);
  });
});
