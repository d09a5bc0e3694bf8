// Entry of dist/api.js: what the language server loads only when the embedded /v1 api starts or the
// editor's key is read — the api (Fastify and its schema compilers, the job queue, the webhook and
// Redis clients) and the key store. build.mjs bundles it apart from dist/server.js, which requires
// it on first use: parsing these megabytes at every start cost the language server more than all
// the rest of its load (docs/benchmarks.md, "front process load"). Errors cross between the two
// bundles' copies of the engine's modules, which is why CodewrightError is recognised by a brand.
export { startApi } from '../../api/src/listen';
export { KeyStore } from '../../api/src/auth/keyStore';
