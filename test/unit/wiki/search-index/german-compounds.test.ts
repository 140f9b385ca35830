import { beforeAll, describe, expect, it } from "vitest";
import { processTerm } from "../../../../src/wiki/search-index/analyzer.js";
import { supportedSplit } from "../../../../src/wiki/search-index/compound-parts.js";
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

const page = (name: string, description: string, say: string, code: string): SeedPage => ({
  path: `tools/${name}`,
  locale: "de",
  title: name,
  description,
  content: `# ${name}\n\n> ${description}\n\n- ${say}:\n\n\`${code}\`\n`,
});

/** German pages as the tldr translation writes them: the parts of compounds apart, or hyphenated. */
const PAGES: SeedPage[] = [
  page("journal", "Zeige die Log-Datei eines Dienstes.", "Folge der Log-Datei", "journal -f"),
  page("cat", "Gib den Inhalt einer Datei aus.", "Zeige eine Datei", "cat datei"),
  page("ls", "Liste den Inhalt eines Verzeichnisses auf.", "Liste alle Dateien auf", "ls -a"),
  page("df", "Zeige den freien Speicherplatz.", "Zeige den Speicherplatz", "df -h"),
  page("du", "Zeige den belegten Speicherplatz.", "Zeige den Speicherplatz eines Ordners", "du -sh"),
  page("ncdu", "Speicherplatz interaktiv ansehen.", "Zeige den Speicherplatz", "ncdu"),
  page("free", "Zeige freien Speicher.", "Zeige den Platz im Speicher", "free -h"),
  page("mem", "Zeige den Speicher eines Prozesses.", "Zeige den Speicher", "mem"),
  page("quota", "Zeige den Platz eines Benutzers.", "Zeige den Platz", "quota"),
  page("swap", "Zeige den Platz im virtuellen Speicher.", "Zeige Platz und Speicher", "swapon"),
  page("disk", "Zeige Speicher und Platz der Laufwerke.", "Zeige den Platz im Speicher", "disk"),
  page("7z", "Ein Dateiarchivierer mit hoher Kompressionsrate.", "Archiviere eine Datei", "7z a archiv.7z"),
  page("zip", "Packe Dateien in ein Archiv.", "Packe eine Datei", "zip archiv.zip datei"),
  page("gzip", "Komprimiere mit hoher Kompression.", "Wähle die Rate der Kompression", "gzip -9"),
  page("bzip2", "Kompression mit fester Rate.", "Setze die Rate", "bzip2 -9"),
  page("git-add", "Füge Dateien zum Index hinzu.", "Füge eine Datei hinzu", "git add datei"),
  page("git-remote", "Entfernte Repositorys hinzufügen.", "Ein Repository hinzufügen", "git remote add"),
  page("git-submodule", "Submodule hinzufügen.", "Ein Submodul hinzufügen", "git submodule add"),
  // An English page holding both parts of "logdatei": found by an English agent only if it split.
  {
    path: "tools/tail",
    locale: "en",
    title: "tail",
    description: "Follow the log of a datei file.",
    content: "# tail\n\n> Follow the log of a datei file.\n\n- Follow the log:\n\n`tail -f datei.log`\n",
  },
];

const paths = (index: SearchIndex, question: string, locale = "de") =>
  index.search(question, { locale, limit: 5 }).map((r) => r.page.path);

