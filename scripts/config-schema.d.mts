// Types of scripts/config-schema.mjs, for the test that keeps the committed schema in sync.
export declare const SCHEMA_PATH: string;
export declare function renderConfigSchema(schema: unknown): Promise<string>;
