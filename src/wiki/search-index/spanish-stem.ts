/**
 * Spanish stems that meet across a stem-changing verb's forms. The root vowel of many verbs
 * becomes a diphthong where it is stressed: "mostrar" / "muestra", "encontrar" / "encuentra",
 * "cerrar" / "cierra", "convertir" / "convierte", "encender" / "enciende". The tldr pages describe
 * a command in the third person ("Muestra", "Encuentra", "Convierte") while people ask in the
 * infinitive ("mostrar", "encontrar", "convertir"), and Snowball keeps the two stems apart
 * ("muestr", "mostr"). After Snowball, a "ue" (not the "ue" of "que", "gue") becomes "o" and an
 * "ie" becomes "e" where a consonant follows and at most one more vowel: "muestr" → "mostr",
 * "conviert" → "convert", "quier" → "quer"; "reinici" keeps its "i".
 *
 * Pages and questions are read the same way, so words with a diphthong of their own meet only
 * words written without it ("puerto" → "port", "cliente" → "clent"); their English readings (a
 * question word's other forms, query.ts) still meet the code of the pages.
 */
const DIPHTHONG = /(?:(?<![qg])ue|ie)(?=[^aeiou]+(?:[aeiou][^aeiou]*)?$)/;

export function spanishRoots(stem: string): string {
  const m = DIPHTHONG.exec(stem);
  if (!m) return stem;
  return `${stem.slice(0, m.index)}${m[0] === "ue" ? "o" : "e"}${stem.slice(m.index + 2)}`;
}
