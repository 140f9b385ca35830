import { describe, expect, it } from "vitest";
import {
  hasPublishWindow,
  nextPublishChange,
  withinPublishWindow,
} from "../../../src/wiki/publish-window.js";
import { readableNow } from "../../../src/wiki/readable.js";

const at = (iso: string) => Date.parse(iso);

describe("publication window", () => {
  it("empty bounds are open; set bounds are inclusive, as Wiki.js compares them", () => {
    expect(withinPublishWindow({ publishStartDate: "", publishEndDate: "" }, 0)).toBe(true);
    expect(withinPublishWindow({}, 0)).toBe(true);
    const page = { publishStartDate: "2030-01-01T00:00:00.000Z", publishEndDate: "2031-01-01T00:00:00.000Z" };
    expect(withinPublishWindow(page, at("2029-12-31T23:59:59.999Z"))).toBe(false);
    expect(withinPublishWindow(page, at("2030-01-01T00:00:00.000Z"))).toBe(true);
    expect(withinPublishWindow(page, at("2031-01-01T00:00:00.000Z"))).toBe(true);
    expect(withinPublishWindow(page, at("2031-01-01T00:00:00.001Z"))).toBe(false);
    expect(hasPublishWindow(page)).toBe(true);
    expect(hasPublishWindow({ publishStartDate: "", publishEndDate: " " })).toBe(false);
  });

  it("a bare date is midnight UTC; a bound that is not a date closes the window", () => {
    expect(withinPublishWindow({ publishStartDate: "2030-01-01" }, at("2030-01-01T00:00:00.000Z"))).toBe(
      true,
    );
    expect(withinPublishWindow({ publishStartDate: "soon" }, at("2040-01-01T00:00:00.000Z"))).toBe(false);
    expect(withinPublishWindow({ publishEndDate: "never" }, 0)).toBe(false);
  });

  it("the next change is the start ahead, else just after the end ahead", () => {
    const page = { publishStartDate: "2030-01-01T00:00:00.000Z", publishEndDate: "2031-01-01T00:00:00.000Z" };
    expect(nextPublishChange(page, at("2029-01-01T00:00:00.000Z"))).toBe(at("2030-01-01T00:00:00.000Z"));
    expect(nextPublishChange(page, at("2030-06-01T00:00:00.000Z"))).toBe(at("2031-01-01T00:00:00.000Z") + 1);
    expect(nextPublishChange(page, at("2032-01-01T00:00:00.000Z"))).toBeUndefined();
    expect(nextPublishChange({ publishStartDate: "soon" }, 0)).toBeUndefined();
  });

  it("readers see a page that is published, public and inside its window", () => {
    const open = {
      path: "it/vpn",
      isPublished: true,
      isPrivate: false,
      publishStartDate: "",
      publishEndDate: "",
    };
    expect(readableNow(open, 0)).toBe(true);
    expect(readableNow({ ...open, isPublished: false }, 0)).toBe(false);
    expect(readableNow({ ...open, isPrivate: true }, 0)).toBe(false);
    expect(readableNow({ ...open, publishStartDate: "2030-01-01T00:00:00.000Z" }, 0)).toBe(false);
  });
});
