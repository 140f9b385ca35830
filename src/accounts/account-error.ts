import { GatewayError } from "../errors.js";
import type { AccountCode } from "./account-codes.js";

/** Errors of one account (its token, its webhook, its poller). Never affect other accounts. */
export class AccountError extends GatewayError<AccountCode> {}
