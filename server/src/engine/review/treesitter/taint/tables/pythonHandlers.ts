// Python's web handlers (table `handlers`, see `handlers.ts`): Flask's and Quart's
// `@app.route('/u/<name>')` (also `@bp.get`) fill the parameters the path's placeholders name,
// converters that hold no text (`<int:id>`) aside; FastAPI's and Starlette's `@app.get('/items/{q}')`
// fill every parameter (path, query, body) but injected dependencies (`= Depends(...)`), the framework's
// own objects (`Request`, `BackgroundTasks`) and types that hold no text; Django's views — a class
// view's `get(self, request, slug)` (and Django REST framework's viewset actions), a function view
// `detail(request, pk)` — receive the URL's captures after the request.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { type Handlers, importText, routeText } from '../handlers';

const IMPORTS = ['import_statement', 'import_from_statement'];
/** A route decorator: `@app.route(...)`, `@bp.get(...)`, `@router.post(...)` (through a receiver). */
const ROUTE = /^\w+(?:\.\w+)*\.(?:route|get|post|put|patch|delete|api_route|websocket)$/;
/** Frameworks whose route decorators fill a handler's parameters. */
const ROUTING = /^(?:from|import)\s+(?:flask|quart|fastapi|starlette)\b/m;
const FASTAPI = /^(?:from|import)\s+(?:fastapi|starlette)\b/m;
const DJANGO = /^(?:from|import)\s+(?:django|rest_framework)\b/m;
/** Django class views' HTTP methods and REST framework's viewset actions. */
const VIEW_METHOD =
  /^(?:get|post|put|patch|delete|head|options|list|retrieve|create|update|partial_update|destroy)$/;
/** Flask's converters that hold no text. */
const NUMBER_CONVERTER = /^(?:int|float|uuid)$/;
/**
 * Declared types a framework converts to something holding no text (or rejects the request), and
 * the framework's own objects it passes (the request, a response, a database session).
 */
const NO_TEXT =
  /^(?:int|float|bool|complex|(?:uuid\.)?UUID\d?|(?:datetime\.)?(?:date|datetime|time|timedelta)|Decimal|(?:Positive|Negative|NonNegative|NonPositive)(?:Int|Float)|con(?:int|float)\(.*\)|Request|Response|WebSocket|HTTPConnection|BackgroundTasks|SecurityScopes|HttpRequest|(?:Async)?Session)$/s;
/** Defaults that inject a dependency, not input: FastAPI's `Depends(get_db)`, `Security(...)`. */
const INJECTED = /^(?:fastapi\.)?(?:Depends|Security)\(/;

function parameterName(parameter: SyntaxNode): string | undefined {
  const name =
    parameter.type === 'identifier'
      ? parameter
      : (parameter.childForFieldName('name') ?? parameter.namedChildren[0]);
  return name?.type === 'identifier' ? name.text : undefined;
}

/** `Annotated[int, Query()]`, `Optional[int]`, `int | None`: the type itself. */
function declaredType(parameter: SyntaxNode): string | undefined {
  return parameter
    .childForFieldName('type')
    ?.text.replace(/^Annotated\[\s*([^,\]]+)[,\]][^]*$/, '$1')
    .replace(/^Optional\[(.*)\]$/s, '$1')
    .replace(/\s*\|\s*None$|^None\s*\|\s*/, '')
    .trim();
}

function parameters(fn: SyntaxNode): SyntaxNode[] {
  return (fn.childForFieldName('parameters')?.namedChildren ?? []).filter((p): p is SyntaxNode => p !== null);
}

function registered(fn: SyntaxNode, context: AnalysisContext): SyntaxNode | undefined {
  const imported = importText(context, IMPORTS);
  const decorated = fn.parent?.type === 'decorated_definition' ? fn.parent : undefined;
  const decorators = (decorated?.namedChildren ?? []).filter((d) => d?.type === 'decorator');
  if (ROUTING.test(imported)) {
    const route = decorators.find((d) => {
      const call = d?.namedChildren[0];
      return call?.type === 'call' && ROUTE.test(call.childForFieldName('function')?.text ?? '');
    });
    if (route) return route;
  }
  if (!DJANGO.test(imported)) return undefined;
  const names = parameters(fn).map(parameterName);
  const place = (decorated ?? fn).parent;
  if (place?.type === 'module') return names[0] === 'request' ? fn : undefined;
  const inClass = place?.type === 'block' && place.parent?.type === 'class_definition';
  const action =
    VIEW_METHOD.test(fn.childForFieldName('name')?.text ?? '') ||
    decorators.some((d) => /^@(?:\w+\.)*action\b/.test(d?.text ?? ''));
  return inClass && action && names[0] === 'self' && names[1] === 'request' ? fn : undefined;
}

function receives(
  parameter: SyntaxNode,
  registration: SyntaxNode,
  context: AnalysisContext,
): boolean | 'segment' {
  const name = parameterName(parameter);
  const type = declaredType(parameter);
  if (!name || (type && NO_TEXT.test(type))) return false;
  if (INJECTED.test(parameter.childForFieldName('value')?.text ?? '')) return false;
  // Django's default `str` converter (and REST framework's router lookups) take one segment.
  if (registration.type !== 'decorator') return 'segment';
  const path = routeText(registration.namedChildren[0], /^string$/) ?? '';
  // Flask's `<name>`, `<path:name>`: the default converter takes one segment, `path` any.
  const placeholders = [...path.matchAll(/<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>/g)];
  if (placeholders.length > 0) {
    const placeholder = placeholders.find(([, , named]) => named === name);
    if (!placeholder || NUMBER_CONVERTER.test(placeholder[1] ?? '')) return false;
    return placeholder[1] === 'path' ? true : 'segment';
  }
  if (!FASTAPI.test(importText(context, IMPORTS))) return false;
  // FastAPI's `{name}` takes one segment, `{name:path}` any; the others come from the query or the body.
  const inPath = [...path.matchAll(/\{(\w+)(?::(\w+))?\}/g)].find(([, named]) => named === name);
  return inPath && inPath[2] !== 'path' ? 'segment' : true;
}

export const PYTHON_HANDLERS: Handlers = { registered, receives };
