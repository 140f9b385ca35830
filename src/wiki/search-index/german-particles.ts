/**
 * German separable verbs: people write the infinitive or participle whole ("anzeigen",
 * "ausführen", "hinzufügen", "heruntergeladen"), the pages write the imperative with its particle
 * at the end of the sentence ("Zeige … an", "Führe … aus", "Füge … hinzu", "Lade … herunter"),
 * where the particle is a stop word or a word of its own. A question word that begins with a
 * separable particle is also searched as the verb without it (query.ts, `queryWeights.particle`).
 * The particles are the common ones of verbs that say what a command does; longer ones first, so
 * "herunterladen" loses "herunter", not "her".
 */
const PARTICLES = [
  "zurück",
  "herunter",
  "heraus",
  "hinzu",
  "hoch",
  "fest",
  "weg",
  "auf",
  "aus",
  "ein",
  "mit",
  "nach",
  "vor",
  "um",
  "ab",
  "an",
];
/** The verb left must be at least this long ("legen", "laden"): shorter rests are no verb. */
const MIN_REST = 5;
/** An infinitive ("zeigen", "wechseln") or a participle ("gezeigt"), not a plural noun ("stellungen"). */
const VERB = /^(?:.+(?:en|eln|ern)|ge.+t)$/;
/**
 * A participle's shape, whose "ge" is dropped: "ge…t" ("gezeigt" → "zeigt"), or a strong verb's
 * "ge…en" ("geladen" → "laden") unless the verb itself begins with "ge" (GE_VERBS: "angehören",
 * "angewöhnen", "umgestalten" keep it).
 */
const PARTICIPLE = /^ge(?:.{4,}t|.{3,}en)$/;
const GE_VERBS = ["gehör", "gewöhn", "gestalt", "genehmig", "gewinn", "gebrauch", "gefall", "geling"];
const NOUN_PLURAL = /(?:ungen|heiten|keiten|ionen)$/;
/**
 * Common nouns of the wiki's subject that begin with a particle and whose plural reads as an
 * infinitive ("Nachrichten" → "richten", "Mitarbeitern" → "arbeitern", "Aufgaben" → "gaben"):
 * never read as a verb. The rest of such a plural is mostly no word the pages use ("gab", "nahm");
 * these are the ones whose rest is ("richt", "arbeit", "frag", "druck").
 */
const NOUNS = [
  "nachricht",
  "mitarbeiter",
  "ausnahme",
  "aufgabe",
  "eingabe",
  "ausgabe",
  "abgabe",
  "anfrage",
  "abfrage",
  "ausdrück",
  "ausdruck",
  "anlage",
  "vorlage",
  "aufnahme",
  "anzahl",
];

/**
 * The term of a normalised verb without its separable particle, as `read` (the German reading)
 * reads it, and without the participle's "ge" ("angezeigt" → "zeigt" → "zeig"); null when the
 * word begins with no particle or with a common noun (NOUNS), the rest is too short or reads as
 * no verb form, or is a stop word.
 */
export function germanParticleBase(word: string, read: (word: string) => string | null): string | null {
  const particle = PARTICLES.find((p) => word.startsWith(p) && word.length - p.length >= MIN_REST);
  if (particle === undefined || NOUNS.some((noun) => word.startsWith(noun))) return null;
  let rest = word.slice(particle.length);
  if (!VERB.test(rest) || NOUN_PLURAL.test(rest)) return null;
  if (PARTICIPLE.test(rest) && !GE_VERBS.some((verb) => rest.startsWith(verb))) rest = rest.slice(2);
  return read(rest);
}
