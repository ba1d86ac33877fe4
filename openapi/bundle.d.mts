/** The root file of the contract (openapi/halaqa.yaml, an absolute path). */
export const CONTRACT_ROOT: string;
/** The root and every `.yaml` below its folder, as absolute paths in a stable order (openapi/bundle.mjs). */
export function contractFiles(root?: string): string[];
/**
 * The contract bundled by Redocly's CLI into one document with internal `$ref`s only (openapi/bundle.mjs).
 * @throws when a file is missing or is not valid YAML, or a `$ref` does not resolve.
 */
export function bundleContract(root?: string): Record<string, unknown>;
