import { describe, expect, it } from "vitest";
import {
  ANALYZER_VERSION,
  languageOf,
  processTerm,
  queryTerms,
  tokenize,
} from "../../../../src/wiki/search-index/analyzer.js";
import { INDEX_FORMAT_VERSION } from "../../../../src/wiki/search-index/engine.js";
import { LANGUAGES } from "../../../../src/wiki/search-index/languages.js";
import { parseQuery } from "../../../../src/wiki/search-index/query.js";

const lang = (code: string) => {
  const found = languageOf(code);
  if (!found) throw new Error(`no language ${code}`);
  return found;
};
const terms = (text: string, code?: string) => queryTerms(text, code ? lang(code) : undefined);

describe("an analyzer per language", () => {
  it("offers the languages Wiki.js pages are commonly written in, by locale", () => {
    for (const code of [
      "en",
      "ru",
      "uk",
      "de",
      "fr",
      "es",
      "pt",
      "it",
      "nl",
      "pl",
      "sv",
      "tr",
      "zh",
      "ja",
      "ko",
      "th",
    ])
      expect(LANGUAGES).toContain(code);
    expect(languageOf("pt-br")?.locale).toBe("pt");
    expect(languageOf("zh-CN")?.locale).toBe("zh");
    expect(languageOf("xx")).toBeUndefined();
  });

  it("stems each Snowball language so that a word's forms meet", () => {
    const pairs: Array<[string, string, string]> = [
      ["ru", "настройка", "настройки"],
      ["uk", "файли", "файлів"],
      ["de", "Verzeichnis", "Verzeichnisse"],
      ["fr", "fichier", "fichiers"],
      ["es", "archivo", "archivos"],
      ["pt", "arquivo", "arquivos"],
      ["it", "cartella", "cartelle"],
      ["nl", "bestanden", "bestand"],
      ["sv", "filerna", "filer"],
      ["tr", "dosyalar", "dosya"],
      ["en", "archives", "archive"],
    ];
    for (const [code, a, b] of pairs) expect(terms(a, code), `${code}: ${a} / ${b}`).toEqual(terms(b, code));
  });

  it("meets a Russian verb's perfective and imperfective", () => {
    const pairs = [
      ["удалить", "удалять", "удаляет"],
      ["добавить", "добавлять"],
      ["обновить", "обновлять"],
      ["показать", "показывать", "показывает"],
      ["скачать", "скачивать"],
      ["создать", "создавать"],
    ];
    for (const [first, ...others] of pairs)
      for (const other of others)
        expect(terms(other, "ru"), `${first} / ${other}`).toEqual(terms(first!, "ru"));
  });

  it("meets a German verb's imperative, infinitive, third person and participle", () => {
    const families = [
      ["Entferne", "entfernen", "entfernt"],
      ["Verschlüssle", "verschlüsseln", "verschlüsselt", "Verschlüsselung"],
      ["komprimieren", "komprimiert", "Komprimierung"],
      ["starte", "starten", "startet"],
      ["erstelle", "erstellen", "erstellt"],
    ];
    for (const [first, ...others] of families)
      for (const other of others)
        expect(terms(other, "de"), `${first} / ${other}`).toEqual(terms(first!, "de"));
    // Words of other roots stay apart.
    expect(terms("Zeile", "de")).not.toEqual(terms("Ziel", "de"));
    expect(terms("Format", "de")).not.toEqual(terms("Form", "de"));
  });

  it("drops each language's stop words and question fillers, and keeps words that name an action", () => {
    expect(terms("как мне удалить все файлы", "ru")).toEqual(terms("удалить все файлы", "ru"));
    expect(terms("как мне удалить все файлы", "ru")).toContain("все");
    expect(terms("wie kann ich eine Datei löschen", "de")).toEqual(terms("Datei löschen", "de"));
    expect(terms("cómo puedo borrar un archivo", "es")).toEqual(terms("borrar archivo", "es"));
    expect(terms("jak usunąć plik", "pl")).toEqual(terms("usunąć plik", "pl"));
    expect(terms("怎么删除文件", "zh")).toEqual(terms("删除文件", "zh"));
    // The long Spanish list drops content words: "ver" (to see), "último", "parte" are kept.
    expect(terms("ver las últimas líneas", "es")).toEqual(["ver", ...terms("últimas líneas", "es")]);
    expect(terms("la última parte", "es")).toHaveLength(2);
  });

  it("normalises text: NFKC, case folding, and Russian ё read as е", () => {
    expect(tokenize("Ｔａｒ ＡＲＣＨＩＶＥ")).toEqual(["tar", "archive"]);
    expect(terms("Ещё", "ru")).toEqual(terms("еще", "ru"));
    expect(terms("ЁЛКА", "ru")).toEqual(terms("елка", "ru"));
  });

  it("makes accents optional where users leave them out, and keeps Turkish letters", () => {
    expect(terms("configuración", "es")).toEqual(terms("configuracion", "es"));
    expect(terms("répertoire", "fr")).toEqual(terms("repertoire", "fr"));
    expect(terms("löschen", "de")).toEqual(terms("loschen", "de"));
    expect(terms("arquivo de configuração", "pt")).toEqual(terms("arquivo de configuracao", "pt"));
    expect(processTerm("ışık", lang("tr"))).not.toBe(processTerm("isik", lang("tr")));
  });

  it("segments Chinese, Japanese and Thai into words, and splits mixed-script runs", () => {
    expect(tokenize("rsync同步目录")).toEqual(["rsync", "同步", "目录"]);
    expect(tokenize("用ffmpeg转换视频格式")).toEqual(["用", "ffmpeg", "转换", "视频", "格式"]);
    expect(tokenize("ファイルを圧縮する")).toEqual(["ファイル", "を", "圧縮", "する"]);
    expect(tokenize("วิธีลบไฟล์")).toEqual(["วิธี", "ลบ", "ไฟล์"]);
    expect(tokenize("tar-архив")).toEqual(["tar", "архив"]);
  });

  it("reads command names and code tokens as they are read in English pages, whatever the language", () => {
    // A Latin word on a Russian page is read by the English analyzer (its script's default).
    expect(processTerm("archives", lang("ru"))).toBe(processTerm("archives"));
    expect(processTerm("rsync", lang("zh"))).toBe("rsync");
    // A German question reads "docker" as German prose and as code: both readings are searched.
    const parsed = parseQuery("docker container anzeigen", undefined, [lang("de")]);
    expect(parsed.terms[0]).toBe(processTerm("docker", lang("de")));
    expect(parsed.forms.get(parsed.terms[0]!)).toContain("docker");
    expect(parsed.covers.get("docker")).toBe(parsed.covers.get(parsed.terms[0]!));
  });

  it("a question with no language reads each word by its script", () => {
    expect(terms("настройки tar 同步目录")).toEqual([...terms("настройки", "ru"), "tar", "同步", "目录"]);
  });

  it("the saved index's format carries the analyzer's version (an older index is rebuilt)", () => {
    expect(ANALYZER_VERSION).toBe(5);
    expect(INDEX_FORMAT_VERSION % 1000).toBe(ANALYZER_VERSION);
  });
});

describe("synonyms per language", () => {
  it("meet everyday words of each measured language, and leave English groups as they were", () => {
    const de = parseQuery("Ordner löschen", undefined, [lang("de")]);
    expect(de.expanded).toContain(processTerm("Verzeichnis", lang("de")));
    const ru = parseQuery("удалить папку", undefined, [lang("ru")]);
    expect(ru.expanded).toContain(processTerm("каталог", lang("ru")));
    const zh = parseQuery("删除文件夹", undefined, [lang("zh")]);
    expect(zh.expanded).toContain("目录");
    // A stem two languages share means what the language that read it says.
    const es = parseQuery("comparar dos archivos", undefined, [lang("es")]);
    expect(es.expanded).not.toContain(processTerm("compress"));
    const dePack = parseQuery("Dateien packen", undefined, [lang("de")]);
    expect(dePack.expanded).toContain(processTerm("komprimieren", lang("de")));
    // "удаление" is left out: its stem is that of "удалённый" (remote).
    expect(ru.expanded).not.toContain(processTerm("удалённый", lang("ru")));
    const en = parseQuery("pack the folder");
    expect(en.expanded.slice(0, 6)).toEqual(["pack", "folder", "compress", "archiv", "directori", "dir"]);
  });
});
