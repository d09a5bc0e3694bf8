// Small text helpers the taint modules share: names, literals and messages read from source text.
import type { SyntaxNode } from '../../../parsing/treeSitter';

/** Where input came from, as source text for the message; undefined when the value is clean. */
export type Taint = string | undefined;

/** The text of a plain string literal, else undefined. */
export function literalText(node: SyntaxNode | null | undefined): string | undefined {
  return node && /^(?:string_literal|string)$/.test(node.type) && !/[{$]/.test(node.text)
    ? node.text.slice(1, -1)
    : undefined;
}

/** The buffer an out-argument writes to: `data` in `data`, `(char *)(data + len)`, `&data[0]`. */
export function bufferName(text: string | undefined): string | undefined {
  const stripped = text
    ?.replace(/\(\s*(?:const\s+)?(?:unsigned\s+)?\w+\s*\*+\s*\)/g, '')
    .replace(/^&\s*mut\s+/, '');
  return stripped ? /\$?[A-Za-z_]\w*/.exec(stripped)?.[0] : undefined;
}

export function receiverName(head: string): string | undefined {
  return /^(\w+)\.\w+$/.exec(head)?.[1] ?? /^(?:this|self)\.(\w+)\.\w+$/.exec(head)?.[1];
}

/**
 * Whether a call head names a function without a receiver or through the caller's own object or
 * class (`f`, `this.f`, `$this->f`, `self::f`, `Self::f`, `static::f`, `cls.f`): the only calls that
 * can be the function calling itself. `parent::f` and `super.f` name another class's method.
 */
export function ownReceiver(head: string): boolean {
  const receiver = /^(.*?)(?:\.|->|::)\w+$/.exec(head)?.[1];
  return receiver === undefined || /^(?:this|\$this|self|Self|static|cls)$/.test(receiver);
}

/** `name` as a whole word; PHP's `$file` starts with a non-word character, so `\b` cannot mark it. */
export function wholeName(name: string): RegExp {
  return new RegExp(`(?<![\\w$])${escape(name)}(?![\\w])`);
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
