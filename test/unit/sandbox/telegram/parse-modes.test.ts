import { describe, expect, it } from "vitest";
import { EntityParseError } from "../../../../packages/sandbox/src/telegram/entity-types.js";
import { ApiError } from "../../../../packages/sandbox/src/telegram/errors.js";
import { codePoints, formatOutgoing } from "../../../../packages/sandbox/src/telegram/format.js";
import { parseHtml } from "../../../../packages/sandbox/src/telegram/parse-html.js";
import { parseMarkdown, parseMarkdownV2 } from "../../../../packages/sandbox/src/telegram/parse-markdown.js";

const htmlError = (s: string) => {
  try {
    parseHtml(s);
  } catch (error) {
    if (error instanceof EntityParseError) return error.message;
    throw error;
  }
  return "parsed";
};
const mdError = (s: string) => {
  try {
    parseMarkdownV2(s);
  } catch (error) {
    if (error instanceof EntityParseError) return error.message;
    throw error;
  }
  return "parsed";
};

describe("parse_mode HTML", () => {
  it("maps every supported tag to its entity", () => {
    const { text, entities } = parseHtml(
      "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>" +
        '<tg-spoiler>p</tg-spoiler><span class="tg-spoiler">q</span><a href="https://a.example/?x=1&amp;y=2">a</a>' +
        '<code>c</code><pre><code class="language-ts">let x</code></pre><blockquote>q</blockquote><blockquote expandable>x</blockquote>',
    );
    expect(text).toBe("bsieunskdpqaclet xqx");
    expect(entities.map((e) => e.type)).toEqual([
      "bold",
      "bold",
      "italic",
      "italic",
      "underline",
      "underline",
      "strikethrough",
      "strikethrough",
      "strikethrough",
      "spoiler",
      "spoiler",
      "text_link",
      "code",
      "pre",
      "blockquote",
      "expandable_blockquote",
    ]);
    expect(entities.find((e) => e.type === "text_link")!.url).toBe("https://a.example/?x=1&y=2");
    expect(entities.find((e) => e.type === "pre")).toEqual({
      type: "pre",
      offset: 13,
      length: 5,
      language: "ts",
    });
  });

  it("decodes the four named entities and numeric ones; other & stays literal; tags are case-insensitive", () => {
    expect(parseHtml("&lt;a&gt; &amp; &quot; &#65;&#x42; &nbsp; AT&T <B>x</B>")).toEqual({
      text: '<a> & " AB &nbsp; AT&T x',
      entities: [{ type: "bold", offset: 23, length: 1 }],
    });
  });

  it("nested entities keep UTF-16 offsets", () => {
    expect(parseHtml("é😀<b>a<i>b</i></b>").entities).toEqual([
      { type: "bold", offset: 3, length: 2 },
      { type: "italic", offset: 4, length: 1 },
    ]);
  });

  it("answers tdlib's errors with UTF-8 byte offsets", () => {
    expect(htmlError("x <p>y</p>")).toBe('Unsupported start tag "p" at byte offset 2');
    expect(htmlError("😀 <b>open")).toBe('Can\'t find end tag corresponding to start tag "b"');
    expect(htmlError("a </b>")).toBe("Unexpected end tag at byte offset 2");
    expect(htmlError("<b>x</i>")).toBe('Unmatched end tag at byte offset 4, expected "</b>", found "</i>"');
    expect(htmlError("é<b")).toBe("Unclosed start tag at byte offset 2");
    expect(htmlError("a < b")).toBe('Unsupported start tag "" at byte offset 2');
    expect(htmlError('<span class="x">y</span>')).toBe(
      'Tag "span" must have class "tg-spoiler" at byte offset 0',
    );
    expect(htmlError("<a href>x</a>")).toBe(
      'Expected equal sign in declaration of an attribute of the tag "a" at byte offset 0',
    );
    expect(htmlError("<b>x</b >")).toBe("parsed");
  });

  it("a link with an unusable href keeps its text without an entity", () => {
    expect(parseHtml('<a href="javascript:alert(1)">x</a>')).toEqual({ text: "x", entities: [] });
  });
});

