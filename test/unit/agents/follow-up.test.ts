import { describe, expect, it } from "vitest";
import { readFollowUp } from "../../../src/agents/follow-up.js";
import type { ConversationTurn } from "../../../src/core/conversation.js";

const turn = (question: string, title: string, searched?: string): ConversationTurn => ({
  question,
  ...(searched === undefined ? {} : { searched }),
  pages: [{ path: `tldr/common/${title}`, locale: "en", title }],
  at: 0,
});
/** Page titles of a small wiki: the tools a message may name of its own. */
const TITLES = new Set([
  "tar",
  "wget",
  "curl",
  "docker",
  "lsof",
  "ssh-keygen",
  "ssh",
  "arch",
  "sort",
  "case",
]);
const isTool = (word: string) => TITLES.has(word);

describe("a message read against the turn before it, without a model", () => {
  it("a short question that opens with a question word and says what it asks stands alone", () => {
    const tar = [turn("怎么解压tar.gz文件", "tar")];
    expect(readFollowUp("как взять отпуск?", tar, isTool).as).toBe("alone");
    expect(readFollowUp("how to resize images?", tar, isTool).as).toBe("alone");
    expect(readFollowUp("on a mac?", tar, isTool).as).toBe("follow-up");
    expect(readFollowUp("why?", tar, isTool).as).toBe("follow-up");
  });

  it("stands alone when nothing came before", () => {
    expect(readFollowUp("and on a mac?", [], isTool).as).toBe("alone");
  });

  it.each([
    ["and how do i unpack it again?", "how do i pack a folder into a tarball"],
    ["and on a mac?", "how do I see which process listens on port 80"],
    ["how do I stop one of them?", "list docker containers"],
    ["and if I already pushed it?", "how do I undo my last git commit"],
    ["same for mac?", "how do i start a service at boot on linux"],
    ["and on arch?", "how do I install a package on ubuntu"],
    ["how do I sort them by memory?", "see running processes"],
    ["а на маке?", "как посмотреть, какой процесс слушает порт 80"],
    ["а если я его уже отправил?", "как отменить последний коммит"],
    ["und auf dem Mac?", "welcher Prozess hört auf Port 80"],
    ["y en mac?", "qué proceso escucha en el puerto 80"],
    ["那在mac上呢？", "哪个进程在监听80端口"],
  ])("%s follows up %s: searched with it", (message, before) => {
    const reading = readFollowUp(message, [turn(before, "lsof")], isTool);
    expect(reading.as).toBe("follow-up");
    if (reading.as !== "follow-up") return;
    expect(reading.query).toContain(message);
    expect(reading.topic.question).toBe(before);
  });

  it.each([
    ["generate a new ssh key pair", "list docker containers"],
    ["how do I delete a local git branch", "how do I generate an ssh key"],
    ["как проверить, доступен ли сервер", "как закоммитить изменения в git"],
  ])("%s after %s stands on its own", (message, before) => {
    expect(readFollowUp(message, [turn(before, "docker")], isTool).as).toBe("alone");
  });

  it("a message naming a tool of its own stands alone, whatever it opens with", () => {
    expect(
      readFollowUp("and with wget?", [turn("how do i download a file with curl", "curl")], isTool),
    ).toEqual({
      as: "alone",
      why: "names a tool of its own",
    });
    // A platform or an everyday word that is also a page title is no tool of its own.
    expect(readFollowUp("and on arch?", [turn("install a package on ubuntu", "apt")], isTool).as).toBe(
      "follow-up",
    );
    expect(readFollowUp("and ignore case?", [turn("search text in files", "grep")], isTool).as).toBe(
      "follow-up",
    );
  });

  it("searches with what the turn before searched, and names the platform as pages do", () => {
    const reading = readFollowUp(
      "and on a mac?",
      [turn("which process uses port 80", "lsof", "lsof ss port listen process")],
      isTool,
    );
    expect(reading).toMatchObject({
      as: "follow-up",
      query: "lsof ss port listen process and on a mac? macos osx",
    });
  });

  it("keeps what the turn before was about, not what it did, when the follow-up says what to do", () => {
    const reading = readFollowUp(
      "how do I stop one of them?",
      [turn("list docker containers", "docker-ps")],
      isTool,
    );
    expect(reading).toMatchObject({ as: "follow-up", query: "docker containers how do I stop one of them?" });
    const russian = readFollowUp(
      "а как распаковать его обратно?",
      [turn("как упаковать папку в tar архив", "tar")],
      isTool,
    );
    expect(russian).toMatchObject({ query: "как папку в tar архив а как распаковать его обратно?" });
  });

  it("reads against the last turn of several", () => {
    const reading = readFollowUp(
      "and on a mac?",
      [turn("list docker containers", "docker-ps"), turn("free memory on linux", "free")],
      isTool,
    );
    expect(reading).toMatchObject({ as: "follow-up", topic: { question: "free memory on linux" } });
  });
});
