import { languageOf, processTerm } from "./analyzer.js";

/**
 * Words people use interchangeably in how-to questions about computers. A question term also
 * matches its group's other words, at a lower weight (settings.ts `queryWeights.synonym`), so "show the folder size"
 * finds a page that says "display the directory size". Groups are general vocabulary, not fitted
 * to particular pages or questions; each word belongs to at most one group. Narrow pairs tied to
 * one page's wording ("size usage" for du's "disk usage", "reachable alive", "clipboard
 * pasteboard", "log journal", "sleep suspend", "error failure") were removed: on the tuning sets
 * of bench/answer-quality they were worth one question.
 */
const GROUPS = [
  "show display print view",
  "folder directory dir",
  "remove delete erase",
  "find search locate",
  "create make generate",
  "start launch execute",
  "stop terminate halt",
  "download fetch retrieve",
  "change modify alter",
  "edit update",
  "compress pack archive",
  "extract unpack decompress",
  "disk drive volume",
  "picture image photo",
  "video movie",
  "restart reboot",
  "user account",
  "password passphrase",
  "program application app",
  "mac macos osx",
];

/**
 * The same kind of everyday vocabulary in the other measured languages, each group read by its
 * language's analyzer (so stems meet the pages' and questions' stems). Chinese is cut by
 * Intl.Segmenter, which splits 文件夹 (folder) into 文件 + 夹: "夹" stands for the folder there.
 */
const GROUPS_BY_LANGUAGE: Record<string, readonly string[]> = {
  en: GROUPS,
  ru: [
    "папка каталог директория",
    // Not "удаление": its stem "удален" is also that of "удалённый" (remote), once "ё" is "е".
    "удалить стереть",
    "показать вывести отобразить посмотреть просмотреть",
    "найти поиск искать",
    "создать создание",
    "скачать загрузить",
    "заархивировать архивировать упаковать",
    "распаковать извлечь разархивировать",
    "диск накопитель",
    "запустить выполнить",
    "изменить сменить поменять",
    "перезапустить перезагрузить",
  ],
  de: [
    "ordner verzeichnis",
    "löschen entfernen",
    "anzeigen zeigen ausgeben auflisten",
    "suchen finden",
    "erstellen erzeugen anlegen",
    "herunterladen downloaden",
    "entpacken extrahieren",
    "komprimieren packen archivieren",
    "ändern wechseln",
    "festplatte laufwerk datenträger",
  ],
  es: [
    "carpeta directorio",
    "borrar eliminar quitar",
    "ver mostrar listar",
    "buscar encontrar",
    "crear generar",
    "descargar bajar",
    "descomprimir extraer",
    "comprimir empaquetar",
    "cambiar modificar",
    "disco unidad",
    "deshacer revertir",
  ],
  zh: ["目录 夹", "删除 移除 删掉", "搜索 查找", "查看 显示 列出", "下载 获取"],
};

/**
 * Per language, each term's group, made when a word of that language is first read (stemming
 * the groups loads the language's stemmer: a process that meets only English loads no other). A
 * stem two languages share means what each language says: the Spanish "archivo" (a file, stem
 * "archiv") is no English "archive", and finds no "compress".
 */
const byLanguage = new Map<string, Map<string, string[]>>();

function groupsOf(code: string): Map<string, string[]> | undefined {
  let byTerm = byLanguage.get(code);
  if (byTerm) return byTerm;
  const groups = Object.hasOwn(GROUPS_BY_LANGUAGE, code) ? GROUPS_BY_LANGUAGE[code] : undefined;
  if (!groups) return undefined;
  byTerm = new Map();
  for (const group of groups) addGroup(group, code, byTerm);
  byLanguage.set(code, byTerm);
  return byTerm;
}

function addGroup(group: string, code: string, byTerm: Map<string, string[]>): void {
  const language = code === "en" ? undefined : languageOf(code);
  const terms = [
    ...new Set(
      group
        .split(" ")
        .map((w) => processTerm(w, language))
        .filter((t): t is string => t !== null),
    ),
  ];
  for (const term of terms)
    if (!byTerm.has(term))
      byTerm.set(
        term,
        terms.filter((t) => t !== term),
      );
}

/**
 * The other index terms meaning the same as `term` (an index term, i.e. already stemmed) in the
 * language that read it (`locale`, English by default).
 */
export function synonymsOf(term: string, locale = "en"): readonly string[] {
  return groupsOf(locale)?.get(term) ?? [];
}
