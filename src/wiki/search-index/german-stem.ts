/**
 * German stems that meet across a verb's forms. Snowball's German stemmer leaves the endings the
 * tldr pages and people's questions differ by: the pages say "Zeige", "Entferne", "Verschlüssle"
 * (imperative), people write "angezeigt", "entfernt", "verschlüsseln", "komprimiert". After
 * Snowball, on stems of five letters or more:
 *
 * - "-iert" and "-ier" become "-i", as "-ieren" already does ("komprimiert", "Komprimierung" →
 *   "komprimi");
 * - "-et" after "t" or "d" goes, then a final "-t" after a consonant (third person, participle;
 *   a root's own "t" too, in every form alike): "entfernt" → "entfern", "startet", "starten" →
 *   "star";
 * - verbs in "-eln" meet their forms without the "e" ("verschlüsseln", "verschlüssle",
 *   "verschlüsselt" → "verschlussel").
 *
 * Pages and questions are read the same way, so a stem that two words now share is a collision
 * only where both are German words with the same root.
 */
const CONSONANT_T = /[bcdfghklmnprsvwxz]t$/;
const T_ET = /[td]et$/;
const CONSONANT_L = /[bcdfghkmnprstvwxz]l$/;

export function germanForms(stem: string): string {
  if (stem.length < 5) return stem;
  let s = stem;
  if (s.endsWith("iert")) s = s.slice(0, -3);
  else if (s.endsWith("ier")) s = s.slice(0, -2);
  else {
    if (T_ET.test(s)) s = s.slice(0, -2);
    if (CONSONANT_T.test(s)) s = s.slice(0, -1);
  }
  if (s.endsWith("eln")) s = s.slice(0, -1);
  else if (CONSONANT_L.test(s)) s = `${s.slice(0, -1)}el`;
  return s;
}
