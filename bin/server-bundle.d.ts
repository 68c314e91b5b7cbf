export function bundleOf(root?: string): URL;
export function bundleIsFresh(root?: string): boolean;
export function buildServerBundle(root?: string): Promise<{ inputs: number }>;
