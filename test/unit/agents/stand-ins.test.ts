import { describe, expect, it } from "vitest";
import { resolveAgentSettings } from "../../../src/agents/agent-settings.js";
import { createAnswerer } from "../../../src/agents/answer.js";
import { createQuestionRewriter } from "../../../src/agents/question-rewriter.js";
import { numberPassages } from "../../../src/agents/grounded-answer.js";
import { createInlineSearch } from "../../../src/agents/inline-results.js";
import { forPrompt } from "../../../src/agents/stand-ins.js";
import { createSearchIndex } from "../../../src/wiki/search-index/index.js";
import { createMemoryWiki, enPage } from "../../helpers/memory-wiki.js";
import { useModelStandIn } from "../../helpers/model-stand-in.js";

const page = enPage;
const command = (folder: string, name: string, description: string, body: string) =>
  page(
    `tldr/${folder}/${name.replace(/ /g, "-")}`,
    name,
    description,
    `# ${name}\n\n> ${description}\n\n${body}`,
  );

/**
 * The general folder (common) holds more pages than the platforms' (linux, osx); the Linux `df`
 * says more about free disk space in so many words than the general one; `docker ps` and
 * `docker stop` are alias pages; `docker` is the umbrella of the docker commands.
 */
const wiki = createMemoryWiki([
  command(
    "common",
    "df",
    "Display an overview of the filesystem disk space usage.",
    "- Display all filesystems and their disk usage:\n\n`df`",
  ),
  command(
    "linux",
    "df",
    "Display free disk space: how much disk space is free on each filesystem.",
    "- Display free disk space, free space of every disk, in human-readable units:\n\n`df -h`",
  ),
  command(
    "osx",
    "df",
    "Display an overview of the filesystem disk space usage on macOS.",
    "- Display all filesystems:\n\n`df`",
  ),
  command("common", "du", "Estimate file space usage.", "- List the sizes of a directory:\n\n`du -h`"),
  command("common", "cat", "Print and concatenate files.", "- Print a file:\n\n`cat path/to/file`"),
  command(
    "common",
    "tac",
    "Print files in reverse order.",
    "- Print a file backwards:\n\n`tac path/to/file`",
  ),
  command(
    "common",
    "docker container ls",
    "List Docker containers.",
    "- List currently running Docker containers:\n\n`docker container ls`",
  ),
  command(
    "common",
    "docker ps",
    "This command is an alias of `docker container ls`.",
    "- View documentation for the original command:\n\n`tldr docker container ls`",
  ),
  command(
    "common",
    "docker container stop",
    "Stop running Docker containers.",
    "- Stop all running containers:\n\n`docker container stop $(docker ps -q)`",
  ),
  command(
    "common",
    "docker stop",
    "This command is an alias of `docker container stop`.",
    "- View documentation for the original command:\n\n`tldr docker container stop`",
  ),
  command(
    "common",
    "docker",
    "Manage Docker containers and images.",
    "- List running containers:\n\n`docker ps`\n\n- Stop all running containers:\n\n`docker stop $(docker ps -q)`",
  ),
  page(
    "handbook/security/laptops",
    "Laptop security",
    "Lock screen rules for company laptops.",
    "# Laptop security\n\nLock the screen of your laptop whenever you leave it.",
  ),
  command(
    "linux",
    "loginctl",
    "Manage the systemd login manager.",
    "- Lock the screen of a session:\n\n`loginctl lock-session`",
  ),
  // The platforms' folders hold variants of the general folder's pages: they share many titles.
  ...["common", "linux", "osx"].flatMap((folder) =>
    Array.from({ length: 10 }, (_, i) =>
      command(folder, `tool${i}`, `Tool number ${i} of ${folder}.`, `- Run it:\n\n\`tool${i}\``),
    ),
  ),
  command(
    "common",
    "fossil delete",
    "Remove files from a fossil checkout.",
    "- Remove a file:\n\n`fossil delete path/to/file`",
  ),
  command(
    "common",
    "fossil rm",
    "This command is an alias of `fossil delete`.",
    "- View documentation for the original command:\n\n`tldr fossil delete`",
  ),
  command(
    "common",
    "fossil forget",
    "This command is an alias of `fossil rm`.",
    "- View documentation for the original command:\n\n`tldr fossil rm`",
  ),
  command("common", "git", "Distributed version control system.", "- Show the status:\n\n`git status`"),
  command("common", "git remote", "Manage the tracked repositories.", "- List remotes:\n\n`git remote -v`"),
  command(
    "common",
    "git remote add",
    "Add a remote repository.",
    "- Add a remote:\n\n`git remote add name url`",
  ),
  page(
    "handbook/hr/faq",
    "FAQ",
    "Questions people ask HR.",
    "# FAQ\n\nEveryone gets 28 vacation days a year.",
  ),
  page(
    "handbook/engineering/faq",
    "FAQ",
    "Questions people ask engineering.",
    "# FAQ\n\nDeploys happen on weekdays.",
  ),
  page("handbook/engineering/deploys", "Deploys", "How we deploy.", "# Deploys\n\nRun the pipeline."),
  page("handbook/engineering/oncall", "On call", "Who is paged.", "# On call\n\nThe rota."),
]);
const index = createSearchIndex();
const standIn = useModelStandIn({}, () => index.build(wiki));

