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
const NOUN_PLURAL = /(?:ungen|heiten|keiten)$/;

/**
 * The term of a normalised verb without its separable particle, as `read` (the German reading)
 * reads it, and without the participle's "ge" ("angezeigt" → "zeigt" → "zeig"); null when the
 * word begins with no particle, the rest is too short or reads as no verb form, or is a stop word.
 */
export function germanParticleBase(word: string, read: (word: string) => string | null): string | null {
  const particle = PARTICLES.find((p) => word.startsWith(p) && word.length - p.length >= MIN_REST);
  if (particle === undefined) return null;
  let rest = word.slice(particle.length);
  if (!VERB.test(rest) || NOUN_PLURAL.test(rest)) return null;
  if (rest.startsWith("ge") && rest.length - 2 >= 4) rest = rest.slice(2);
  return read(rest);
}
