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
 * Then the spelling of the root's last consonant is made one: Spanish writes "z" and "c" for the
 * same sound ("c" before "e" and "i"), and "qu" for a hard "c" before them, so "deshaz" and
 * "deshacer", "analiza" and "analice", "vez" and "veces", "busca" and "busque" keep different
 * stems: a final "z" or "qu" of a stem becomes "c" ("deshaz" → "deshac", "vez" → "vec").
 *
 * Pages and questions are read the same way, so words with a diphthong of their own meet only
 * words written without it ("puerto" → "port", "cliente" → "clent"); their English readings (a
 * question word's other forms, query.ts) still meet the code of the pages.
 */
const DIPHTHONG = /(?:(?<![qg])ue|ie)(?=[^aeiou]+(?:[aeiou][^aeiou]*)?$)/;

/** A stem's last sound spelled as before "e" and "i": "z" → "c", "qu" → "c". */
const SPELLING = /(?:z|qu)$/;

export function spanishRoots(stem: string): string {
  const m = DIPHTHONG.exec(stem);
  const root = m ? `${stem.slice(0, m.index)}${m[0] === "ue" ? "o" : "e"}${stem.slice(m.index + 2)}` : stem;
  return root.replace(SPELLING, "c");
}