describe("German compound words", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex();
    await index.build(createMemoryWiki(PAGES));
  });

  it("splits a word into two or three parts, with German linking elements", () => {
    expect(germanSplits("logdatei", read)).toContainEqual(["log", read("datei")]);
    expect(germanSplits("arbeitsspeicher", read)).toContainEqual([read("arbeit"), read("speicher")]);
    expect(germanSplits("verzeichnisinhalt", read)).toContainEqual([read("verzeichnis"), read("inhalt")]);
    expect(germanSplits("festplattenspeicherplatz", read)).toContainEqual([
      read("festplatten"),
      read("speicher"),
      read("platz"),
    ]);
  });

  it("makes no part of a stop word, a verb prefix or fewer than three letters", () => {
    expect(germanSplits("wieviel", read)).not.toContainEqual(["wie", read("viel")]);
    expect(germanSplits("logs", read)).toEqual([]);
    expect(germanSplits("verfolgen", read).some((parts) => parts[0] === "ver")).toBe(false);
    expect(germanSplits("ablegen", read).some((parts) => parts[0] === "ab")).toBe(false);
  });

  it("chooses the split the wiki's words support best, and none when the word is more common", () => {
    const frequency = (t: string) => ({ log: 40, datei: 100, logd: 0, atei: 0, logda: 1, tei: 2 })[t] ?? 0;
    const splits = [
      ["log", "datei"],
      ["logd", "atei"],
      ["logda", "tei"],
    ];
    expect(supportedSplit(0, splits, frequency)).toEqual(["log", "datei"]);
    expect(supportedSplit(100, splits, frequency)).toBeUndefined();
  });

  it("a question's compound meets a page that writes its parts (Log-Datei)", () => {
    expect(paths(index, "logdatei")[0]).toBe("tools/journal");
    expect(paths(index, "logdatei verfolgen")[0]).toBe("tools/journal");
  });

  it("a compound few pages use is found first as written, then by its parts", () => {
    // "Kompressionsrate" is only in 7z's description: its parts count too, below it, so the page
    // that says both in its description comes next.
    expect(paths(index, "kompressionsrate")).toEqual(["tools/7z", "tools/bzip2", "tools/gzip"]);
  });

  it("a compound more than a few documents hold is not split", () => {
    // "Speicherplatz" is in six documents, its parts in more: the pages that say "Speicher" and
    // "Platz" apart are not found.
    expect(paths(index, "speicherplatz").sort()).toEqual(["tools/df", "tools/du", "tools/ncdu"]);
  });

  it("splits only words read in German: other agents are untouched", () => {
    const compounds = (locales: string[]) =>
      parseQuery(
        "logdatei",
        undefined,
        locales.map((l) => languageOf(l)!),
      ).compounds.size;
    expect(compounds(["de"])).toBe(1);
    expect(compounds(["en", "de"])).toBe(0);
    expect(compounds(["en"])).toBe(0);
    expect(paths(index, "log datei", "en")).toEqual(["tools/tail"]);
    expect(paths(index, "logdatei", "en")).toEqual([]);
  });

  it("a letters-and-digits tool name meets the page titled by its beginning (7zip → 7z)", () => {
    expect(paths(index, "7zip")).toEqual(["tools/7z"]);
    expect(paths(index, "dateien mit 7zip komprimieren")[0]).toBe("tools/7z");
    // A word some page holds is read as written.
    expect(paths(index, "zip")[0]).toBe("tools/zip");
  });

  it("a separable verb meets the pages' imperative with its particle apart (Füge … hinzu)", () => {
    // "hinzufügen" is in four documents (not split as a compound): without reading it as "fügen",
    // only the two pages that write it whole would be found.
    expect(paths(index, "hinzufügen").sort()).toEqual([
      "tools/git-add",
      "tools/git-remote",
      "tools/git-submodule",
    ]);
    expect(germanParticleBase("angezeigt", read)).toBe(read("zeigt"));
    expect(germanParticleBase("heruntergeladen", read)).toBe(read("laden"));
  });

  it("reads no common plural noun as a separable verb, and keeps an infinitive's 'ge'", () => {
    for (const noun of ["aufgaben", "eingaben", "anfragen", "ausdrücken", "mitarbeitern", "nachrichten"])
      expect(germanParticleBase(noun, read), noun).toBeNull();
    expect(germanParticleBase("umgestalten", read)).toBe(read("gestalten"));
    expect(germanParticleBase("ausgeführt", read)).toBe(read("führt"));
    expect(germanParticleBase("anzeigen", read)).toBe(read("zeigen"));
    expect(germanParticleBase("einrichten", read)).toBe(read("richten"));
  });

  it("a letters-and-digits word stands only for a title term that mixes letters and digits", () => {
    const titles = new Set(["cp", "mp", "python3", "7z"]);
    expect(titlePrefix("cp1252", (t) => titles.has(t))).toBeUndefined();
    expect(titlePrefix("mp3", (t) => titles.has(t))).toBeUndefined();
    expect(titlePrefix("python3x", (t) => titles.has(t))).toBe("python3");
  });

  it("splits no word longer than MAX_WORD letters (42), and no word with a digit", () => {
    const long = "datenbankverwaltungssystemkonfigurationsdat"; // 43 letters
    expect(germanSplits(long.slice(0, 42), read)).not.toEqual([]);
    expect(germanSplits(long, read)).toEqual([]);
    expect(germanSplits("logdatei2", read)).toEqual([]);
  });

  it("reads no noun as a separable verb", () => {
    expect(germanParticleBase("nachricht", read)).toBeNull();
    expect(germanParticleBase("einstellungen", read)).toBeNull();
    expect(germanParticleBase("anzahl", read)).toBeNull();
  });
});
