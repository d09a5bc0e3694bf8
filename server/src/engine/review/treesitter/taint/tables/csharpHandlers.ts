// C#'s web handlers (table `handlers`, see `handlers.ts`): ASP.NET Core's minimal API registers a
// lambda or a method group with `app.MapGet("/x/{id}", (string id) => ...)`; MVC calls the public
// methods of an `[ApiController]` class or of a `Controller`/`ControllerBase` subclass (its actions),
// binding their parameters from the route, the query string or the form by convention. Only
// parameters whose type holds text count here (a `string`, an array or list of them): a model object
// is bound from the body or the container depending on registrations this file does not show, and
// `[FromServices]` names the container. The explicitly bound (`[FromQuery] string q`) are the table's
// `sourceParameter`.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import type { Handlers } from '../handlers';

/** `app.MapGet(...)`, `group.MapPost(...)`, `app.MapMethods(...)`: minimal API registrations. */
const MAP = /(?:^|\.)Map(?:Get|Post|Put|Delete|Patch|Methods|Fallback)?$/;
/** Declared types that hold text. */
const TEXT =
  /^(?:string|String|StringValues)\??(?:\[\])?\??$|^(?:IEnumerable|List|IList|IReadOnlyList|ICollection)<string>\??$/;
/** Attributes naming another origin than the request. */
const NOT_REQUEST = /\[\s*(?:FromServices|FromKeyedServices)\b/;

/** A minimal API registration `app.MapGet("/route", ...)` (its first argument a string). */
function mapCall(call: SyntaxNode | null | undefined): call is SyntaxNode {
  if (call?.type !== 'invocation_expression') return false;
  if (!MAP.test(call.childForFieldName('function')?.text ?? '')) return false;
  const first = call.childForFieldName('arguments')?.namedChildren[0]?.namedChildren.at(-1);
  return !!first && /string_literal/.test(first.type);
}

function controller(fn: SyntaxNode): SyntaxNode | undefined {
  if (fn.type !== 'method_declaration') return undefined;
  const modifiers = fn.namedChildren.filter((c) => c?.type === 'modifier').map((c) => c!.text);
  if (!modifiers.includes('public') || modifiers.includes('static')) return undefined;
  if (fn.namedChildren.some((c) => c?.type === 'attribute_list' && /\bNonAction\b/.test(c.text)))
    return undefined;
  const cls = fn.parent?.parent;
  if (cls?.type !== 'class_declaration') return undefined;
  const api = cls.namedChildren.some((c) => c?.type === 'attribute_list' && /\bApiController\b/.test(c.text));
  const base = cls.namedChildren.find((c) => c?.type === 'base_list')?.namedChildren[0]?.text ?? '';
  return api || /^(?:Controller|ControllerBase)$/.test(base) ? cls : undefined;
}

function registered(fn: SyntaxNode, context: AnalysisContext): SyntaxNode | undefined {
  if (fn.type === 'lambda_expression') {
    const call = fn.parent?.type === 'argument' ? fn.parent.parent?.parent : undefined;
    return mapCall(call) ? call : undefined;
  }
  const name = fn.childForFieldName('name')?.text;
  const group = context
    .nodes('invocation_expression')
    .find(
      (call) =>
        mapCall(call) &&
        call
          .childForFieldName('arguments')!
          .namedChildren.some((a) => /(?:^|\.)(\w+)$/.exec(a?.text ?? '')?.[1] === name),
    );
  return group ?? controller(fn);
}

/**
 * The route template of a handler: a minimal API registration's first argument, or an action's
 * `[HttpGet("...")]`/`[Route("...")]` attributes (with its class's).
 */
function routeOf(parameter: SyntaxNode, registration: SyntaxNode): string {
  if (registration.type === 'invocation_expression')
    return registration.childForFieldName('arguments')?.namedChildren[0]?.text ?? '';
  const method = parameter.parent?.parent;
  const attributes = (node: SyntaxNode | null | undefined) =>
    (node?.namedChildren ?? []).filter((c) => c?.type === 'attribute_list').map((c) => c!.text);
  return [...attributes(method), ...attributes(registration)].join(' ');
}

function receives(parameter: SyntaxNode, registration: SyntaxNode): boolean | 'segment' {
  if (!TEXT.test(parameter.childForFieldName('type')?.text ?? '') || NOT_REQUEST.test(parameter.text))
    return false;
  // `{name}` takes one segment of the path; a catch-all `{*name}` takes the rest.
  const name = parameter.childForFieldName('name')?.text ?? '';
  const placeholder = [...routeOf(parameter, registration).matchAll(/\{(\*{0,2})(\w+)/g)].find(
    ([, , n]) => n === name,
  );
  return placeholder && !placeholder[1] ? 'segment' : true;
}

export const CSHARP_HANDLERS: Handlers = {
  lambdaTypes: new Set(['lambda_expression']),
  registered,
  receives,
};
