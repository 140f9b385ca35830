import { readFile } from "node:fs/promises";
import { errorMessage } from "../../../../src/errors.js";
import { SandboxError } from "./errors.js";
import type { SandboxChat, SandboxUser, TelegramSandbox } from "./types.js";

/** The seven accounts of the reference configuration; each gets a bot `<name>_wiki_bot` ("-" → "_"). */
export const REFERENCE_ACCOUNTS = ["default", "vera", "denis", "cpo", "devops-v2", "mila", "pe"] as const;

export interface WorldFile {
  bots: Array<{
    username: string;
    firstName?: string;
    privacy?: boolean;
    token?: string;
    id?: number;
    inline?: boolean;
  }>;
  users?: Array<{ firstName: string; username?: string; id?: number; languageCode?: string }>;
  /** members: user ids, or usernames of users of this file; bots: usernames. */
  groups?: Array<{
    title: string;
    type?: "group" | "supergroup";
    members?: Array<number | string>;
    bots?: string[];
    /** Bots that are administrators (they get reactions). */
    admins?: string[];
    id?: number;
  }>;
}

export const referenceWorld = (): WorldFile => ({
  bots: REFERENCE_ACCOUNTS.map((name) => ({
    username: `${name.replace(/-/g, "_")}_wiki_bot`,
    firstName: name,
    inline: true,
  })),
  users: [{ firstName: "Ada", username: "ada" }],
  groups: [
    {
      title: "Team",
      type: "supergroup",
      members: ["ada"],
      bots: REFERENCE_ACCOUNTS.map((n) => `${n.replace(/-/g, "_")}_wiki_bot`),
    },
  ],
});

export async function readWorldFile(path: string): Promise<WorldFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new SandboxError(
      "bad-world-file",
      `cannot read ${path}: ${errorMessage(error)}`,
      "pass a JSON file {bots:[{username}], users:[], groups:[]}",
    );
  }
  const file = parsed as Partial<WorldFile> | null;
  if (!file || !Array.isArray(file.bots) || file.bots.some((b) => typeof b?.username !== "string")) {
    throw new SandboxError(
      "bad-world-file",
      `${path}: "bots" must be a list of {username, firstName?, privacy?, token?, inline?}`,
      "fix the file",
    );
  }
  return file as WorldFile;
}

/** Creates the file's bots, users and groups in the sandbox. */
export function applyWorld(
  sandbox: TelegramSandbox,
  world: WorldFile,
): { users: SandboxUser[]; groups: SandboxChat[] } {
  for (const bot of world.bots) sandbox.addBot(bot);
  const users = (world.users ?? []).map((u) => sandbox.addUser(u));
  const memberId = (m: number | string) => {
    if (typeof m === "number") return m;
    const user = users.find((u) => u.username?.toLowerCase() === m.replace(/^@/, "").toLowerCase());
    if (!user)
      throw new SandboxError(
        "bad-world-file",
        `group member "${m}" is not a user of the file`,
        "list the user under users",
      );
    return user.id;
  };
  const groups = (world.groups ?? []).map(({ members, ...g }) =>
    sandbox.addGroup({ ...g, ...(members ? { members: members.map(memberId) } : {}) }),
  );
  return { users, groups };
}
