import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingsReference } from "../../../src/config/settings.js";

type Node = string | Node[] | { [key: string]: Node };

/**
 * Reads the YAML subset compose files use here: nested maps by indentation, `- item` lists,
 * inline `[...]` kept as text, anchors (`&name`) and merge keys (`<<: *name`). Enough to check
 * the file's services; a container engine is not available on the test machines.
 */
function readComposeYaml(text: string): Record<string, Node> {
  const anchors = new Map<string, Record<string, Node>>();
  const lines = text
    .split("\n")
    .map((raw) => raw.replace(/\s+#.*$/, "").replace(/^\s*#.*$/, ""))
    .filter((l) => l.trim() !== "");
  let i = 0;
  const indentOf = (l: string) => l.length - l.trimStart().length;
  const scalar = (v: string): string => v.trim().replace(/^"(.*)"$/, "$1");
  function block(indent: number): Node {
    if (lines[i]!.trimStart().startsWith("- ")) {
      const list: Node[] = [];
      while (i < lines.length && indentOf(lines[i]!) === indent && lines[i]!.trimStart().startsWith("- "))
        list.push(scalar(lines[i++]!.trimStart().slice(2)));
      return list;
    }
    const map: Record<string, Node> = {};
    while (i < lines.length && indentOf(lines[i]!) === indent) {
      const line = lines[i++]!.trim();
      const colon = line.indexOf(":");
      const key = scalar(line.slice(0, colon));
      const rest = line.slice(colon + 1).trim();
      if (key === "<<") {
        Object.assign(map, anchors.get(rest.replace(/^\*/, "")) ?? {});
        continue;
      }
      if (rest === "" || rest.startsWith("&")) {
        const value = i < lines.length && indentOf(lines[i]!) > indent ? block(indentOf(lines[i]!)) : "";
        if (rest.startsWith("&") && typeof value === "object" && !Array.isArray(value))
          anchors.set(rest.slice(1), value);
        map[key] = value;
      } else map[key] = scalar(rest);
    }
    return map;
  }
  return block(0) as Record<string, Node>;
}

const compose = readComposeYaml(
  readFileSync(new URL("../../../compose.cluster.yaml", import.meta.url), "utf8"),
);
const services = compose.services as Record<string, Record<string, Node>>;

describe("compose.cluster.yaml", () => {
  it("runs Redis with persistence and two gateway replicas", () => {
    expect(Object.keys(services).sort()).toEqual(["gateway-1", "gateway-2", "redis"]);
    expect(services.redis!.command).toMatch(/--appendonly", "yes"/);
    expect(services.redis!.volumes).toEqual(["redis-data:/data"]);
  });

  it("gives each replica the Redis URL, its own id, port and state volume, after Redis is healthy", () => {
    const gateways = [services["gateway-1"]!, services["gateway-2"]!];
    const envs = gateways.map((g) => g.environment as Record<string, string>);
    for (const [n, env] of envs.entries()) {
      expect(env.GATEWAY_REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD[^}]*\}@redis:6379$/);
      expect(env.GATEWAY_REPLICA_ID).toBe(`gateway-${n + 1}`);
      expect(env.GATEWAY_LEASE_TTL_MS).toBeDefined();
      expect(env.WIKI_TOKEN_FILE).toBe("/run/secrets/wiki_token");
    }
    expect(gateways.map((g) => (g.volumes as string[]).find((v) => v.endsWith(":/state")))).toEqual([
      "state-1:/state",
      "state-2:/state",
    ]);
    expect(new Set(gateways.map((g) => String(g.ports)))).toHaveProperty("size", 2);
    for (const g of gateways) {
      expect(g.depends_on).toEqual({ redis: { condition: "service_healthy" } });
      expect(g.build).toBe(".");
    }
  });

  it("sets only variables the gateway knows", () => {
    const known = new Set(settingsReference().map((s) => s.env));
    const env = services["gateway-1"]!.environment as Record<string, string>;
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
  });
});
