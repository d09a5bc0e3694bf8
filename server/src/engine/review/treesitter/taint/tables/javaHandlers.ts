// Java's web handlers (table `handlers`, see `handlers.ts`): Spring MVC binds a handler method's
// parameter that carries no annotation and has a simple type as a request parameter of its name
// (`@GetMapping("/find") String find(String q)` reads `?q=`). Handler methods: `@GetMapping`,
// `@PostMapping`, … `@RequestMapping` in a `@Controller` or `@RestController` class. Only parameters
// whose type holds text count (a `String`, an array or list of them): an object is bound as a model
// attribute from several parameters, and annotated ones are the table's `sourceParameter` or come
// from elsewhere (`@AuthenticationPrincipal`, `@RequestAttribute`, `@SessionAttribute`).
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { Handlers } from '../handlers';

const MAPPING = /^@(?:Get|Post|Put|Delete|Patch|Request)Mapping\b/;
const CONTROLLER = /^@(?:Rest)?Controller\b/;
/** Declared types that hold text. */
const TEXT = /^(?:String(?:\[\])?|(?:List|Collection|Set)<String>)$/;

/** The annotations among a declaration's modifiers. */
function annotations(node: SyntaxNode | null | undefined): string[] {
  const modifiers = node?.namedChildren.find((c) => c?.type === 'modifiers');
  return (modifiers?.namedChildren ?? []).filter((c) => c?.type.endsWith('annotation')).map((c) => c!.text);
}

function registered(fn: SyntaxNode): SyntaxNode | undefined {
  if (fn.type !== 'method_declaration' || !annotations(fn).some((a) => MAPPING.test(a))) return undefined;
  const cls = fn.parent?.type === 'class_body' ? fn.parent.parent : undefined;
  return cls && annotations(cls).some((a) => CONTROLLER.test(a)) ? cls : undefined;
}

function receives(parameter: SyntaxNode): boolean {
  return annotations(parameter).length === 0 && TEXT.test(parameter.childForFieldName('type')?.text ?? '');
}

export const JAVA_HANDLERS: Handlers = { registered, receives };
