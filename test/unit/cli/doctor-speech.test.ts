import { describe, expect, it } from "vitest";
import { speechOnlyModels } from "../../../src/cli/doctor-models.js";

describe("doctor: a model entry used only for speech", () => {
  it("is the one agents name only as speechToText, never as model", () => {
    expect(
      speechOnlyModels({
        main: { model: "chat", speechToText: "whisper" },
        other: { model: "vision", speechToText: "vision" },
        plain: {},
      }),
    ).toEqual(new Set(["whisper"]));
  });
});
