// A key for a signature's types that is equal in two programs exactly when the types are the same,
// for comparing a converted function's signature before and after (regionCheck.ts) without the type
// printer: printing a type looks up how each named type is reachable from the file's scopes, a scan
// of every top-level name per type, which costs more than the region check it would vouch for.
// Declared types (classes, interfaces, type parameters) are identified by their declaration, placed
// in the text before the batch; every other object type is compared by its structure (properties,
// signatures, index signatures), so that a type built inside the rewritten code is compared by what
// it is, not where. A type the key does not cover (conditional, mapped, indexed access ...) or a
// structure too large to compare has no key: the caller then does not vouch.
import ts from 'typescript';

/**
 * Where a declaration is, as a place in the text before the batch (lib files are shared by both
 * programs), or undefined when it lies in code the batch rewrote.
 */
export type PlaceOf = (declaration: ts.Node) => string | undefined;

const BUDGET = 2000;
const INTRINSIC =
  ts.TypeFlags.Any |
  ts.TypeFlags.Unknown |
  ts.TypeFlags.String |
  ts.TypeFlags.Number |
  ts.TypeFlags.BigInt |
  ts.TypeFlags.ESSymbol |
  ts.TypeFlags.Void |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never |
  ts.TypeFlags.NonPrimitive |
  ts.TypeFlags.BooleanLiteral;
// What kind of object type it is; the other object flags record what the checker has computed so far.
const OBJECT_KINDS =
  ts.ObjectFlags.Class |
  ts.ObjectFlags.Interface |
  ts.ObjectFlags.Reference |
  ts.ObjectFlags.Tuple |
  ts.ObjectFlags.Anonymous |
  ts.ObjectFlags.Mapped |
  ts.ObjectFlags.ReverseMapped |
  ts.ObjectFlags.ObjectLiteral |
  ts.ObjectFlags.ArrayLiteral |
  ts.ObjectFlags.JSLiteral;
const PROPERTY_KINDS =
  ts.SymbolFlags.Property | ts.SymbolFlags.Method | ts.SymbolFlags.Accessor | ts.SymbolFlags.Optional;

/** The key of a signature (type parameters, parameters, `this`, return type), or undefined. */
export function signatureKey(
  checker: ts.TypeChecker,
  signature: ts.Signature,
  placeOf: PlaceOf,
): string | undefined {
  return new Keyer(checker, placeOf).signature(signature);
}

