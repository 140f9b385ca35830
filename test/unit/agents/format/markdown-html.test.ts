import { describe, expect, it } from "vitest";
import { htmlToPlain, markdownToTelegramHtml, safeHref } from "../../../../src/agents/format/index.js";

const render = (md: string) => markdownToTelegramHtml(md, { baseUrl: "https://wiki.example.com" });

/** Every tag is one Telegram accepts, and tags are balanced and nested. */
function assertTelegramHtml(html: string): void {
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-z-]+)([^>]*)>/g)) {
    const [, closing, name, attrs] = m;
    expect(["b", "i", "s", "code", "pre", "a", "blockquote"]).toContain(name);
    if (closing) expect(stack.pop()).toBe(name);
    else {
      if (name === "a") expect(attrs).toMatch(/^ href="https?:\/\/[^"<>]*"$/);
      else if (name === "code") expect(attrs).toMatch(/^( class="language-[\w+#.-]+")?$/);
      else expect(attrs).toBe("");
      stack.push(name!);
    }
  }
  expect(stack).toEqual([]);
  // No raw angle bracket or bare ampersand outside tags and entities.
  const text = html.replace(/<\/?[a-z-]+[^>]*>/g, "");
  expect(text).not.toMatch(/[<>]/);
  expect(text).not.toMatch(/&(?!(amp|lt|gt|quot);)/);
}

describe("markdownToTelegramHtml", () => {
  it("renders emphasis, code, headings, lists and quotes with Telegram's tags", () => {
    const html = render(
      "## Setup\n\nUse **bold**, *italic*, ~~gone~~ and `npm ci`.\n\n- one\n- two\n  - deeper\n\n3. three\n4. four\n\n> quoted",
    );
    expect(html).toBe(
      [
        "<b>Setup</b>",
        "Use <b>bold</b>, <i>italic</i>, <s>gone</s> and <code>npm ci</code>.",
        "• one\n• two\n  • deeper",
        "3. three\n4. four",
        "<blockquote>quoted</blockquote>",
      ].join("\n\n"),
    );
    assertTelegramHtml(html);
  });

  it("keeps the language of a code block and escapes its content", () => {
    const html = render('```bash\necho "<b>" && ls\n```');
    expect(html).toBe('<pre><code class="language-bash">echo "&lt;b&gt;" &amp;&amp; ls</code></pre>');
    expect(render("```\nplain\n```")).toBe("<pre>plain</pre>");
    expect(render('```x" onclick="y\ncode\n```')).toBe("<pre>code</pre>");
  });

  it("renders a table as an aligned grid in <pre>", () => {
    const html = render("| Name | Port |\n|---|---|\n| ssh | 22 |\n| http & co | 80 |");
    expect(html).toBe("<pre>Name      | Port\n----------+-----\nssh       | 22\nhttp &amp; co | 80</pre>");
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = render(
      'Hi <script>alert("x")</script> <b onclick="evil()">b</b>\n\n<div>\nblock <i>x</i>\n</div>',
    );
    expect(html).toContain('&lt;script&gt;alert("x")&lt;/script&gt;');
    expect(html).toContain('&lt;b onclick="evil()"&gt;b&lt;/b&gt;');
    expect(html).toContain("&lt;div&gt;");
    expect(html).not.toMatch(/<script|<div|onclick="evil\(\)">/);
    assertTelegramHtml(html);
  });

  it("escapes ampersands and decodes entities written in the Markdown", () => {
    expect(render("Tom & Jerry &amp; friends &copy; &#x263A; &bogus;")).toBe(
      "Tom &amp; Jerry &amp; friends © ☺ &amp;bogus;",
    );
    expect(render("`a &amp; b`")).toBe("<code>a &amp;amp; b</code>");
  });

  it("keeps only http(s) links; javascript:, data: and fake links become text", () => {
    const html = render(
      '[site](https://example.com/a?x=1&y="2") [bad](javascript:alert(1)) [data](data:text/html,hi) ' +
        "[rel](../up) [anchor](#top) [wiki](/en/ops/vpn) <https://auto.link/x> [x](JAVASCRIPT:alert(1))",
    );
    expect(html).toContain('<a href="https://example.com/a?x=1&amp;y=%222%22">site</a>');
    expect(html).toContain(" bad ");
    expect(html).toContain(" data ");
    expect(html).toContain(" rel anchor ");
    expect(html).toContain('<a href="https://wiki.example.com/en/ops/vpn">wiki</a>');
    expect(html).toContain('<a href="https://auto.link/x">https://auto.link/x</a>');
    expect(html).not.toMatch(/javascript|data:/i);
    assertTelegramHtml(html);
  });

  it("a link text cannot smuggle a tag or a fake link", () => {
    const html = render(
      '[<a href="https://evil">click</a>](https://good.example) [https://bank.example](https://evil.example)',
    );
    expect(html).toContain(
      '<a href="https://good.example/">&lt;a href="https://evil"&gt;click&lt;/a&gt;</a>',
    );
    assertTelegramHtml(html);
  });

  it("images become links to the image", () => {
    expect(render("![diagram](https://x.example/d.png)")).toBe(
      '<a href="https://x.example/d.png">diagram</a>',
    );
    expect(render("![x](javascript:1)")).toBe("x");
  });
});

describe("safeHref", () => {
  it("accepts http(s) and wiki paths only", () => {
    expect(safeHref("https://a.example/p")).toBe("https://a.example/p");
    expect(safeHref("/en/x", "https://w.example/base/")).toBe("https://w.example/base/en/x");
    expect(safeHref("/en/x")).toBeUndefined();
    expect(safeHref("//evil.example/x", "https://w.example")).toBeUndefined();
    expect(safeHref("java\nscript:alert(1)")).toBeUndefined();
    expect(safeHref("ftp://a.example")).toBeUndefined();
  });
});

describe("htmlToPlain", () => {
  it("drops tags, decodes entities and shows link targets", () => {
    expect(
      htmlToPlain('<b>A &amp; B</b> <a href="https://x.example/?a=1&amp;b=2">docs</a> &lt;tag&gt;'),
    ).toBe("A & B docs (https://x.example/?a=1&b=2) <tag>");
    expect(htmlToPlain('<a href="https://x.example/">https://x.example/</a>')).toBe("https://x.example/");
  });
});
