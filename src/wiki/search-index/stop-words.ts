/**
 * English stop words dropped from both documents and questions, plus the filler words of a
 * question ("how do I …", "is there a way to …") that never say what the question is about.
 * Words that carry meaning in commands ("all", "up", "down", "off", "new", "show") are kept.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against am an and any are aren't as at be because been before being below
  between both but by can can't cannot could couldn't did didn't do does doesn't doing don't during each
  few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers
  herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me on
  more most mustn't my myself no nor not of once only or other ought our ours ourselves out over own same
  shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them
  themselves then there there's these they they'd they'll they're they've this those through to too
  under until very was wasn't we we'd we'll we're we've were weren't what what's when when's where
  where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're you've
  your yours yourself yourselves
  also just will shall may might must via per etc eg ie
  please want wanted need needs way ways possible tell know someone something thing things anything
  whether using use used`
    .split(/\s+/)
    .filter(Boolean),
);
