import { GatewayError } from "../errors.js";
import type { RedisCode } from "./cluster-codes.js";

/**
 * Redis cannot be used: `redis-bad-url`, `redis-unreachable`, `redis-auth-failed`. The message names the URL with its password redacted.
 */
export class RedisConnectionError extends GatewayError<RedisCode> {}
