import { describe, expect, it } from "vitest";
import { layoutTwin, transliterated } from "../../../../src/wiki/search-index/keyboard-layout.js";

describe("keyboard layout twins", () => {
  it("read Russian typed on the English layout", () => {
    expect(layoutTwin("ghbdtn")).toBe("привет");
    expect(layoutTwin("rfr cjplfnm fh[bd")).toBe("как создать архив");
    expect(layoutTwin("Rfr elfkbnm gfgre")).toBe("как удалить папку");
  });

  it("read English typed on the Russian layout, and shifted keys that are Russian letters", () => {
    expect(layoutTwin("руддщ")).toBe("hello");
    expect(layoutTwin("пше сдщту")).toBe("git clone");
    expect(layoutTwin("k.,st :ehyfks")).toBe("любые журналы");
    expect(layoutTwin("<fpf lfyys{")).toBe("база данных");
  });

  it("read Ukrainian letters back to their keys", () => {
    expect(layoutTwin("іуфкср")).toBe("search");
    expect(layoutTwin("ґ")).toBe("`");
  });

  it("leave mixed or letterless text alone, and keep digits and spaces", () => {
    expect(layoutTwin("tar архив")).toBeUndefined();
    expect(layoutTwin("123 456")).toBeUndefined();
    expect(layoutTwin("gjhn 8080")).toBe("порт 8080");
  });
});

describe("Russian transliteration", () => {
  it("reads the usual letter groups, longest first", () => {
    // The soft sign is left out as people leave it out: the stems meet all the same (analyzer).
    expect(transliterated("kak udalit papku")).toBe("как удалит папку");
    expect(transliterated("zhurnal oshibok")).toBe("журнал ошибок");
    expect(transliterated("shchetka chasy")).toBe("щетка часы");
    expect(transliterated("posmotret' zanyatoe mesto")).toBe("посмотреть занятое место");
  });

  it("puts back the soft sign of infinitives in -ать/-ять, which stems apart without it", () => {
    expect(transliterated("kak skachat fajl")).toBe("как скачать файл");
    expect(transliterated("sozdat arhiv, pomenyat imya")).toBe("создать архив, поменять имя");
    // Short words keep their letters: "чат" is no infinitive.
    expect(transliterated("chat")).toBe("чат");
  });

  it("leaves Cyrillic text alone", () => {
    expect(transliterated("как удалить")).toBeUndefined();
  });
});
