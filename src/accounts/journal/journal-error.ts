import { GatewayError } from "../../errors.js";

/** The update journal cannot be read or written; its remedy says what to change on the host. */
export class JournalError extends GatewayError {}
