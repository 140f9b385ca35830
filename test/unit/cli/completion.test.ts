import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS, runCli } from "../../../src/cli/run-cli.js";
import { captureIo } from "../../helpers/cli.js";
import { describeWhere } from "../../helpers/needs.js";

async function script(shell: string): Promise<string> {
  const io = captureIo();
  expect(await runCli(["completion", shell], io)).toBe(0);
  const file = join(mkdtempSync(join(tmpdir(), "wg-completion-")), `wiki-gateway.${shell}`);
  writeFileSync(file, io.stdout());
  return file;
}

/** Candidates the bash function offers for the words typed (the last one is being completed). */
function bashComplete(file: string, words: string[]): string[] {
  const quoted = words.map((w) => `'${w}'`).join(" ");
  const out = execFileSync(
    "bash",
    [
      "--norc",
      "-c",
      `source '${file}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _wiki_gateway; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  return out.split("\n").filter(Boolean);
}

describe("completion: bash", () => {
  it("registers itself and completes command names", async () => {
    const file = await script("bash");
    const registered = spawnSync("bash", ["--norc", "-c", `source '${file}'; complete -p wiki-gateway`], {
      encoding: "utf8",
    });
    expect(registered.stdout.trim()).toBe("complete -o default -F _wiki_gateway wiki-gateway");
    expect(bashComplete(file, ["wiki-gateway", ""])).toEqual([
      ...COMMANDS.map((c) => c.name),
      "--help",
      "--version",
    ]);
    expect(bashComplete(file, ["wiki-gateway", "pa"])).toEqual(["pairing"]);
    expect(bashComplete(file, ["wiki-gateway", "st"])).toEqual(["start", "status"]);
  });

  it("completes sub-commands, and each sub-command's own options", async () => {
    const file = await script("bash");
    expect(bashComplete(file, ["wiki-gateway", "pairing", "ap"])).toEqual(["approve"]);
    expect(bashComplete(file, ["wiki-gateway", "pairing", "--account", "vera", "d"])).toEqual(["deny"]);
    expect(bashComplete(file, ["wiki-gateway", "sandbox", ""])).toEqual(["telegram", "wiki"]);
    expect(bashComplete(file, ["wiki-gateway", "completion", ""])).toEqual(["bash", "zsh"]);
    const approve = bashComplete(file, ["wiki-gateway", "pairing", "approve", "--"]);
    expect(approve).toEqual(
      expect.arrayContaining(["--account", "--notify", "--timeout-ms", "--config", "--help"]),
    );
    expect(approve).not.toContain("--json");
    expect(bashComplete(file, ["wiki-gateway", "pairing", "list", "--j"])).toEqual(["--json"]);
    expect(bashComplete(file, ["wiki-gateway", "sandbox", "wiki", "--s"])).toEqual(["--seed-dir"]);
    expect(bashComplete(file, ["wiki-gateway", "status", "--u"])).toEqual(["--url"]);
  });

  it("leaves a flag's value to file-name completion", async () => {
    const file = await script("bash");
    expect(bashComplete(file, ["wiki-gateway", "start", "--config", ""])).toEqual([]);
    expect(bashComplete(file, ["wiki-gateway", "check", "--json", "--"])).toContain("--config");
  });
});

/**
 * Runs the zsh function in a real zsh after `compinit`, with compadd/_describe/_files recording
 * the candidates (they only work inside a completion widget; zsh itself filters by prefix).
 */
function zshComplete(file: string, words: string[]): string {
  const quoted = words.map((w) => `'${w}'`).join(" ");
  return execFileSync(
    "zsh",
    [
      "-f",
      "-c",
      [
        "autoload -Uz compinit && compinit -u -D",
        `source '${file}'`,
        'print -r -- "registered: ${_comps[wiki-gateway]}"',
        'compadd() { [[ $1 == -- ]] && shift; print -r -- "compadd: $*"; }',
        '_describe() { print -r -- "describe: ${(j: :)${(@)${(P)4}%%:*}}"; }',
        '_files() { print -r -- "files"; }',
        `words=(${quoted}); CURRENT=${words.length}; _wiki_gateway`,
      ].join("\n"),
    ],
    { encoding: "utf8", env: { ...process.env, HOME: tmpdir() } },
  );
}

describeWhere("zsh", "completion: zsh", () => {
  it("registers with compinit and offers commands, sub-commands and options", async () => {
    const file = await script("zsh");
    const top = zshComplete(file, ["wiki-gateway", "pa"]);
    expect(top).toContain("registered: _wiki_gateway");
    expect(top).toContain(`describe: ${COMMANDS.map((c) => c.name).join(" ")}`);
    expect(zshComplete(file, ["wiki-gateway", "pairing", "ap"])).toContain(
      "compadd: list approve deny revoke allowed",
    );
    const approve = zshComplete(file, ["wiki-gateway", "pairing", "approve", "--"]);
    expect(approve).toMatch(/compadd: .*--account --notify --timeout-ms --help/);
    expect(approve).not.toContain("--json");
    expect(zshComplete(file, ["wiki-gateway", "status", "--url", ""])).toContain("files");
  });
});