const settings = (section = "", model?: string) =>
  resolveAgentSettings(
    "tldr",
    { section, locale: "en", editors: [], answerLength: 600, ...(model ? { model } : {}) },
    "http://w",
  );
const withoutModel = createAnswerer({ index, wiki });
const withRewrite = () => {
  const client = standIn.client({ timeoutMs: 2000 });
  return createAnswerer({
    index,
    wiki,
    rewriter: createQuestionRewriter({ models: (name) => (name === "local" ? client : undefined) }),
  });
};
const sources = async (question: string, answerer = withoutModel, agent = settings()) =>
  (await answerer.answer(question, agent, { account: "bot1" })).sources.map((s) => s.path);
const rewritten = async (words: string, question: string, section = "") => {
  standIn.server.script({ content: words });
  return sources(question, withRewrite(), settings(section, "local"));
};

describe("a page's namesakes: the general one leads", () => {
  it("answers from the page of the largest folder, its namesake following", async () => {
    const found = await sources("how much free disk space is free");
    expect(found[0]).toBe("tldr/common/df");
    expect(found).toContain("tldr/linux/df");
    expect(found.indexOf("tldr/linux/df")).toBeGreaterThan(0);
  });

  it("keeps the namesake in the folder the question names", async () => {
    expect((await sources("free disk space on osx"))[0]).toBe("tldr/osx/df");
    // "mac" names the folder osx through the index's synonyms.
    expect((await sources("how much free disk space on my mac"))[0]).toBe("tldr/osx/df");
  });

  it("never takes a namesake from outside the agent's section", async () => {
    const found = await sources("how much free disk space is free", withoutModel, settings("tldr/linux"));
    expect(found[0]).toBe("tldr/linux/df");
    expect(found).not.toContain("tldr/common/df");
  });

  it("the prompt of a grounded answer reads one page per title", async () => {
    const ranked = index.search("free disk space df", { limit: 5 });
    expect(ranked.filter((r) => r.page.title === "df").length).toBeGreaterThan(1);
    const titles = numberPassages(forPrompt(index, ranked)).map((p) => `${p.title}|${p.page.page.path}`);
    expect(new Set(titles.filter((t) => t.startsWith("df|"))).size).toBe(1);
  });
});

describe("namesakes in unrelated folders are different pages", () => {
  it("keeps the page the search found first and reads both in the prompt", async () => {
    expect((await sources("how many vacation days do I get a year"))[0]).toBe("handbook/hr/faq");
    const ranked = index.search("faq questions vacation days deploys", { limit: 5 });
    const faqs = forPrompt(index, ranked).filter((r) => r.page.title === "FAQ");
    expect(faqs.map((r) => r.page.path).sort()).toEqual(["handbook/engineering/faq", "handbook/hr/faq"]);
  });
});

