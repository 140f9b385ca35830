import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContractKeys } from "../contract/wiki-contract.js";
import { freePort } from "../helpers/daemon.js";
import { type Postgres, startPostgres } from "./postgres.js";

export type WikiDatabase = "sqlite" | "postgres";

/** What the contract tests get from a running real wiki. */
export interface RealWikiInfo {
  db: WikiDatabase;
  baseUrl: string;
  /** An administrator's session JWT, for switching the API off and on. */
  adminJwt: string;
  keys: ContractKeys;
  logFile: string;
}

export interface RealWiki extends RealWikiInfo {
  stop(): Promise<void>;
}

const ADMIN = { email: "admin@example.com", password: "contract-admin-password-1" };

function configYaml(port: number, dataPath: string, db: WikiDatabase, dir: string, pg?: Postgres): string {
  const database =
    db === "sqlite"
      ? ["db:", "  type: sqlite", `  storage: ${join(dir, "wiki.sqlite")}`]
      : [
          "db:",
          "  type: postgres",
          `  host: ${pg!.host}`,
          `  port: ${pg!.port}`,
          `  user: ${pg!.user}`,
          `  pass: ${pg!.password}`,
          `  db: ${pg!.database}`,
          "  ssl: false",
        ];
  return [
    `port: ${port}`,
    "bindIP: 127.0.0.1",
    ...database,
    "ssl:",
    "  enabled: false",
    "pool: {}",
    "logLevel: warn",
    "offline: true",
    "ha: false",
    `dataPath: ${dataPath}`,
    "bodyParserLimit: 5mb",
    "",
  ].join("\n");
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} not within ${timeoutMs} ms${last ? ` (${String(last)})` : ""}`);
}

export async function graphqlAs<T = Record<string, unknown>>(
  baseUrl: string,
  jwt: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; data?: T; errors?: Array<{ message: string }> }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  return { status: response.status, ...body };
}

/**
 * Starts the installed Wiki.js on 127.0.0.1 with a fresh database (SQLite file, or a throw-away
 * PostgreSQL cluster), finalizes its setup as an administrator, restarts it, switches the API on
 * and creates the keys the contract tests need: a full one, one expired ("1s") and one revoked.
 */
export async function startRealWiki(
  installDir: string,
  db: WikiDatabase,
  log: (line: string) => void,
): Promise<RealWiki> {
  const dir = mkdtempSync(join(tmpdir(), `wikijs-${db}-`));
  const port = await freePort();
  const pg = db === "postgres" ? startPostgres(await freePort()) : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const configFile = join(dir, "config.yml");
  writeFileSync(configFile, configYaml(port, join(dir, "data"), db, dir, pg));
  const logFile = join(dir, "wiki.log");
  const logStream = createWriteStream(logFile, { flags: "a" });
  let child: ChildProcess | undefined;

  const start = () => {
    child = spawn(process.execPath, ["server"], {
      cwd: installDir,
      env: { ...process.env, CONFIG_FILE: configFile, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.pipe(logStream, { end: false });
    child.stderr?.pipe(logStream, { end: false });
  };
  const stopChild = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    const timer = setTimeout(() => running.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const stop = async () => {
    await stopChild();
    pg?.stop();
    logStream.end();
    if (!process.env.WIKIJS_KEEP) rmSync(dir, { recursive: true, force: true });
  };

  try {
    start();
    // In setup mode any answer will do: without the browser client its setup page is an error.
    await waitFor("Wiki.js in setup mode", 180_000, async () => {
      await fetch(baseUrl, { signal: AbortSignal.timeout(5000) });
      return true;
    });
    const finalize = await fetch(`${baseUrl}/finalize`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        adminEmail: ADMIN.email,
        adminPassword: ADMIN.password,
        adminPasswordConfirm: ADMIN.password,
        siteUrl: baseUrl,
        telemetry: false,
      }),
      signal: AbortSignal.timeout(180_000),
    });
    const finalized = (await finalize.json()) as { ok: boolean; error?: string };
    if (!finalized.ok) throw new Error(`Wiki.js setup failed: ${finalized.error}`);
    await stopChild();
    start();
    const adminJwt = await waitFor("Wiki.js after setup", 180_000, async () => {
      const login = await graphqlAs<{ authentication: { login: { jwt: string | null } } }>(
        baseUrl,
        undefined,
        `mutation ($u: String!, $p: String!) { authentication { login(username: $u, password: $p, strategy: "local") { jwt responseResult { succeeded message } } } }`,
        { u: ADMIN.email, p: ADMIN.password },
      );
      return login.data?.authentication.login.jwt ?? undefined;
    });
    const keys = await createKeys(baseUrl, adminJwt);
    log(`Wiki.js ${db} ready at ${baseUrl} (log ${logFile})`);
    return { db, baseUrl, adminJwt, keys, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const PAGE_ROLES = ["read:pages", "read:source", "write:pages", "manage:pages"];

async function createKeys(baseUrl: string, adminJwt: string): Promise<ContractKeys> {
  const admin = <T>(query: string, variables: Record<string, unknown> = {}) =>
    graphqlAs<T>(baseUrl, adminJwt, query, variables);
  const api = await admin<{ authentication: { setApiState: { responseResult: { succeeded: boolean } } } }>(
    "mutation { authentication { setApiState(enabled: true) { responseResult { succeeded message } } } }",
  );
  if (!api.data?.authentication.setApiState.responseResult.succeeded) {
    throw new Error(`cannot enable the API: ${JSON.stringify(api)}`);
  }
  const create = async (name: string, expiration: string, group?: number) => {
    const answer = await admin<{ authentication: { createApiKey: { key: string | null } } }>(
      `mutation ($name: String!, $exp: String!, $full: Boolean!, $group: Int) { authentication { createApiKey(name: $name, expiration: $exp, fullAccess: $full, group: $group) { key responseResult { succeeded message } } } }`,
      { name, exp: expiration, full: group === undefined, group: group ?? null },
    );
    const key = answer.data?.authentication.createApiKey.key;
    if (!key) throw new Error(`cannot create API key ${name}: ${JSON.stringify(answer)}`);
    return key;
  };
  const groupWith = async (name: string, permissions: string[], deny?: string) => {
    const made = await admin<{ groups: { create: { group: { id: number } | null } } }>(
      "mutation ($name: String!) { groups { create(name: $name) { group { id } responseResult { succeeded message } } } }",
      { name },
    );
    const id = made.data?.groups.create.group?.id;
    if (id === undefined) throw new Error(`cannot create group ${name}: ${JSON.stringify(made)}`);
    const rules = [
      { id: "all", deny: false, match: "START", roles: permissions, path: "", locales: [] },
      ...(deny
        ? [{ id: "deny", deny: true, match: "START", roles: PAGE_ROLES, path: deny, locales: [] }]
        : []),
    ];
    const updated = await admin<{ groups: { update: { responseResult: { succeeded: boolean } } } }>(
      'mutation ($id: Int!, $name: String!, $permissions: [String]!, $rules: [PageRuleInput]!) { groups { update(id: $id, name: $name, redirectOnLogin: "/", permissions: $permissions, pageRules: $rules) { responseResult { succeeded message } } } }',
      { id, name, permissions, rules },
    );
    if (!updated.data?.groups.update.responseResult.succeeded) {
      throw new Error(`cannot set up group ${name}: ${JSON.stringify(updated)}`);
    }
    return id;
  };
  const readOnly = await create(
    "contract-read-only",
    "1y",
    await groupWith("read-only", ["read:pages", "read:source"]),
  );
  const denied = await create("contract-denied", "1y", await groupWith("writers", PAGE_ROLES, "denied"));
  const full = await create("contract-full", "1y");
  const expired = await create("contract-expired", "1s");
  const revoked = await create("contract-revoked", "1y");
  const listed = await admin<{ authentication: { apiKeys: Array<{ id: number; name: string }> } }>(
    "{ authentication { apiKeys { id name } } }",
  );
  const id = listed.data?.authentication.apiKeys.find((k) => k.name === "contract-revoked")?.id;
  if (id === undefined) throw new Error("the revoked key is not listed");
  await admin(
    "mutation ($id: Int!) { authentication { revokeApiKey(id: $id) { responseResult { succeeded } } } }",
    {
      id,
    },
  );
  // "1s" must be past before the key is used.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return { full, expired, revoked, readOnly, denied };
}

/** Switches the wiki's API access (Administration > API Access) off or on. */
export async function setApiEnabled(info: RealWikiInfo, enabled: boolean): Promise<void> {
  const answer = await graphqlAs<{
    authentication: { setApiState: { responseResult: { succeeded: boolean } } };
  }>(
    info.baseUrl,
    info.adminJwt,
    "mutation ($on: Boolean!) { authentication { setApiState(enabled: $on) { responseResult { succeeded message } } } }",
    { on: enabled },
  );
  if (!answer.data?.authentication.setApiState.responseResult.succeeded) {
    throw new Error(`cannot switch the API: ${JSON.stringify(answer)}`);
  }
}
