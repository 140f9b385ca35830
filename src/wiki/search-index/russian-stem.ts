/**
 * Russian stems that meet across a verb's aspects. Snowball's Russian stemmer keeps the suffix
 * that makes the imperfective, and the tldr pages describe a command in the imperfective
 * ("Удалять файлы", "Добавлять", "Показывать") while people ask in the perfective ("удалить",
 * "добавить", "показать"). After Snowball, on stems of five letters or more:
 *
 * - "-я" after a consonant goes ("удаля" → "удал", "изменя" → "измен"), with the "л" that
 *   "б", "в", "м", "п" take before it ("добавля" → "добав", "обновля" → "обнов");
 * - "-ыва", "-ива" and "-ава" become "-а" ("показыва" → "показа", "скачива" → "скача",
 *   "создава" → "созда").
 *
 * Pages and questions are read the same way. Aspect pairs whose root changes its consonant
 * ("отобразить" / "отображать") stay apart.
 */
const LABIAL_LYA = /[бвмп]ля$/;
const CONSONANT_YA = /[бвгджзклмнпрстфхцчшщ]я$/;
const IMPERFECTIVE_A = /(?:ыв|ив|ав)а$/;

export function russianAspects(stem: string): string {
  if (stem.length < 5) return stem;
  if (LABIAL_LYA.test(stem)) return stem.slice(0, -2);
  if (CONSONANT_YA.test(stem)) return stem.slice(0, -1);
  if (IMPERFECTIVE_A.test(stem)) return `${stem.slice(0, -3)}а`;
  return stem;
}