describe("parse_mode MarkdownV2", () => {
  it("parses the entities with escapes", () => {
    const { text, entities } = parseMarkdownV2(
      "*b* _i_ __u__ ~s~ ||p|| [l](https://x.example/a\\)b) `c\\`` ```py\nprint()``` 1\\.5\\!",
    );
    expect(text).toBe("b i u s p l c` print() 1.5!");
    expect(entities).toEqual([
      { type: "bold", offset: 0, length: 1 },
      { type: "italic", offset: 2, length: 1 },
      { type: "underline", offset: 4, length: 1 },
      { type: "strikethrough", offset: 6, length: 1 },
      { type: "spoiler", offset: 8, length: 1 },
      { type: "text_link", offset: 10, length: 1, url: "https://x.example/a)b" },
      { type: "code", offset: 12, length: 2 },
      { type: "pre", offset: 15, length: 7, language: "py" },
    ]);
  });

  it("rejects every unescaped reserved character outside entities", () => {
    for (const ch of "[]()>#+-=|{}.!".split("")) {
      const message = mdError(`a ${ch} b`);
      expect(
        message === `Character '${ch}' is reserved and must be escaped with the preceding '\\'` ||
          /Can't find end/.test(message),
      ).toBe(true);
    }
    expect(mdError("Version 2.0")).toBe(
      "Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    expect(mdError("inside `code . is fine`")).toBe("parsed");
  });

  it("reports unclosed entities by name and byte offset", () => {
    expect(mdError("😀 *bold")).toBe("Can't find end of Bold entity at byte offset 5");
    expect(mdError("_it")).toBe("Can't find end of Italic entity at byte offset 0");
    expect(mdError("[x](https://a")).toBe("Can't find end of a URL at byte offset 4");
  });

  it("> at a line start is a blockquote", () => {
    expect(parseMarkdownV2(">quoted\n>more\nafter")).toEqual({
      text: "quoted\nmore\nafter",
      entities: [{ type: "blockquote", offset: 0, length: 11 }],
    });
  });
});

describe("legacy parse_mode Markdown", () => {
  it("parses bold, italic, code, pre and links; unclosed is an error", () => {
    expect(parseMarkdown("*b* _i_ `c` [t](https://t.example) 1.5!")).toEqual({
      text: "b i c t 1.5!",
      entities: [
        { type: "bold", offset: 0, length: 1 },
        { type: "italic", offset: 2, length: 1 },
        { type: "code", offset: 4, length: 1 },
        { type: "text_link", offset: 6, length: 1, url: "https://t.example" },
      ],
    });
    expect(() => parseMarkdown("a *b")).toThrow("Can't find end of the entity starting at byte offset 2");
  });
});

describe("formatOutgoing", () => {
  const error = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof ApiError) return e.description;
      throw e;
    }
    return "ok";
  };

  it("trims surrounding whitespace and shifts entities", () => {
    expect(formatOutgoing("\n  <b>x</b> y \n", "HTML", undefined)).toEqual({
      text: "x y",
      entities: [{ type: "bold", offset: 0, length: 1 }],
    });
  });

  it("explicit entities win over parse_mode", () => {
    expect(formatOutgoing("<b>", "HTML", [{ type: "bold", offset: 0, length: 3 }])).toEqual({
      text: "<b>",
      entities: [{ type: "bold", offset: 0, length: 3 }],
    });
  });

  it("counts code points: 4096 emoji pass, 4097 fail", () => {
    expect(codePoints("😀a")).toBe(2);
    expect(error(() => formatOutgoing("😀".repeat(4096), undefined, undefined))).toBe("ok");
    expect(error(() => formatOutgoing("😀".repeat(4097), undefined, undefined))).toBe(
      "Bad Request: message is too long",
    );
    expect(error(() => formatOutgoing(undefined, undefined, undefined))).toBe(
      "Bad Request: message text is empty",
    );
  });
});
