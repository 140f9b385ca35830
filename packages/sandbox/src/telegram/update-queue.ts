/**
 * One bot's unconfirmed updates, oldest first, with ascending update_ids. An array with a moving
 * head: confirming, pruning and taking cost O(updates touched), never O(queue).
 */

export type Update = Record<string, unknown> & { update_id: number };

interface Entry {
  update: Update;
  /** Sandbox clock, ms. */
  at: number;
}

export interface UpdateQueue {
  /** Appends with the next update_id (or the given one, which must be larger than the last). */
  push(update: Record<string, unknown>, at: number): number;
  /** offset > 0 forgets every update below it; offset < 0 keeps only the last -offset updates. */
  confirm(offset: number): void;
  /** Forgets updates stored before `cutoff` (ms). */
  prune(cutoff: number): void;
  peek(limit: number): Update[];
  size(): number;
  clear(): void;
}

export function createUpdateQueue(firstId: number): UpdateQueue {
  let entries: Entry[] = [];
  let head = 0;
  let nextId = firstId;

  const compact = () => {
    if (head > 1024 && head * 2 > entries.length) {
      entries = entries.slice(head);
      head = 0;
    }
  };

  return {
    push(update, at) {
      const given = update.update_id;
      let id = nextId;
      if (typeof given === "number") {
        if (!Number.isSafeInteger(given) || given < nextId) {
          throw new RangeError(`update_id ${given} must be an integer ≥ ${nextId} (ids only grow)`);
        }
        id = given;
      }
      nextId = id + 1;
      const { update_id: _given, ...rest } = update;
      entries.push({ update: { update_id: id, ...rest }, at });
      return id;
    },
    confirm(offset) {
      if (offset > 0) {
        while (head < entries.length && entries[head]!.update.update_id < offset) head++;
      } else if (offset < 0) {
        head = Math.max(head, entries.length + offset);
      }
      compact();
    },
    prune(cutoff) {
      while (head < entries.length && entries[head]!.at < cutoff) head++;
      compact();
    },
    peek(limit) {
      const out: Update[] = [];
      const end = Math.min(entries.length, head + limit);
      for (let i = head; i < end; i++) out.push(entries[i]!.update);
      return out;
    },
    size: () => entries.length - head,
    clear() {
      entries = [];
      head = 0;
    },
  };
}
