import { describe, expect, it } from "vitest";
import { mediaFileOf } from "../../../src/accounts/media-file-of.js";

describe("media-file-of: the file a message carries", () => {
  it("reads a voice note, audio and a video note with their duration and size", () => {
    expect(
      mediaFileOf({
        voice: { file_id: "v", file_unique_id: "uv", duration: 3, mime_type: "audio/ogg", file_size: 9876 },
      }),
    ).toEqual({
      kind: "voice",
      fileId: "v",
      fileUniqueId: "uv",
      seconds: 3,
      bytes: 9876,
      mimeType: "audio/ogg",
    });
    expect(
      mediaFileOf({ video_note: { file_id: "n", file_unique_id: "un", length: 240, duration: 5 } }),
    ).toEqual({
      kind: "video_note",
      fileId: "n",
      fileUniqueId: "un",
      seconds: 5,
    });
  });

  it("picks the photo size whose longer side is closest to 1280 px", () => {
    const size = (id: string, width: number, height: number) => ({
      file_id: id,
      file_unique_id: `u${id}`,
      width,
      height,
    });
    const photo = [
      size("s", 90, 51),
      size("m", 320, 180),
      size("x", 800, 450),
      size("y", 1280, 720),
      size("w", 2560, 1440),
    ];
    expect(mediaFileOf({ photo })?.fileId).toBe("y");
    expect(mediaFileOf({ photo: [size("s", 90, 51), size("x", 800, 450)] })?.fileId).toBe("x");
  });

  it("reads an image sent as a file, and nothing else", () => {
    expect(
      mediaFileOf({ document: { file_id: "d", file_unique_id: "ud", mime_type: "image/png" } })?.kind,
    ).toBe("document");
    expect(
      mediaFileOf({ document: { file_id: "d", file_unique_id: "ud", mime_type: "application/pdf" } }),
    ).toBeUndefined();
    expect(mediaFileOf({ sticker: { file_id: "s" } })).toBeUndefined();
    expect(mediaFileOf({ voice: { file_unique_id: "no id" } })).toBeUndefined();
    expect(mediaFileOf({ voice: { file_id: "v", duration: "3" } })).toEqual({
      kind: "voice",
      fileId: "v",
      fileUniqueId: "v",
    });
  });
});
