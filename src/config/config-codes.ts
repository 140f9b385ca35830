import type { ErrorCatalogue } from "../errors.js";

/** The codes of gateway.json and the process settings (docs/errors.md); each problem is listed with its own fix. */
export const CONFIG_CODES = {
  "config-invalid": {
    meaning: "gateway.json has problems (keys, values, tokens); each is listed with its JSON path",
    remedy: "change the listed keys and run `wiki-gateway check` again",
  },
  "config-missing": {
    meaning: "the configuration file does not exist",
    remedy: "copy config/gateway.example.json there, or point GATEWAY_CONFIG / --config at your file",
  },
  "config-unreadable": {
    meaning: "the configuration file cannot be read",
    remedy: "check the path and its permissions",
  },
  "config-json-syntax": {
    meaning: "the configuration file is not valid JSON",
    remedy: "fix the JSON syntax there (a missing comma or quote, or a trailing comma, is the usual cause)",
  },
  "config-settings": {
    meaning: "process settings (environment or command line) were refused",
    remedy: "give each setting named a value it accepts (`wiki-gateway --help` lists them)",
  },
} as const satisfies ErrorCatalogue;

export type ConfigCode = keyof typeof CONFIG_CODES;
