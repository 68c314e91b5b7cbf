// The Node flags the server runs with. bin/intent-server.js's first line carries the same ones (a
// shebang cannot import them; a test keeps the two equal), and so do the benchmarks' servers.
//
// A young generation twice V8's default (32 MB semi-spaces instead of 16 MB): a monitor round
// holds each check's intents for the few milliseconds of its fetch and commit, long enough for a
// 16 MB semi-space to fill and copy them (then promote them) again and again. A first round over
// 100,000 intents scavenged 81-82 times instead of 158-159 (0.4-0.7 s of collection instead of
// 0.8-0.9 s), for ~50 MB more memory at peak. 64 MB halved the scavenges again but took the
// monitor benchmark's peak RSS to 378-404 MB (its target: under 400).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
