import type { GroupConfig } from "./schema.js";

/**
 * Where a `groups` map answers without a mention: each group key whose entry sets
 * `requireMention: false`, and `"<key> topic <thread>"` for each topic that sets it where its group
 * does not. These are the places privacy mode silences (the bot sees only commands, mentions and
 * replies), so the daemon and `doctor` name them when privacy mode is on.
 */
export function mentionFreePlaces(groups: Readonly<Record<string, GroupConfig>>): string[] {
  const places: string[] = [];
  for (const [id, group] of Object.entries(groups)) {
    if (group.requireMention === false) {
      places.push(id);
      continue;
    }
    for (const [thread, topic] of Object.entries(group.topics ?? {})) {
      if (topic.requireMention === false) places.push(`${id} topic ${thread}`);
    }
  }
  return places;
}
