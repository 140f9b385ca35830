import { beforeAll, describe, expect, it } from "vitest";
import { processTerm } from "../../../../src/wiki/search-index/analyzer.js";
import { germanSplits } from "../../../../src/wiki/search-index/german-compounds.js";
import { germanParticleBase } from "../../../../src/wiki/search-index/german-particles.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { languageOf } from "../../../../src/wiki/search-index/languages.js";
import { parseQuery } from "../../../../src/wiki/search-index/query.js";
import { titlePrefix } from "../../../../src/wiki/search-index/title-prefix.js";
import type { SeedPage } from "../../../../packages/sandbox/src/memory-wiki.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";

const de = languageOf("de")!;
const read = (word: string) => processTerm(word, de);

const page = (name: string, title: string, description: string, say: string, code: string): SeedPage => ({
  path: `tools/${name}`,
  locale: "de",
  title,
  description,
  content: `# ${title}\n\n> ${description}\n\n- ${say}:\n\n\`${code}\`\n`,
});

const PAGES: SeedPage[] = [
  page("win10", "Windows 10", "Hinweise zu Windows 10.", "Starte Windows", "winver"),
  page("dd", "dd", "Kopiere Daten blockweise.", "Schreibe eine Datei", "dd if=a of=b bs=1M"),
  page("setup", "setup", "Richte das System ein.", "Richte einen Dienst ein", "setup"),
  page("mail", "mail", "Sende E-Mails.", "Sende eine Mail", "mail -s"),
  page("lp", "lp", "Drucke Dateien.", "Drucke eine Datei", "lp datei"),
  page("grep", "grep", "Suche Muster in Dateien.", "Suche mit regulären Mustern", "grep -E"),
];

const paths = (index: SearchIndex, question: string) =>
  index.search(question, { locale: "de", limit: 5 }).map((r) => r.page.path);

describe("German search: review findings", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex();
    await index.build(createMemoryWiki(PAGES));
  });

  it("reads no plural noun in -en/-ern as a separable verb", () => {
    // "Nachrichten" → "richt" finds the page that says "Richte … ein" (set up) for "messages".
    for (const noun of ["nachrichten", "mitarbeitern", "ausnahmen"])
      expect(germanParticleBase(noun, read), noun).toBeNull();
    expect(paths(index, "nachrichten")).not.toContain("tools/setup");
    expect(paths(index, "regulären ausdrücken")[0]).toBe("tools/grep");
  });

  it("drops the participle's 'ge' only from a participle, not from an infinitive that begins with it", () => {
    expect(germanParticleBase("angewöhnen", read)).toBe(read("gewöhnen"));
    expect(germanParticleBase("angehören", read)).toBe(read("gehören"));
  });

  it("a letters-and-digits word stands for no title word without a digit or a letter", () => {
    expect(titlePrefix("10gb", (t) => t === "10")).toBeUndefined();
    expect(titlePrefix("log4j", (t) => t === "log")).toBeUndefined();
    expect(titlePrefix("7zip", (t) => t === "7z")).toBe("7z");
    expect(paths(index, "10gb datei erstellen")).not.toContain("tools/win10");
  });

  it("splits no word longer than a compound, and no number", () => {
    // Every split of a pasted 300-character token is made and read (quadratic in its length):
    // 1000 characters take seconds of one search on the event loop.
    let reads = 0;
    const counted = (w: string) => (reads++, read(w));
    const token = Array.from({ length: 300 }, (_, i) => "abcdefghijklmnopqrstuvwxyz"[(i * 7) % 26]).join("");
    expect(germanSplits(token, counted)).toEqual([]);
    expect(reads).toBe(0);
    expect(germanSplits("20240101", read)).toEqual([]);
  });

  it("an agent of every locale weighs a Japanese or Korean question by no Chinese rule", () => {
    for (const question of ["gitでブランチを削除する方法", "git 브랜치 삭제 방법"]) {
      const parsed = parseQuery(question);
      expect([parsed.heavy, parsed.light], question).toEqual([0, 0]);
    }
  });
});
