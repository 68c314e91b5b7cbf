import { buildServerBundle, bundleIsFresh } from '../../bin/server-bundle.js';

/**
 * The servers and CLI runs the tests spawn start from the bundle when it matches the sources
 * (bin/intent-server.js); after an edit it is rebuilt here once, instead of every process
 * compiling the sources through tsx.
 */
export default async function setup() {
  if (!bundleIsFresh()) await buildServerBundle();
}