describe("an alias page stands for the page it names", () => {
  it("follows an alias of an alias to the page with the content", async () => {
    const found = await sources("fossil forget");
    expect(found[0]).toBe("tldr/common/fossil-delete");
    expect(found).not.toContain("tldr/common/fossil-forget");
    expect(found).not.toContain("tldr/common/fossil-rm");
  });

  it("answers with the original command's page, never the pointer", async () => {
    const found = await sources("docker ps");
    expect(found[0]).toBe("tldr/common/docker-container-ls");
    expect(found).not.toContain("tldr/common/docker-ps");
  });
});

describe("inline mode", () => {
  it("offers the general namesake first and an alias page's original instead of it", () => {
    const inline = createInlineSearch({ index });
    const titles = (words: string) => inline.results(words, settings()).map((r) => r.id);
    const id = (path: string) => `p${index.pages().find((p) => p.path === path)!.id}`;
    expect(titles("how much free disk space is free")[0]).toBe(id("tldr/common/df"));
    const docker = titles("docker ps");
    expect(docker[0]).toBe(id("tldr/common/docker-container-ls"));
    expect(docker).not.toContain(id("tldr/common/docker-ps"));
  });
});

describe("the pages the model's words name first lead", () => {
  it("puts the named page first though the keywords rank another higher", async () => {
    const words = "df free disk space filesystem";
    expect(await rewritten(words, "сколько места свободно на диске")).toEqual(
      expect.arrayContaining(["tldr/common/df"]),
    );
    expect((await rewritten(words, "сколько места свободно на диске"))[0]).toBe("tldr/common/df");
  });

  it("reads an alias name as its original and the specific name before its umbrella", async () => {
    const found = await rewritten("docker docker stop manage containers images", "stop every container");
    expect(found[0]).toBe("tldr/common/docker-container-stop");
    expect(found.indexOf("tldr/common/docker")).toBeGreaterThan(0);
    expect(found).not.toContain("tldr/common/docker-stop");
  });

  it("keeps every umbrella of nested names, each after its more specific page", async () => {
    const found = await rewritten("git git remote git remote add add a remote repository", "add a remote");
    expect(found.slice(0, 3)).toEqual([
      "tldr/common/git-remote-add",
      "tldr/common/git-remote",
      "tldr/common/git",
    ]);
  });

  it("lets the question name the folder when the model's words do not", async () => {
    const found = await rewritten("df disk space filesystem", "how much free disk space on my mac");
    expect(found[0]).toBe("tldr/osx/df");
  });

  it("does not assert a page only the model named", async () => {
    standIn.server.script({ content: "du print file backwards reverse" });
    const answer = await withRewrite().answer("print a file backwards", settings("", "local"), {
      account: "bot1",
    });
    expect(answer.sources[0]!.path).toBe("tldr/common/du");
    expect(answer.confidence).toBe("weak");
  });

  it("stops reading names at the first word that starts no title", async () => {
    const found = await rewritten("tac cat print file concatenate", "is there like a reverse cat");
    expect(found[0]).toBe("tldr/common/tac");
  });

  it("never pulls the answer away from the part of the wiki the search put first", async () => {
    const found = await rewritten(
      "loginctl lock screen laptop rules company",
      "lock screen rules for laptops",
    );
    expect(found[0]).toBe("handbook/security/laptops");
  });
});

describe("the page directory follows the index", () => {
  it("sees a page put by hand and forgets a removed one", () => {
    const before = index.directory();
    expect(
      before
        .titled("DF", "en")
        .map((p) => p.path)
        .sort(),
    ).toEqual(["tldr/common/df", "tldr/linux/df", "tldr/osx/df"]);
    const added = wiki.add(command("windows", "df", "Disk free on Windows.", "- Show it:\n\n`df`"));
    index.upsertPage(added);
    expect(index.directory().titled("df", "en")).toHaveLength(4);
    expect(index.directory().folderSize("tldr/common", "en")).toBeGreaterThan(
      index.directory().folderSize("tldr/linux", "en"),
    );
    index.removePage(added.id);
    expect(index.directory().titled("df", "en")).toHaveLength(3);
  });
});
