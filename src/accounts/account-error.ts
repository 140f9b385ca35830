import { GatewayError } from "../errors.js";

/** Errors of one account (its token, its webhook, its poller). Never affect other accounts. */
export class AccountError extends GatewayError {}
