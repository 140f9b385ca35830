import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  htmlToPlain,
  markdownToTelegramHtml,
  splitTelegramHtml,
  telegramLength,
  truncateTelegramHtml,
} from "../../../../src/agents/format/index.js";

function balanced(html: string): boolean {
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-z-]+)[^>]*>/g)) {
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2]!);
  }
  return stack.length === 0;
}

const visible = (chunks: string[]) => chunks.map(htmlToPlain).join("").replace(/\s+/g, "");

describe("splitTelegramHtml", () => {
  it("keeps a short message whole", () => {
    expect(splitTelegramHtml("<b>hi</b> there")).toEqual(["<b>hi</b> there"]);
    expect(splitTelegramHtml("")).toEqual([]);
    expect(splitTelegramHtml("  \n\n ")).toEqual([]);
  });

  it("counts code points after entity parsing, exactly at 4096", () => {
    const exact = "&lt;".repeat(4096);
    expect(telegramLength(exact)).toBe(4096);
    expect(splitTelegramHtml(exact, 4096)).toEqual([exact]);
    const over = `${"a".repeat(4096)}b`;
    const chunks = splitTelegramHtml(over, 4096);
    expect(chunks.map(telegramLength)).toEqual([4096, 1]);
    expect(splitTelegramHtml("x".repeat(5000), 9999).map(telegramLength)).toEqual([4096, 904]);
  });

  it("counts an emoji as one code point per code point, and never cuts inside one", () => {
    const emoji = "😀".repeat(4100);
    const chunks = splitTelegramHtml(emoji, 4096);
    expect(chunks.map(telegramLength)).toEqual([4096, 4]);
    expect(chunks.join("")).toBe(emoji);
    const family = "👨‍👩‍👧".repeat(1000); // 5 code points each, joined by ZWJ
    for (const chunk of splitTelegramHtml(family, 4000)) {
      expect(chunk.startsWith("\u200d")).toBe(false);
      expect(chunk.endsWith("\u200d")).toBe(false);
      expect(telegramLength(chunk)).toBeLessThanOrEqual(4000);
    }
  });

  it("prefers paragraph breaks, then line breaks, then spaces", () => {
    const para = `${"a ".repeat(1500)}\n\n${"b ".repeat(1500)}`;
    const chunks = splitTelegramHtml(para, 4000);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.trim()).toMatch(/^a( a)*$/);
    expect(chunks[1]).toMatch(/^b/);

    const lines = Array.from({ length: 300 }, (_, i) => `line ${i} with words`).join("\n");
    for (const chunk of splitTelegramHtml(lines, 1000)) {
      expect(chunk).toMatch(/^line \d+ with words/);
      expect(chunk).toMatch(/with words$/);
    }
  });

  it("closes and reopens tags around a cut, including a long <pre> with its language", () => {
    const code = Array.from({ length: 800 }, (_, i) => `echo ${i} &amp;&amp; ls &lt;dir&gt;`).join("\n");
    const html = `<b>Intro</b>\n\n<pre><code class="language-sh">${code}</code></pre>\n\nafter`;
    const chunks = splitTelegramHtml(html, 4000);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(balanced(chunk)).toBe(true);
      expect(telegramLength(chunk)).toBeLessThanOrEqual(4000);
      expect(chunk).not.toMatch(/&[a-z]*$/); // no entity cut in half
    }
    expect(chunks[1]).toMatch(/^<pre><code class="language-sh">echo/);
    expect(chunks.at(-2)).toMatch(/<\/code><\/pre>$/);
    expect(visible(chunks)).toBe(htmlToPlain(html).replace(/\s+/g, ""));
  });

  it("a link cut in two stays a link on both sides", () => {
    const html = `<a href="https://x.example/">${"word ".repeat(30)}</a>`;
    const chunks = splitTelegramHtml(html, 60);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk).toMatch(/^<a href="https:\/\/x\.example\/">.*<\/a>$/s);
  });

  it("property: chunks are within the limit, balanced, and lose only whitespace", () => {
    const block = fc.oneof(
      fc.string({ minLength: 0, maxLength: 300 }),
      fc.string({ maxLength: 200 }).map((s) => `**${s}**`),
      fc.string({ maxLength: 400 }).map((s) => "```js\n" + s.replace(/`/g, "'") + "\n```"),
      fc
        .array(fc.string({ maxLength: 80 }), { maxLength: 20 })
        .map((items) => items.map((i) => `- ${i}`).join("\n")),
      fc.constantFrom("😀👍🏽 emoji", "<script>x</script> & co", "[l](https://a.example/?q=<&>)"),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 30 }), fc.integer({ min: 20, max: 600 }), (blocks, limit) => {
        const html = markdownToTelegramHtml(blocks.join("\n\n"));
        const chunks = splitTelegramHtml(html, limit);
        for (const chunk of chunks) {
          expect(telegramLength(chunk)).toBeLessThanOrEqual(limit);
          expect(balanced(chunk)).toBe(true);
          expect(htmlToPlain(chunk).trim()).not.toBe("");
        }
        expect(visible(chunks)).toBe(htmlToPlain(html).replace(/\s+/g, ""));
      }),
      { numRuns: 200 },
    );
  });
});

describe("truncateTelegramHtml", () => {
  it("cuts at a word, adds an ellipsis inside the open tags, and leaves short text alone", () => {
    expect(truncateTelegramHtml("<b>hello world and more</b> text", 13)).toBe("<b>hello world…</b>");
    expect(truncateTelegramHtml("short", 100)).toBe("short");
    const cut = truncateTelegramHtml(`<pre>${"x".repeat(500)}</pre>`, 100);
    expect(telegramLength(cut)).toBe(100);
    expect(cut).toMatch(/^<pre>x+…<\/pre>$/);
  });
});
