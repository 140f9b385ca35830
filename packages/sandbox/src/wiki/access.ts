/**
 * Who a request runs as, with Wiki.js 2.5's permission model reduced to what the sandbox needs:
 * global permissions of the key's group plus "deny" page rules on path prefixes.
 */
export interface Principal {
  kind: "guest" | "api";
  permissions: ReadonlySet<string>;
  /** Page rules: every permission is denied on paths starting with one of these. */
  deniedPaths: readonly string[];
}

/** Admin group: everything. */
export const FULL_PERMISSIONS = [
  "read:pages",
  "read:source",
  "write:pages",
  "manage:pages",
  "delete:pages",
  "manage:system",
];
/** A read-only group: can see pages through list/search, cannot `single` (needs manage:pages). */
export const READ_PERMISSIONS = ["read:pages", "read:source", "read:assets", "read:comments"];
/** A write group limited by page rules (no manage:system, which would bypass the rules). */
export const WRITE_PERMISSIONS = ["read:pages", "read:source", "write:pages", "manage:pages", "delete:pages"];
/** The default Guests group right after setup. */
export const GUEST_PERMISSIONS = ["read:pages", "read:assets", "read:comments"];

export const GUEST: Principal = { kind: "guest", permissions: new Set(GUEST_PERMISSIONS), deniedPaths: [] };

/**
 * WIKI.auth.checkAccess: true when the principal holds one of `permissions` and, when a page is
 * given, no page rule denies its path. `manage:system` bypasses the page rules.
 */
export function checkAccess(
  principal: Principal,
  permissions: readonly string[],
  page?: { path: string },
): boolean {
  if (principal.permissions.has("manage:system")) return true;
  if (!permissions.some((p) => principal.permissions.has(p))) return false;
  if (!page) return true;
  return !principal.deniedPaths.some((prefix) => page.path.startsWith(prefix));
}
