/** A question the chat page offers to click, and the part of the demo wiki it comes from. */
export interface DemoExample {
  area: "handbook" | "project docs" | "tldr";
  question: string;
}

/**
 * A few questions from different parts of the demo wiki, so a newcomer sees at once what it
 * holds; the tldr ones only when the wiki holds tldr pages, a Russian and a Chinese one when it
 * holds their translations too. The first is the banner's first suggestion.
 */
export function demoExamples(hasTldr: boolean, hasTranslations = false): DemoExample[] {
  return [
    { area: "handbook", question: "How many vacation days do I get?" },
    { area: "handbook", question: "How do I book a meeting room?" },
    { area: "handbook", question: "What should I do with a phishing email?" },
    // Vague on purpose: the bot offers the closest pages as buttons.
    { area: "handbook", question: "my screen is broken" },
    { area: "project docs", question: "How do I approve a pairing code?" },
    ...(hasTldr ? [{ area: "tldr" as const, question: "extract a tar.gz file" }] : []),
    // The tldr translations (Russian, Chinese) are answered in their own language.
    ...(hasTldr && hasTranslations
      ? [
          { area: "tldr" as const, question: "как распаковать архив tar.gz" },
          { area: "tldr" as const, question: "怎么解压tar.gz文件" },
        ]
      : []),
  ];
}
