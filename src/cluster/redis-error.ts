import { GatewayError } from "../errors.js";

/**
 * Redis cannot be used: `redis-bad-url`, `redis-unreachable`, `redis-auth-failed`,
 * `redis-too-old`, `redis-data-invalid`. The message names the URL with its password redacted.
 */
export class RedisConnectionError extends GatewayError {}
