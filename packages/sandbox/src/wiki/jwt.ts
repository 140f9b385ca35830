import { createHmac, timingSafeEqual } from "node:crypto";

/** The claims of a Wiki.js API key. */
export interface ApiKeyClaims {
  api: number;
  grp: number;
  iat: number;
  exp: number;
  aud: string;
  iss: string;
}

export const WIKI_AUDIENCE = "urn:wiki.js";
export const WIKI_ISSUER = "urn:wiki.js";

const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString("base64url");
}

function sign(input: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(input).digest();
}

/** An HS256 JWT of `claims` (header `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9`). */
export function signJwt(claims: ApiKeyClaims, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret).toString("base64url")}`;
}

export type JwtCheck =
  | { ok: true; claims: ApiKeyClaims }
  | { ok: false; reason: "malformed" | "signature" | "claims" }
  | { ok: false; reason: "expired"; claims: ApiKeyClaims; expiredAt: number };

/**
 * Verifies like jsonwebtoken does: shape, algorithm, signature, audience and issuer first, then
 * expiry (`nowSeconds >= exp` is expired). Never throws.
 */
export function verifyJwt(token: string, secret: string, nowSeconds: number): JwtCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  const [header, payload, signature] = parts as [string, string, string];
  let claims: Partial<ApiKeyClaims>;
  try {
    const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown };
    if (head.alg !== "HS256") return { ok: false, reason: "malformed" };
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<ApiKeyClaims>;
    if (typeof claims !== "object" || claims === null) return { ok: false, reason: "malformed" };
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "signature" };
  if (claims.aud !== WIKI_AUDIENCE || claims.iss !== WIKI_ISSUER) return { ok: false, reason: "claims" };
  if (typeof claims.api !== "number" || typeof claims.grp !== "number" || typeof claims.exp !== "number") {
    return { ok: false, reason: "claims" };
  }
  const full = claims as ApiKeyClaims;
  if (nowSeconds >= full.exp) return { ok: false, reason: "expired", claims: full, expiredAt: full.exp };
  return { ok: true, claims: full };
}
