import { hostname } from "node:os";

/**
 * This replica's id in cluster mode: the `replicaId` setting, or `<host name>-<pid>` when it is
 * empty. Ids must be unique among live replicas: two processes with one id would each take the
 * other's leases for their own (the fencing token still refuses the older one's next poll).
 */
export function replicaIdOf(setting: string, host: string = hostname(), pid: number = process.pid): string {
  const id = setting.trim();
  if (id !== "") return id;
  return `${host}-${pid}`;
}
