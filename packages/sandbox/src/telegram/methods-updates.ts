import { parseAllowedUpdates } from "./bot-updates.js";
import { badRequest } from "./errors.js";
import type { Method } from "./method-types.js";
import { boolParam, intParam, jsonParam } from "./params.js";

/** getUpdates, setWebhook, deleteWebhook, getWebhookInfo. */

export const getUpdates: Method = (_world, { state, params, signal }) => {
  const args = {
    offset: intParam(params, "offset"),
    limit: intParam(params, "limit"),
    timeout: intParam(params, "timeout"),
    allowed_updates: parseAllowedUpdates(jsonParam(params, "allowed_updates")),
  };
  return state.updates.getUpdates(
    Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)),
    signal,
  );
};

export const setWebhook: Method = (_world, { state, params }) => {
  const url = typeof params.url === "string" ? params.url : "";
  if (url !== "" && !/^https:\/\/[^/\s]+/i.test(url)) {
    throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
  }
  const allowedUpdates = parseAllowedUpdates(jsonParam(params, "allowed_updates"));
  state.updates.setWebhook(url, {
    dropPending: boolParam(params, "drop_pending_updates"),
    ...(allowedUpdates ? { allowedUpdates } : {}),
  });
  return true;
};

export const deleteWebhook: Method = (_world, { state, params }) => {
  state.updates.deleteWebhook(boolParam(params, "drop_pending_updates"));
  return true;
};

export const getWebhookInfo: Method = (_world, { state }) => state.updates.webhookInfo();
