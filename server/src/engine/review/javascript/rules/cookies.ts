// sonarjs's cookie-flag rules check cookie-session, express-session, csurf and `new Cookies()`,
// but not the most common API, Express's `res.cookie(name, value, options)` (and Fastify's
// `reply.setCookie`, Koa's `ctx.cookies.set`). These wrappers run sonarjs's rule unchanged and add
// those calls, reporting under the same public rule ids.
import type { Rule } from 'eslint';
import { calleeParts, type AstNode } from '../ast';

const COOKIE_SETTERS = /^(res|response|reply|ctx\.cookies|cookies)\.(cookie|setCookie|set)$/;

export function withFrameworkCookies(
  base: Rule.RuleModule,
  flag: 'httpOnly' | 'secure',
  message: string,
): Rule.RuleModule {
  return {
    meta: { ...base.meta, messages: { ...(base.meta?.messages ?? {}), frameworkCookie: message } },
    create(context) {
      const inner = base.create(context) as Record<string, ((node: unknown) => void) | undefined>;
      return {
        ...inner,
        CallExpression(node: AstNode) {
          inner.CallExpression?.(node);
          const { method, receiver } = calleeParts(node);
          if (
            !receiver ||
            !COOKIE_SETTERS.test(`${receiver.replace(/^.*\b(ctx\.cookies)$/, '$1')}.${method}`)
          )
            return;
          const options = node.arguments[2];
          if (options?.type !== 'ObjectExpression') return;
          const property = options.properties.find((p: AstNode) => (p.key?.name ?? p.key?.value) === flag);
          if (property?.value.type === 'Literal' && property.value.value === false) {
            context.report({ node: node.callee as unknown as Rule.Node, messageId: 'frameworkCookie' });
          }
        },
      } as unknown as Rule.RuleListener;
    },
  };
}
