import { randomBytes } from "node:crypto";
import { FULL_PERMISSIONS, GUEST, type Principal, READ_PERMISSIONS, WRITE_PERMISSIONS } from "./access.js";
import { signJwt, verifyJwt, WIKI_AUDIENCE, WIKI_ISSUER } from "./jwt.js";

/** Wiki.js `auth.tokenRenewal`: an expired token within this window is "Unauthorized", older is Guest. */
export const TOKEN_RENEWAL_MS = 14 * 24 * 3600 * 1000;
const DEFAULT_LIFETIME_SECONDS = 365 * 24 * 3600;

export interface IssueKeyOptions {
  expiresInSeconds?: number;
  /** Default true (Administrators group). false: a read-only group. */
  fullAccess?: boolean;
  /** Issue a key that expired this many seconds ago. */
  expiredSecondsAgo?: number;
  /** A write group whose page rules deny these path prefixes (6008/6009/6013 there). */
  deniedPaths?: string[];
}

export interface KeyState {
  secret: string;
  nextKeyId: number;
  keys: Array<{ id: number; grp: number; revoked: boolean }>;
  groups: Array<{ id: number; permissions: string[]; deniedPaths: string[] }>;
}

export type AuthOutcome =
  | { kind: "principal"; principal: Principal }
  /** A key expired less than 14 days ago: Wiki.js leaves req.user unset, every guarded field is "Unauthorized". */
  | { kind: "unauthenticated" }
  /** HTTP 500 from the auth middleware. */
  | { kind: "reject"; message: string };

export const REVOKED_MESSAGE = "API Key is invalid or was revoked.";
export const API_DISABLED_MESSAGE = "API is disabled. You must enable it from the Administration Area first.";

const ADMIN_GROUP = 1;
const READ_GROUP = 3;

export function initialKeyState(secret?: string): KeyState {
  return {
    secret: secret ?? randomBytes(32).toString("base64url"),
    nextKeyId: 1,
    keys: [],
    groups: [
      { id: ADMIN_GROUP, permissions: FULL_PERMISSIONS, deniedPaths: [] },
      { id: READ_GROUP, permissions: READ_PERMISSIONS, deniedPaths: [] },
    ],
  };
}

/** API keys, their groups and revocations, and the Wiki.js authentication middleware. */
export function createKeyRing(state: KeyState, now: () => number, changed: () => void) {
  const principals = new Map<number, Principal>();

  function groupPrincipal(grp: number): Principal {
    let principal = principals.get(grp);
    if (!principal) {
      const group = state.groups.find((g) => g.id === grp);
      principal = {
        kind: "api",
        permissions: new Set(group?.permissions ?? []),
        deniedPaths: group?.deniedPaths ?? [],
      };
      principals.set(grp, principal);
    }
    return principal;
  }

  return {
    issue(options: IssueKeyOptions = {}): string {
      let grp = options.fullAccess === false ? READ_GROUP : ADMIN_GROUP;
      if (options.deniedPaths?.length) {
        grp = Math.max(...state.groups.map((g) => g.id)) + 1;
        state.groups.push({ id: grp, permissions: WRITE_PERMISSIONS, deniedPaths: [...options.deniedPaths] });
      }
      const id = state.nextKeyId++;
      state.keys.push({ id, grp, revoked: false });
      changed();
      const nowSeconds = Math.floor(now() / 1000);
      const exp =
        options.expiredSecondsAgo !== undefined
          ? nowSeconds - options.expiredSecondsAgo
          : nowSeconds + (options.expiresInSeconds ?? DEFAULT_LIFETIME_SECONDS);
      const iat = Math.min(nowSeconds, exp - 60);
      return signJwt({ api: id, grp, iat, exp, aud: WIKI_AUDIENCE, iss: WIKI_ISSUER }, state.secret);
    },

    revoke(token: string): void {
      const check = verifyJwt(token, state.secret, 0);
      if (!check.ok && check.reason !== "expired") return;
      const key = state.keys.find((k) => k.id === check.claims.api);
      if (key && !key.revoked) {
        key.revoked = true;
        changed();
      }
    },

    /** What Wiki.js's `authenticate` middleware decides for an Authorization header value. */
    authenticate(authorization: string | undefined, apiEnabled: boolean): AuthOutcome {
      const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
      if (!match) return { kind: "principal", principal: GUEST };
      const check = verifyJwt(match[1]!, state.secret, Math.floor(now() / 1000));
      if (!check.ok) {
        if (check.reason === "expired" && now() - check.expiredAt * 1000 < TOKEN_RENEWAL_MS) {
          return { kind: "unauthenticated" };
        }
        return { kind: "principal", principal: GUEST };
      }
      if (!apiEnabled) return { kind: "reject", message: API_DISABLED_MESSAGE };
      const key = state.keys.find((k) => k.id === check.claims.api);
      if (!key || key.revoked) return { kind: "reject", message: REVOKED_MESSAGE };
      return { kind: "principal", principal: groupPrincipal(check.claims.grp) };
    },
  };
}

export type KeyRing = ReturnType<typeof createKeyRing>;
