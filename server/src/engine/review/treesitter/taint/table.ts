// The per-language data the taint tracker runs on (`tables/` holds one per language).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import type { Handlers } from './handlers';
import type { Origins } from './origins';

/** Sources whose text `match`es, counted only where an import of `module` is (table `importedSources`). */
export interface ImportedSources {
  match: RegExp;
  imports: readonly string[];
  module: RegExp;
}

export interface TaintTable {
  /** Call and member-access node types of the grammar. */
  callTypes: ReadonlySet<string>;
  /** Node types whose text may name a source (`request.args`, `req.QueryString["id"]`). */
  memberTypes: ReadonlySet<string>;
  /** Node types of function parameters (for summaries and parameter sources). */
  parameterTypes: ReadonlySet<string>;
  /** A call head or member text that reads input. */
  source: RegExp;
  /**
   * Declared types that hold no text (PHP's `int`, `?float`, `bool`, `int|false`), matched against a
   * parameter's `type` and a function's `return_type`: a parameter declared so receives a number or
   * a boolean whatever the caller passes (the language converts it or throws), and a function
   * declaring it as its return type returns one.
   */
  scalarType?: RegExp;
  /**
   * Expressions whose value is one of their arms' (node type → the arms' field holding the value,
   * the arms being the named children of the node's `body`): PHP's `match ($x) { 'a' => 'a.php',
   * default => 'home.php' }` is `'a.php'` or `'home.php'`; what it tests does not flow into it.
   */
  choices?: Readonly<Record<string, string>>;
  /**
   * Node type of an element read (`$a[$k]`): its value is an element of the array (or a character
   * of the string), so what the index carries does not flow into it; a source read by its own text
   * (`$_GET[$k]`) is still input.
   */
  elementRead?: string;
  /**
   * An element read whose key still counts as part of its value: the collection is filled where the
   * tracker does not follow (Go's package-level table written in another function), so the key is
   * the one witness left of what the caller may have put there.
   */
  keyedByCaller?: (read: SyntaxNode) => boolean;
  /**
   * Reads of a source that the runtime fills, not the request (`$_SERVER['REQUEST_TIME']`, the
   * timestamp PHP sets): no input, though the array they read from (`$_SERVER`) is a source.
   */
  runtimeValue?: RegExp;
  /**
   * For one rule, reads of a source whose every value that rule's sink cannot misuse: a request's
   * path (`$_SERVER['REQUEST_URI']`, always `/...`) carries no scheme, so at the start of a URL
   * attribute, HTML-escaped, it cannot make a `javascript:` link.
   */
  ruleRuntimeValues?: Readonly<Record<string, RegExp>>;
  /** A parameter that receives input by its declaration (`@RequestParam String id`, `HttpServletRequest`). */
  sourceParameter?: RegExp;
  /**
   * Web handlers whose parameters the framework fills from the request (Flask's
   * `@app.route('/u/<name>') def show(name)`, ASP.NET's `app.MapGet("/x/{id}", (string id) => ...)`):
   * see `handlers.ts`. Absent: only `sourceParameter` makes a parameter input by itself.
   */
  handlers?: Handlers;
  /** A call head whose result is safe whatever its arguments (escaping, numeric parsing). */
  sanitizer: RegExp;
  /**
   * Call heads that make a value safe for one rule only, by rule id: HTML escaping protects a page,
   * not a file path, an SQL string or the session.
   */
  ruleSanitizers?: Readonly<Record<string, RegExp>>;
  /**
   * Sources that count only in a file importing a module that makes them so: a web request
   * (`request.args`, the `request` object) where a web framework is imported — elsewhere `request` is
   * some other object (an HTTP client's request) — and Go's zip entries (`r.File`) where `archive/zip`
   * is — elsewhere `l.File` is some other type's field (a locked file's `*os.File`). `imports` are the
   * import statements' node types; `module` matches their text.
   */
  importedSources?: readonly ImportedSources[];
  /**
   * Sources that are fields, never a call's result: Go's `r.File` (a zip reader's entries) is one,
   * a page's `p.File()` is some method of that name.
   */
  fieldSources?: RegExp;
  /**
   * The receiver parameter methods declare first (Python's `self`/`cls`): it is not input, and calls
   * `obj.method(a)` pass `a` to the second parameter.
   */
  selfParameter?: RegExp;
  /**
   * Calls that make a value safe for one rule, judged on the call and its file where a pattern
   * cannot (an escaping table held in a variable: `str_replace(array_keys($map), ..., $x)`).
   */
  ruleSanitizingCalls?: Readonly<Record<string, (call: SyntaxNode, context: AnalysisContext) => boolean>>;
  /** A whole call that makes its value safe (`x.replace("'", "&apos;")` removes every quote). */
  sanitizingCall?: RegExp;
  /**
   * Calls that undo an escaping (PHP's `html_entity_decode`, `stripslashes`, `urldecode`): their
   * argument is read with the escapers `undoes` names (matched on the call's head or whole text) no
   * longer stopping input, so `html_entity_decode(htmlspecialchars($x))` is `$x` again. `rule`: the
   * rule whose escaping a function declared to undo it (`@psalm-taint-unescape html`) undoes the same way.
   */
  unescapers?: ReadonlyArray<{ call: RegExp; undoes: RegExp; rule?: string }>;
  /**
   * Calls that taint one of their arguments in place when another is tainted or when they read input.
   * `keys`: how many leading arguments name the slot written (`map.put("k", v)` 1, configparser's
   * `conf.set("section", "k", v)` 2); a `.get` reading other constant keys does not see the write.
   */
  inPlace?: Array<{ callee: RegExp; target: 'receiver' | number; reads?: boolean; keys?: number }>;
  /**
   * A name holding the whole request (Flask's `request`, a Django view's `request`): handed on as a
   * value (`wrapper(request)`), what the callee returns carries input. Read through a field it is
   * only as tainted as `source` says (`request.method` is not input).
   */
  sourceObject?: RegExp;
  /**
   * Validation guards that leave the function: `if '..' in name: return`. Each condition is a regex
   * source where `NAME` stands for the variable (or a variable computed from it, `url = urlparse(name)`);
   * `exit` matches the last statement of the guard's body. After such a guard the variable is clean.
   */
  guards?: {
    conditions: string[];
    exit: RegExp;
    /** Guards in top-level code count too (a PHP script's `if (!is_numeric($id)) exit;`). */
    topLevel?: boolean;
    /**
     * An `if` without `else` whose condition is one of `conditions` and whose branch assigns the
     * name (PHP's `if (!ctype_digit($t)) { $t = '0'; }`) lets only validated values of what the
     * name held before reach past it (node types: the `if`, an expression statement, a plain assignment).
     */
    reset?: { ifType: string; statement: string; assignment: string };
    /**
     * Guards that confine a path for one rule: `conditions` (read as `conditions` are) where `PATH`
     * stands for the canonical path of the variable (`canonical` called on it, or a variable every
     * binding of which is such a call): past `if (strpos(realpath($p), $base) !== 0) exit;` the
     * file is under `$base`, which answers traversal, not what the path's text may hold elsewhere.
     * `holds`: the prefix tests that confine it where they hold around the use (its `if`'s body, right
     * of its `&&`): `if ($real && str_starts_with($real, $base)) readfile($real);`.
     */
    confinement?: { rule: string; canonical: string; conditions: string[]; holds?: string[] };
    /**
     * For `rule`, guard conditions (`PATH` the variable) that hold whenever the path holds a
     * traversal (WordPress's `validate_file($p) !== 0`): past such an exiting guard it holds none.
     */
    pathChecks?: { rule: string; conditions: string[] };
  };
  /** Node type of an assignment whose left side may be an element (`d["k"] = v`, `arr[0] = v`). */
  elementAssignment?: string;
  /**
   * For path traversal: true when what `value` binds to `name` reaches later uses only past a check
   * that confines it (Java's `Path p = Path.of(x).normalize(); if (!p.startsWith(base)) return;`).
   */
  confinedAfter?: (name: string, value: SyntaxNode) => boolean;
  /**
   * An array literal whose elements are written with their keys (PHP's `['a' => 'x', 'b' => $y]`):
   * its node type and its elements' (key, then value). A read of a constant key (`$arr['a']`)
   * of a variable assigned one holds that element's value only.
   */
  keyedLiteral?: { type: string; element: string };
  /**
   * With `keyedLiteral`, the array functions whose result `arrayShapes.ts` builds from their
   * arguments' shapes: the values alone (`array_values`), the first array's elements whose key the
   * others lack (`array_diff_key`) or may have (`array_intersect_key`), equal to an element of every
   * other (`array_intersect`), or a subset of the first array decided by other means.
   */
  /**
   * Calls that apply their first argument, a callable, to each element of the others (PHP's
   * `array_map`): with a sanitizer as that callable, the result is sanitized.
   */
  mapCalls?: RegExp;
  keyedArrays?: {
    values: RegExp;
    /** The function that returns an array's keys (PHP's `array_keys`). */
    keys?: RegExp;
    keyDiff: RegExp;
    keyIntersect: RegExp;
    valueIntersect: RegExp;
    first: RegExp;
    /** The operator that unites two arrays (PHP's `$a + $b`: the keys `$a` lacks, taken from `$b`). */
    union?: string;
    /** The statement that removes elements (PHP's `unset($a['k'])`): the key is gone from the shape. */
    remove?: string;
  };
  /**
   * Node type of an object-like macro definition (C's `preproc_def`): `#define COMMAND_ARG3 data`
   * or `#define EXECL execl` stands for the identifier it expands to (macros are not expanded by
   * the parser, and code hides its sinks and arguments behind them).
   */
  macroType?: string;
  /**
   * Node type of a local declaration (`init_declarator`): a name a function never declares,
   * assigns nor receives is a global and carries what other functions assign to it. Absent: globals
   * are not followed (Python's assignments declare locals).
   */
  localDeclaration?: string;
  /**
   * Node type of a declaration that makes a function's plain variable the global of that name (PHP's
   * `global $x;`). Set: a function sees a global, and writes one, only where it declares it so; any
   * other variable of that name is its own local (`$out` filled by `exec` here is not another
   * function's `$out`). Absent: a name a function never binds is a global (see `localDeclaration`).
   */
  globalDeclaration?: string;
  /**
   * A list created empty and filled in place, read at a constant index (`lst[1]`, `list.get(1)`):
   * the read carries only what the adds and removes leave at that index (`lst = []; lst.append("a");
   * lst.append(x); lst.pop(0); lst[1]` is clean). `empty` matches the list's creation; `add`,
   * `removeAt` (a constant index, or the last element without one) and `get` are method names.
   */
  indexedList?: { empty: RegExp; add: RegExp; removeAt: RegExp; get?: RegExp };
  /**
   * Parsers that throw on anything but their format (`int.Parse(data)`): a variable given to one
   * earlier in the function is validated, and its later uses carry no input.
   */
  validatedBy?: RegExp;
  /**
   * The value classifier's constant lookups are allow-lists (`allowed[key]` on a table of constants
   * nothing in the file writes to): the key's input does not reach the value. Only where the
   * classifier sees every write to a table (Go: `m[k] = v`, `s = append(s, x)`), not where lists
   * are filled in place by method calls (`lst.append(x)`).
   */
  constantLookups?: boolean;
  /**
   * A function of the file named like a sanitizer counts as one only when its body calls one of
   * these (a replacement, a character filter, an escaper); otherwise its summary decides. Absent:
   * names decide.
   */
  helperBodies?: RegExp;
  /**
   * Names a formatting macro captures from its format string (Rust's `format!("id = {id}")`): a
   * string literal directly inside a `macro` invocation carries what the variables `name` (global,
   * group 1) captures carry.
   */
  stringCaptures?: { macro: RegExp; name: RegExp };
  /**
   * A parameter that writes through to the caller's variable (C++ `char *&data`): a call of a
   * function of the same file passing a variable there gives it what the function leaves in the
   * parameter (`badSource(data)` that reads input into `data`).
   */
  /**
   * The node type of an assignment making one variable another's alias (PHP's `$y = &$x;`, both
   * sides variables): a plain assignment to either later writes both (`references.ts`).
   */
  referenceAlias?: string;
  referenceParameter?: RegExp;
  /**
   * Conditions that pin a variable to constants inside one branch: in `if x == "a" || x == "b" {..}`
   * or `if ALLOWED.contains(&x) {..}` x is one of the literals, so it carries no input there; in the
   * `else` of `if x != "a"` likewise. Regex sources matched against one conjunct of the condition
   * (whitespace removed), `NAME` standing for the variable; a named group `list` must name a
   * collection whose every binding matches `constantList` (literals only).
   */
  branchGuards?: { then: string[]; otherwise: string[]; constantList: RegExp };
  /**
   * A `case` label that pins what the `switch` tests (PHP's literals): in `switch ($p) { case 'a':
   * case 'b': echo $p; }` `$p` is one of them where the arm runs, unless a `default` or another
   * label falls through into it or the switch assigns it.
   */
  caseLiteral?: RegExp;
  /**
   * Whether a guard's condition reads a variable holding one call's result as that call: PHP's
   * `$ok = preg_match('/^\d+$/', $id); if (!$ok) exit;` validates `$id` as the call itself would.
   */
  heldResults?: boolean;
  /**
   * Node types (besides calls) whose value carries nothing when the value classifier proves it
   * constant: PHP's `(int)$x` cast, `$x + 0` arithmetic and `$x += 0.0` all yield a number.
   */
  constantTypes?: ReadonlySet<string>;
  /**
   * Conditions that validate a variable (regex sources where `NAME` stands for it): inside the
   * branch the condition guards, the variable is clean (`if (in_array($x, $allowed)) { ... $x ... }`,
   * `if (preg_match('/^[a-z]*$/', $x))`). Variables holding a literal are read as that literal.
   */
  narrowing?: string[];
  /**
   * Membership tests among the `narrowing` conditions (`in_array($x, $list)`): they validate the
   * value only when the list (the second argument) holds no input itself.
   */
  membership?: RegExp;
  /**
   * Blocks, instance variables, implicit returns and values the file does not show (Ruby): see
   * `origins.ts`. Absent: identifiers are only variables and parameters.
   */
  origins?: Origins;
  /**
   * Code reviewed out of context, where a parameter no call in the file passes counts as possible
   * input (built SQL and commands): such a parameter alone makes the finding medium, as `origins`
   * does, and its value does not pass through a method of a class the file does not declare — the
   * object is a collaborator (a connection, a container, a cache: `$this->db->fetch($res)` returns
   * rows, not what the caller wrote), and both the caller and the class are out of sight.
   */
  openParameters?: { unknownMethods: false };
  /**
   * Objects of classes the file does not declare (and no table knows): what such an object holds,
   * which property keeps which constructor argument, is decided out of sight. A value read off one
   * through a property (`$t = new Template($r); echo $t->row->content`, a C# `[FromBody] Dto dto`'s
   * `dto.Path`, Go's `NewApp(cfg).cfg.DSN`) still carries what the object was built from, but a
   * finding it makes is kept at medium with that said, as for parameters no call passes
   * (`openParameters`); a value read straight from a source keeps its severity.
   * `creation`: the class a node builds an object of (`new C(...)`, `C{...}`, a constructor function
   * `NewC(...)`, Python's `C(...)`), else undefined; `properties`: node types of a property read;
   * `declarations`: node types declaring a class, their `name` field its name; `known`: classes
   * whose properties the language documents (a URI's parts, an upload's name), matched on the name
   * `creation` or the declared type gives; `parameterType`: a source parameter's declared type.
   */
  outOfSight?: {
    creation: (node: SyntaxNode, head: string) => string | undefined;
    properties: ReadonlySet<string>;
    declarations: ReadonlySet<string>;
    known: RegExp;
    parameterType?: (parameter: SyntaxNode) => string | undefined;
  };
  /**
   * Objects followed in call order (`objects.ts`): `property` matches the names the dialect gives an
   * object's own properties (`$this->data`), `self` is the object inside its methods, `creation` the
   * node type of `new C(...)`, `constructorName` the constructor's method name and `classTypes` the
   * class declarations. A constructor's parameters receive what each `new C(...)` passes; a property
   * a method reads holds, at each call of that method on a local object, what the constructor and
   * the methods called on that object before it last wrote there. Absent: properties are globals.
   */
  /** The top-level variable an element of the globals array names (PHP's `$GLOBALS['x']`: `$x`). */
  globalsArray?: (text: string) => string | undefined;
  /**
   * Calls that call a function of the file named by their first argument (PHP's `call_user_func`),
   * passing it the other arguments, or (`spread`) the elements of the array in the second; a
   * literal array is one of `arrayTypes`.
   */
  callbacks?: Array<{ callee: RegExp; spread?: boolean; arrayTypes: ReadonlySet<string> }>;
  /**
   * Calls whose result is drawn from their first argument alone (PHP's `array_diff($a, $b)`: the
   * elements of `$a` not in `$b`): what the other arguments hold does not reach the result.
   */
  firstArgumentResults?: RegExp;
  /**
   * The parts of a call its result carries, when only some do (Rails 2's `content_tag(name,
   * content, options, escape)` writes its content and attribute names as they are, attribute
   * values escaped); undefined for other calls.
   */
  resultParts?: (call: SyntaxNode, context: AnalysisContext) => SyntaxNode[] | undefined;
  /**
   * A loop whose grammar names neither its variable nor its collection: the positions of each among
   * its named children (PHP: `foreach ($rows as $row)`, the variable a `$key => $value` pair).
   */
  unnamedLoop?: { type: string; collection: number; variable: number };
  /**
   * A loop over a source whose body keeps only some entries by their key (PHP: `foreach ($_SERVER as
   * $k => $v) if (strpos($k, 'APP__') === 0)`): the source `use`, a value read there, stands for, or
   * undefined when the loop keeps any entry. `key` is the loop's key variable.
   */
  /**
   * Elements the runtime sets under a constant key of a source's entries (PHP's `$_FILES[f]['tmp_name']`,
   * `['size']`, `['error']`: the upload's temporary path, its size, its status), reached through any
   * name (`$this->files[$name]['tmp_name']`): read as `source[…][key]`, which `localSource` names.
   */
  runtimeKeys?: { source: RegExp; keys: RegExp };
  filteredEntries?: (collection: SyntaxNode, key: SyntaxNode, use: SyntaxNode) => string | undefined;
  /**
   * The name a source read goes by when its text hides it: PHP's `$_SERVER[self::ENV_KEY]`, with
   * `const ENV_KEY = 'APP_ENV'` in the class, is `$_SERVER['APP_ENV']` (which `localSource` names).
   */
  sourceName?: (read: SyntaxNode) => string | undefined;
  /**
   * Read what docblocks declare about taint (`annotations.ts`: Psalm's `@psalm-taint-*` and
   * `@psalm-flow`, phan taint-check's `@param-taint`/`@return-taint`) as sources, sinks,
   * sanitizers and flows of the file's own functions (PHP).
   */
  docblockTaint?: boolean;
  objects?: {
    property: RegExp;
    self: string;
    creation: string;
    constructorName: RegExp;
    classTypes: ReadonlySet<string>;
    /**
     * Inheritance within the file: the node type naming the class a class extends (`extends A`),
     * and the scope a method uses to call its parent's (`parent::__construct(...)`). An object of
     * a subclass has the methods it inherits; a constructor it inherits receives its `new`.
     */
    baseClause?: string;
    parentScope?: string;
    /** The method giving an object its text where it is used as a string (PHP's `__toString`). */
    stringMethod?: RegExp;
  };
}
