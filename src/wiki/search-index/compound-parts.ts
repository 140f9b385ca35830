/**
 * Which split of a compound question word the wiki's own words support (the frequency method of
 * Koehn and Knight, 2003): a split whose parts are all on pages, with the highest geometric mean
 * of their frequencies, when that mean is above the frequency of the word itself. So a word the
 * pages use ("speicherplatz") stays whole, and a word they do not use ("logdatei") is searched as
 * the parts they do ("log", "datei"). Fewer parts win a tie.
 *
 * `frequency`: how many documents (page summaries and passages) hold a term, 0 for none.
 * Returns the parts of the chosen split, or undefined for none.
 */
export function supportedSplit(
  own: number,
  splits: readonly (readonly string[])[],
  frequency: (term: string) => number,
): readonly string[] | undefined {
  let best: readonly string[] | undefined;
  let bestMean = own;
  for (const parts of splits) {
    let logSum = 0;
    for (const part of parts) {
      const f = frequency(part);
      if (f === 0) {
        logSum = -Infinity;
        break;
      }
      logSum += Math.log(f);
    }
    const mean = Math.exp(logSum / parts.length);
    if (mean > bestMean || (mean === bestMean && best !== undefined && parts.length < best.length)) {
      best = parts;
      bestMean = mean;
    }
  }
  return best;
}
