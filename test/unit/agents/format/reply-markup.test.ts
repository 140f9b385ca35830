import { describe, expect, it } from "vitest";
import {
  markupHtml,
  markupPlain,
  markupRich,
  parseMarkup,
} from "../../../../src/agents/format/reply-markup.js";

const html = (text: string) => markupHtml(parseMarkup(text));

describe("a model's Markdown, as Telegram shows it", () => {
  it.each([
    ["plain text, escaped", "Use a < b & c > d [1].", "Use a &lt; b &amp; c &gt; d [1]."],
    ["backticked commands as code", "Run `tac file | head` [1].", "Run <code>tac file | head</code> [1]."],
    ["double backticks", "Run ``echo `date` `` [1].", "Run <code>echo `date`</code> [1]."],
    ["bold", "Run **tac** [1].", "Run <b>tac</b> [1]."],
    ["bold around code", "**`tac`** prints it.", "<b>tac</b> prints it."],
    ["*italic* between spaces", "It is *really* fast.", "It is <i>really</i> fast."],
    ["globs stay", "Run rm *.log and *.tmp.", "Run rm *.log and *.tmp."],
    ["words with underscores stay", "Edit __init__.py or my_var_name.", "Edit __init__.py or my_var_name."],
    ["a * b * c stays", "Compute 2 * 3 * 4.", "Compute 2 * 3 * 4."],
    ["links: the label only", "See [the tac page](https://evil.example/x) [1].", "See the tac page [1]."],
    ["headings as bold lines", "## How to\nRun tac.", "<b>How to</b>\nRun tac."],
    [
      "bullet lists",
      "Options:\n- `tac file`\n* `tac -s x file`",
      "Options:\n• <code>tac file</code>\n• <code>tac -s x file</code>",
    ],
    ["numbered lists stay", "1. Open it\n2. Run tac", "1. Open it\n2. Run tac"],
    ["block quotation marks dropped", "> Run tac.", "Run tac."],
    ["rules dropped", "Run tac.\n\n---\n\nDone.", "Run tac.\n\nDone."],
    ["escapes", "Use \\*.log files.", "Use *.log files."],
    [
      "raw HTML shown as text",
      "<b onclick=x>hi</b> <script>",
      "&lt;b onclick=x&gt;hi&lt;/b&gt; &lt;script&gt;",
    ],
    [
      "a fenced block",
      "Run:\n```bash\ntac file <in\n```",
      'Run:\n\n<pre><code class="language-bash">tac file &lt;in</code></pre>',
    ],
    ["a fenced block without a language", "```\ntac file\n```", "<pre>tac file</pre>"],
    ["an unclosed fence", "```\ntac file", "<pre>tac file</pre>"],
    ["a bad language name", '```a"b\ntac\n```', "<pre>tac</pre>"],
  ])("%s", (_, text, expected) => {
    expect(html(text)).toBe(expected);
  });

  it("only b, i, code and pre tags, each closed", () => {
    const out = html("**a `b` c** *d* ```x\ny\n``` [e](javascript:alert(1)) <a href=x>");
    const tags = [...out.matchAll(/<\/?([a-z]+)[^>]*>/g)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(new Set(["b", "i", "code"].filter((t) => tags.includes(t))));
    expect(out).not.toContain("javascript");
  });

  it("the rich message keeps the same formatting as blocks", () => {
    expect(markupRich(parseMarkup("Run **tac** `file`.\n\n```sh\ntac file\n```"))).toEqual([
      {
        type: "paragraph",
        text: ["Run ", { type: "bold", text: "tac" }, " ", { type: "code", text: "file" }, "."],
      },
      { type: "pre", text: "tac file", language: "sh" },
    ]);
  });

  it("plain text (a draft) drops the markers, unpaired ones too", () => {
    expect(markupPlain(parseMarkup("Run **tac** `file` and **rev"))).toBe("Run tac file and rev");
    expect(markupPlain(parseMarkup("Run the tests: ```sh npm ci"))).toBe("Run the tests: sh npm ci");
  });
});
