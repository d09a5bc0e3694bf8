// What the request's `context.environment` and `context.project_type` mean for the review: where the
// code runs and what kind of code it is. Rules consult the profile to switch on/off or re-grade.
export interface ReviewProfile {
  /** Runs in a browser (DOM sinks and sources matter; Node-only rules are skipped). */
  browser: boolean;
  /** Runs in Node.js (server, CLI, scripts). */
  node: boolean;
  /** Ships to production: leftover debugging (console, debugger, alert) is reported. */
  production: boolean;
  /** Test code: performance rules and randomness/secret rules for fixtures are relaxed. */
  test: boolean;
  /** A command-line tool: console output is its interface; argv comes from the user running it. */
  cli: boolean;
  /** A library: console output is reported (callers own the console). */
  library: boolean;
}

const BROWSER_WORDS =
  /\b(browser|web|frontend|front-end|spa|react|vue|angular|svelte|client|extension-webview|dom)\b/;
const NODE_WORDS =
  /\b(node|nodejs|server|backend|back-end|api|express|fastify|koa|nest|lambda|serverless|cli|worker|service|microservice)\b/;

export function reviewProfile(environment?: string, projectType?: string): ReviewProfile {
  const env = (environment ?? '').toLowerCase();
  const kind = (projectType ?? '').toLowerCase();
  const words = `${env} ${kind}`;
  const browser = BROWSER_WORDS.test(words);
  const node = NODE_WORDS.test(words);
  return {
    // With no hint, code may run anywhere: apply both sides' rules.
    browser: browser || !node,
    node: node || !browser,
    production: /\b(prod|production|release)\b/.test(env),
    test: /\b(test|testing|spec|ci)\b/.test(env) || /\b(test|tests)\b/.test(kind),
    cli: /\b(cli|command-line|script)\b/.test(kind),
    library: /\b(library|lib|package|sdk|module)\b/.test(kind),
  };
}
