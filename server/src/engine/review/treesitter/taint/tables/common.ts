// What every language's taint table shares: the sink shapes, the rule ids and the sanitizers
// common to all languages.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import type { TaintTable } from '../table';

/** A call that must not receive input: its head (`stmt.executeQuery`, `new File`) and arguments. */
export interface Sink {
  rule: string;
  callee: RegExp;
  /** Argument positions checked (all when absent). */
  args?: number[];
  /** What the sink does, for the message ("runs SQL"). */
  does: string;
  /**
   * The sink is the call's receiver, when a binding of it matches (a `pathlib.Path` built from input
   * and then opened): `p = base / name; p.open()`.
   */
  receiverBuiltBy?: RegExp;
  /**
   * The sink does not apply when its receiver is a variable the file binds only to values matching
   * this: `out = new DataOutputStream(socket.getOutputStream())` writes to a socket, not the response.
   */
  receiverNotBoundTo?: RegExp;
  /**
   * The sink does not apply at this call: a servlet write to a response the code declared
   * `text/plain` is shown as text, not rendered (`javaResponseType.ts`).
   */
  notAt?: (call: SyntaxNode, context: AnalysisContext) => boolean;
  /** A tuple argument (`make_response((body, headers))`): only its first element is checked. */
  firstOfTuple?: boolean;
  /**
   * The sanitizers that count for this sink instead of the table's: storing input in the session is
   * a trust-boundary violation whether or not it was HTML-escaped first.
   */
  sanitizer?: RegExp;
  /**
   * The sink applies only when this argument's text matches: `fmt.Fprintf(w, ...)` writes the HTTP
   * response only when `w` is the response writer, not `os.Stderr`.
   */
  when?: { arg: number; text: RegExp };
  /**
   * An argument whose constant leading text matches is safe: a URL that starts with a fixed scheme,
   * host and `/` lets input choose only the path (`format!("https://api.example.com/{}", id)`).
   */
  constantPrefix?: RegExp;
  /** As for operand sinks: the argument's parts, each with the rule variant whose sanitizers apply. */
  parts?: (arg: SyntaxNode, context: AnalysisContext) => Array<{ node: SyntaxNode; variant: string }>;
  /** The call's receiver is checked too (`params[:name].constantize`, `text.html_safe`). */
  receiver?: boolean;
  /**
   * Not this sink for a callee that an import statement (of these node types) matching `module`
   * brings in: it is then another library's function of the same name (Django REST framework's
   * `Response(data)` renders data through a serializer, not as the page's HTML).
   */
  notImportedFrom?: { types: readonly string[]; module: RegExp };
  /**
   * Argument node types that are never the sink's text: Ruby's `where(name: value)` binds the value
   * of a hash argument as a parameter, so only positional strings are SQL.
   */
  skipTypes?: RegExp;
}

/**
 * A statement whose operands are a sink though it is no call: PHP's `echo`/`print` write the
 * response, `include`/`require` run the file they name.
 */
export interface OperandSink {
  rule: string;
  types: string[];
  does: string;
  sanitizer?: RegExp;
  /**
   * The operand's parts, each with the variant of the rule whose sanitizers apply where it lands:
   * `echo "<script>" . htmlspecialchars($x)` writes into a script, where HTML escaping does not
   * protect. The tracker looks them up as `ruleSanitizers["<rule>:<variant>"]`.
   */
  parts?: (operand: SyntaxNode, context: AnalysisContext) => Array<{ node: SyntaxNode; variant: string }>;
  /** The sink does not apply at this statement (PHP: `echo` after `header('Content-Type: text/plain')`). */
  notAt?: (node: SyntaxNode, context: AnalysisContext) => boolean;
  /** The statement's name in the message, where its first word is not it (PHP's `<?= $x ?>`). */
  name?: (node: SyntaxNode) => string | undefined;
}

/**
 * An assignment that must not receive input: a property (`searcher.Filter = f`) or, with `element`,
 * an element of an object (`session["user"] = value`).
 */
