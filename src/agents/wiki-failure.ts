import { errorMessage, isGatewayError } from "../errors.js";

/**
 * The log fields of a wiki failure: its code and the operator's remedy when the wiki client gave
 * one (a GatewayError), else "wiki-error". Never the token: GatewayError messages carry none.
 */
export function describeWikiFailure(error: unknown): { code: string; remedy?: string; err: string } {
  if (isGatewayError(error)) return { code: error.code, remedy: error.remedy, err: error.message };
  return { code: "wiki-error", err: errorMessage(error) };
}
