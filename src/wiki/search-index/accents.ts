const MARKS = /\p{M}+/gu;

/** A word without its accents and other combining marks ("cómo" → "como", "löschen" → "loschen"). */
export function foldAccents(word: string): string {
  return word.normalize("NFD").replace(MARKS, "").normalize("NFC");
}
