import { GatewayError } from "../../errors.js";
import type { JournalCode } from "./journal-codes.js";

/** The update journal cannot be read or written; its remedy says what to change on the host. */
export class JournalError extends GatewayError<JournalCode> {}
