import { describe, expect, it } from "vitest";
import type { IndexedPage } from "../../../../src/wiki/search-index/index-types.js";
import {
  buildDirectory,
  folderOf,
  titleKey,
  VARIANT_TITLES,
} from "../../../../src/wiki/search-index/page-directory.js";

let nextId = 1;
const page = (path: string, title: string, locale = "en"): IndexedPage => ({
  id: nextId++,
  path,
  locale,
  title,
  description: "",
  updatedAt: "2026-01-01T00:00:00Z",
});

describe("titleKey and folderOf", () => {
  it("folds case and every run of whitespace (tabs, newlines, no-break spaces) to one space", () => {
    expect(titleKey("  Docker   Container ")).toBe("docker container");
    expect(titleKey("docker\tcontainer")).toBe("docker container");
    expect(titleKey("docker\u00a0\ncontainer")).toBe("docker container");
    expect(titleKey("ЁЖ  Архив")).toBe("ёж архив");
    expect(titleKey("plain title")).toBe("plain title");
  });

  it("gives a path's folder, slashes at either end ignored", () => {
    expect(folderOf("tldr/common/tar")).toBe("tldr/common");
    expect(folderOf("/tldr/common/tar/")).toBe("tldr/common");
    expect(folderOf("//top")).toBe("");
    expect(folderOf("top")).toBe("");
  });
});

describe("buildDirectory", () => {
  // Two folders sharing VARIANT_TITLES titles hold variants; a third shares one title only.
  const common = Array.from({ length: VARIANT_TITLES }, (_, i) => page(`tldr/common/t${i}`, `Tool ${i}`));
  const linux = Array.from({ length: VARIANT_TITLES }, (_, i) => page(`tldr/linux/t${i}`, `tool  ${i}`));
  const team = page("team/faq", "Tool 0");
  const russian = page("tldr/common/t0", "Tool 0", "ru");
  const directory = buildDirectory([...common, ...linux, team, russian]);

  it("finds pages by title within a locale, case and spacing folded", () => {
    expect(directory.titled(" TOOL 0 ", "en").map((p) => p.id)).toEqual([
      common[0]!.id,
      linux[0]!.id,
      team.id,
    ]);
    expect(directory.titled("tool 0", "ru")).toEqual([russian]);
    expect(directory.titled("tool 0", "de")).toEqual([]);
  });

  it("counts the pages of a folder per locale", () => {
    expect(directory.folderSize("tldr/common", "en")).toBe(VARIANT_TITLES);
    expect(directory.folderSize("tldr/common", "ru")).toBe(1);
    expect(directory.folderSize("team", "en")).toBe(1);
    expect(directory.folderSize("nowhere", "en")).toBe(0);
  });

  it("takes as variants only pages of folders sharing enough titles, in the page's locale", () => {
    expect(directory.variantsOf(common[0]!).map((p) => p.id)).toEqual([common[0]!.id, linux[0]!.id]);
    expect(directory.variantsOf(team).map((p) => p.id)).toEqual([team.id]);
    expect(directory.variantsOf(russian)).toEqual([russian]);
  });
});
