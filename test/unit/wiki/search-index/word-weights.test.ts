import { beforeAll, describe, expect, it } from "vitest";
import { languageOf, queryTerms } from "../../../../src/wiki/search-index/analyzer.js";
import { createSearchIndex } from "../../../../src/wiki/search-index/index.js";
import type { SearchIndex } from "../../../../src/wiki/search-index/index-types.js";
import { parseQuery } from "../../../../src/wiki/search-index/query.js";
import { spanishRoots } from "../../../../src/wiki/search-index/spanish-stem.js";
import { coverageWeight } from "../../../../src/wiki/search-index/word-weights.js";
import { createMemoryWiki } from "../../../helpers/memory-wiki.js";
import type { SeedPage } from "../../../../packages/sandbox/src/memory-wiki.js";

const lang = (code: string) => languageOf(code)!;
const terms = (text: string) => queryTerms(text, lang("es"));

const page = (locale: string, name: string, description: string, example: string): SeedPage => ({
  path: `tools/${name}`,
  locale,
  title: name,
  description,
  content: `# ${name}\n\n> ${description}\n\n- ${example}:\n\n\`${name} x\`\n`,
});

const PAGES: SeedPage[] = [
  page("es", "mkdir", "Crea directorios.", "Crea directorios con sus padres"),
  page("es", "plantilla", "Crea un nuevo proyecto.", "Crea un nuevo proyecto desde una plantilla"),
  page("es", "tail", "Muestra la última parte de un archivo.", "Muestra las últimas líneas"),
  page("es", "wc", "Cuenta líneas, palabras y bytes.", "Cuenta las líneas de un archivo"),
  page("zh", "ping", "用 ping 向网络主机发送 ICMP 数据包。", "Ping 主机"),
  page("zh", "curl", "与服务器传输数据。", "下载文件"),
];

describe("how much each question word counts in coverage", () => {
  let index: SearchIndex;

  beforeAll(async () => {
    index = createSearchIndex();
    await index.build(createMemoryWiki(PAGES));
  });

  it("weighs light words half, heavy words double, and every word alike when the language says nothing", () => {
    expect(coverageWeight(0b111, 0, 0)).toBe(3);
    expect(coverageWeight(0b111, 0b100, 0)).toBe(2.5);
    expect(coverageWeight(0b111, 0b100, 0b001)).toBe(3.5);
    const en = parseQuery("create a new directory", undefined, [lang("en")]);
    expect([en.light, en.heavy]).toEqual([0, 0]);
  });

  it("Spanish: a kept content word of the long stop list is light", () => {
    const q = parseQuery("crear directorio nuevo", undefined, [lang("es")]);
    expect(q.light).toBe(1 << q.terms.indexOf(terms("nuevo")[0]!));
    expect(q.heavy).toBe(0);
    const [first, second] = index.search("crear directorio nuevo", { locale: "es" });
    // mkdir lacks only the light "nuevo": 2 of 2.5, where the page lacking "directorio" has 1.5.
    expect(first?.page.path).toBe("tools/mkdir");
    expect(first?.coverage).toBeCloseTo(2 / 2.5);
    expect(second?.coverage).toBeCloseTo(1.5 / 2.5);
  });

  it("Chinese: a word in Latin letters is heavy, a word of one character light", () => {
    const q = parseQuery("ping一下服务器看通不通", undefined, [lang("zh")]);
    expect(q.terms).toEqual(["ping", "服务", "器", "看", "通", "不通"]);
    expect(q.heavy).toBe(0b000001);
    expect(q.light).toBe(0b011100);
    const [first] = index.search("ping一下服务器看通不通", { locale: "zh" });
    expect(first?.page.path).toBe("tools/ping");
    expect(first?.coverage).toBeCloseTo(2 / 5.5);
  });

  it("an agent of every locale weighs a question by the script of its words", () => {
    const zh = parseQuery("ping一下服务器看通不通");
    expect([zh.heavy, zh.light]).toEqual([0b000001, 0b011100]);
    const japanese = parseQuery("gitでブランチを削除する方法");
    expect([japanese.heavy, japanese.light]).toEqual([0, 0]);
    const thai = parseQuery("วิธีลบ branch ใน git");
    expect([thai.heavy, thai.light]).toEqual([0, 0]);
    const latin = parseQuery("crear directorio nuevo");
    expect([latin.heavy, latin.light]).toEqual([0, 0]);
    const [first] = index.search("ping一下服务器看通不通", { locales: ["*"] });
    expect(first?.coverage).toBeCloseTo(2 / 5.5);
  });
});

describe("Spanish stem-changing verbs", () => {
  it("meet their diphthong forms, as pages and questions say them", () => {
    for (const [form, infinitive] of [
      ["muestra", "mostrar"],
      ["prueba", "probar"],
      ["cierra", "cerrar"],
      ["convierte", "convertir"],
      ["enciende", "encender"],
      ["cuenta", "contar"],
      ["vuelve", "volver"],
    ])
      expect(terms(form!), `${form} / ${infinitive}`).toEqual(terms(infinitive!));
  });

  it("meet across the spelling of the root's last consonant (z / c, qu / c)", () => {
    for (const [a, b] of [
      ["deshaz", "deshacer"],
      ["analiza", "analice"],
      ["vez", "veces"],
      ["busca", "busque"],
    ])
      expect(terms(a!), `${a} / ${b}`).toEqual(terms(b!));
  });

  it("keep the 'ue' of 'que' and 'gue', and a vowel pair early in a long stem", () => {
    expect(spanishRoots("bloque")).toBe("bloque");
    expect(spanishRoots("sigue")).toBe("sigue");
    expect(spanishRoots("reinici")).toBe("reinici");
    expect(spanishRoots("quier")).toBe("quer");
  });

  it("find the page that says the verb in another form", async () => {
    const index = createSearchIndex();
    await index.build(createMemoryWiki(PAGES));
    expect(index.search("contar lineas de un archivo", { locale: "es" })[0]?.page.path).toBe("tools/wc");
    expect(index.search("mostrar las ultimas lineas", { locale: "es" })[0]?.page.path).toBe("tools/tail");
  });
});
