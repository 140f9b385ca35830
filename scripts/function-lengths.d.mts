// Types of scripts/function-lengths.mjs, for the test that keeps functions short.
export interface FunctionLength {
  file: string;
  name: string;
  line: number;
  lines: number;
}
export declare function functionLengths(root?: string): FunctionLength[];