export interface AssignmentSink {
  rule: string;
  /** The assigned place's text (`search.Filter`); with `element`, the object written into (`flask.session`). */
  target: RegExp;
  /** An element write: the key counts as well as the value (`session[name] = "x"`). */
  element?: boolean;
  does: string;
  /** As for call sinks: the sanitizers that count here instead of the table's. */
  sanitizer?: RegExp;
}

/**
 * What a web handler returns is the HTTP response: a Flask view returning a string sends it as
 * `text/html`. `handler` matches a decorator of the function; `notHtml` a returned expression that
 * is not markup (`jsonify(...)`, a dict).
 */
export interface ReturnSink {
  rule: string;
  handler: RegExp;
  notHtml: RegExp;
  does: string;
  /**
   * Frameworks that serialize what a handler returns (FastAPI writes it as JSON): in a file
   * importing one (`types`, `module`), a handler returns HTML only where its decorator says so (`html`).
   */
  serializedBy?: { types: readonly string[]; module: RegExp; html: RegExp };
}

export interface LanguageTaint extends TaintTable {
  sinks: Sink[];
  returnSinks?: ReturnSink[];
  /**
   * Sources the deployer or local operator controls (environment, command line, console, standard
   * input) rather than a remote client: a flow from them is reported at medium severity at most,
   * since whoever runs the program already has its rights (an attack needs another way in).
   */
  localSource?: RegExp;
  /**
   * Rules of the language's own analyser (besides SQL, shell and eval) whose findings stand only
   * when the value can carry input: `pickle.loads` of a constant or of another key's value is not.
   */
  taintedOnly?: string[];
  /** Assignment node types, and the assignments that are sinks. */
  assignmentTypes?: readonly string[];
  assignmentSinks?: AssignmentSink[];
  operandSinks?: OperandSink[];
}

export const SQL = 'codewright/sql-injection';
export const CMD = 'codewright/command-injection';
export const PATH = 'codewright/path-traversal';
export const XSS = 'codewright/xss';
export const LDAP = 'codewright/ldap-injection';
export const XPATH = 'codewright/xpath-injection';
export const REDIRECT = 'codewright/open-redirect';
export const TRUST = 'codewright/trust-boundary';
export const CODE = 'codewright/code-injection';
export const FORMAT = 'codewright/format-string';
export const SSRF = 'codewright/ssrf';
/** A URL's constant start that fixes its scheme, host and `/`: input after it chooses only the path. */
export const FIXED_HOST = /^[a-z][\w+.-]*:\/\/[^/{}]+\//i;
export const DESERIALIZE = 'codewright/unsafe-deserialization';

/** Numeric parsing and escaping stop taint in every language. */
export const NUMERIC =
  /(?:parseInt|parseLong|parseDouble|parseFloat|parseBoolean|Atoi|ParseInt|ParseFloat|atoi|atol|strtol|toInt|to_i|intval|floatval|\bint|\bfloat|\bbool|\blen|\bhash|Integer\.valueOf|Long\.valueOf|Count|Length|size)$/;
export const ESCAPE =
  /(?:escape\w*|Escape\w*|encode\w*|Encode\w*|sanitize\w*|Sanitize\w*|quote|Quote\w*|htmlspecialchars|htmlentities|basename|getName|GetFileName|secure_filename|normalize\w*Path|realpath)$/;

export function sanitizer(extra?: RegExp): RegExp {
  const parts = [NUMERIC.source, ESCAPE.source, ...(extra ? [extra.source] : [])];
  return NOT_DECODED_LATER(new RegExp(parts.map((p) => `(?:${p})`).join('|')));
}

/**
 * Base64/hex encoding is no escaping: the data comes back whole when it is decoded, as code does in
 * `new String(decodeBase64(encodeBase64(x)))`. Such calls propagate taint instead of stopping it.
 */
export function NOT_DECODED_LATER(pattern: RegExp): RegExp {
  return new RegExp(`^(?!.*(?:[Bb]ase64|BASE64|[Bb]64|[Bb]ase32|[Hh]ex[A-Z.(]))(?:.*(?:${pattern.source}))`);
}