class Keyer {
  private budget = BUDGET;
  private readonly stack: ts.Type[] = [];

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly placeOf: PlaceOf,
  ) {}

  signature(signature: ts.Signature): string | undefined {
    const parts: (string | undefined)[] = [];
    for (const parameter of signature.typeParameters ?? []) parts.push(this.type(parameter));
    if (signature.thisParameter) parts.push(this.symbolType(signature.thisParameter));
    for (const parameter of signature.parameters) {
      const declaration = parameter.valueDeclaration;
      const marks =
        declaration && ts.isParameter(declaration)
          ? `${declaration.dotDotDotToken ? '...' : ''}${declaration.questionToken || declaration.initializer ? '?' : ''}`
          : '';
      const type = this.symbolType(parameter);
      parts.push(type === undefined ? undefined : `${marks}${type}`);
    }
    const returned = this.type(this.checker.getReturnTypeOfSignature(signature));
    parts.push(returned === undefined ? undefined : `=>${returned}`);
    return parts.includes(undefined) ? undefined : `(${parts.join(',')})`;
  }

  private symbolType(symbol: ts.Symbol): string | undefined {
    return this.type(this.checker.getTypeOfSymbol(symbol));
  }

  private type(type: ts.Type): string | undefined {
    if (--this.budget < 0) return undefined;
    const cycle = this.stack.indexOf(type);
    if (cycle >= 0) return `^${this.stack.length - cycle}`;
    const flags = type.flags;
    if (flags & ts.TypeFlags.UnionOrIntersection) {
      const members = (type as ts.UnionOrIntersectionType).types.map((member) => this.type(member));
      if (members.includes(undefined)) return undefined;
      return `${flags & ts.TypeFlags.Union ? '|' : '&'}(${members.sort().join(',')})`;
    }
    if (flags & INTRINSIC) {
      // `intrinsicName` tells the checker's variants apart (an error type prints as `any` too).
      const name = (type as { intrinsicName?: string }).intrinsicName;
      return name ?? this.checker.typeToString(type);
    }
    if (flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BigIntLiteral))
      return `${flags}:${JSON.stringify((type as ts.LiteralType).value)}`;
    if (flags & (ts.TypeFlags.TypeParameter | ts.TypeFlags.UniqueESSymbol)) return this.declared(type, 'T');
    if (!(flags & ts.TypeFlags.Object)) return undefined;
    const object = type as ts.ObjectType;
    const kinds = object.objectFlags & OBJECT_KINDS;
    if (kinds & ts.ObjectFlags.Reference && (type as ts.TypeReference).target !== type) {
      const target = (type as ts.TypeReference).target;
      const args = this.checker
        .getTypeArguments(type as ts.TypeReference)
        .map((arg) => this.nested(type, arg));
      const head =
        target.objectFlags & ts.ObjectFlags.Tuple ? this.tuple(target) : this.declared(target, `${kinds}`);
      return head === undefined || args.includes(undefined) ? undefined : `${head}<${args.join(',')}>`;
    }
    if (kinds & (ts.ObjectFlags.Class | ts.ObjectFlags.Interface)) return this.declared(type, `${kinds}`);
    if (kinds & (ts.ObjectFlags.Mapped | ts.ObjectFlags.ReverseMapped)) return undefined;
    return this.structure(object, kinds);
  }

  /** A type identified by its symbol's declaration. */
  private declared(type: ts.Type, kind: string): string | undefined {
    const declaration = type.symbol?.declarations?.[0];
    const place = declaration && this.placeOf(declaration);
    return place === undefined ? undefined : `${kind}@${place}`;
  }

  private tuple(target: ts.GenericType): string {
    const tuple = target as ts.GenericType & { elementFlags?: readonly number[]; readonly?: boolean };
    return `tuple[${tuple.elementFlags?.join(',')}]${tuple.readonly ? 'ro' : ''}`;
  }

  private nested(owner: ts.Type, type: ts.Type): string | undefined {
    this.stack.push(owner);
    try {
      return this.type(type);
    } finally {
      this.stack.pop();
    }
  }

  /** An anonymous or literal object type by what it has. */
  private structure(type: ts.ObjectType, kinds: number): string | undefined {
    this.stack.push(type);
    try {
      const parts: (string | undefined)[] = [`${kinds}`];
      for (const property of this.checker.getPropertiesOfType(type)) {
        const declaration = property.valueDeclaration;
        const modifiers = declaration ? ts.getCombinedModifierFlags(declaration as ts.Declaration) : 0;
        const head = `${property.name}/${property.flags & PROPERTY_KINDS}/${modifiers & ts.ModifierFlags.Readonly}`;
        const value = this.symbolType(property);
        parts.push(value === undefined ? undefined : `${head}:${value}`);
      }
      for (const kind of [ts.SignatureKind.Call, ts.SignatureKind.Construct])
        for (const signature of this.checker.getSignaturesOfType(type, kind)) {
          const key = this.signature(signature);
          parts.push(key === undefined ? undefined : `${kind}${key}`);
        }
      for (const info of this.checker.getIndexInfosOfType(type)) {
        const key = this.type(info.keyType);
        const value = this.type(info.type);
        parts.push(key && value ? `[${key}]${info.isReadonly ? 'ro' : ''}:${value}` : undefined);
      }
      return parts.includes(undefined) ? undefined : `{${parts.join(';')}}`;
    } finally {
      this.stack.pop();
    }
  }
}
