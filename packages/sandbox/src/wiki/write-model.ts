import { setTimeout as sleep } from "node:timers/promises";
import type { PageStore } from "./page-store.js";

/** When the page-tree job fails: never, when tree jobs overlap (as on a real wiki), or always. */
export type TreeJobFailure = "never" | "concurrent" | "always";

export interface WriteModelControls {
  /** How long a create or update takes after it has been saved (a real wiki renders the page). */
  writeLatencyMs: number;
  treeJobFailure: TreeJobFailure;
}

/**
 * How a real Wiki.js 2.5 writes, where the gateway can tell: the page is saved first, then the
 * wiki renders it and (on create and move) rebuilds its page tree before answering, which takes
 * seconds. A tree job that starts while another runs fails on the table's unique key, and the
 * create answers `succeeded: false`, errorCode 1, with the failed SQL statement in its message,
 * although the page was created. A client that times out during `writeLatencyMs` therefore sees
 * no answer for a write that happened.
 */
export function createWriteModel(store: PageStore, controls: WriteModelControls) {
  let treeJobs = 0;

  return {
    /** Waits out the render; for a tree job, throws the tree failure when the model says so. */
    async afterSave(rebuildsTree: boolean): Promise<void> {
      if (!rebuildsTree) {
        if (controls.writeLatencyMs > 0) await sleep(controls.writeLatencyMs);
        return;
      }
      const overlapping = treeJobs > 0;
      treeJobs += 1;
      try {
        if (controls.writeLatencyMs > 0) await sleep(controls.writeLatencyMs);
      } finally {
        treeJobs -= 1;
      }
      const mode = controls.treeJobFailure;
      if (mode === "always" || (mode === "concurrent" && overlapping)) throw treeJobError(store);
    },
  };
}

/** The job's error as the wiki words it: a whole multi-row insert, kilobytes long. */
function treeJobError(store: PageStore): Error {
  const rows = [...store.all()]
    .map((p) => `(${p.id}, '${p.path.replace(/'/g, "''")}', 1, 0, '${p.title.replace(/'/g, "''")}', 0, 0, 1)`)
    .join(", ");
  return new Error(
    `Error when running job rebuild-tree: insert into \`pageTree\` (\`id\`, \`path\`, \`depth\`, \`title\`, \`isPrivate\`, \`isFolder\`, \`parent\`, \`pageId\`, \`localeCode\`) values ${rows} - SQLITE_CONSTRAINT: UNIQUE constraint failed: pageTree.id`,
  );
}
