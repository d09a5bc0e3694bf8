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

// What a value passed through on its way: marks appended to a taint's text, never shown. `BUILT`: the
// value is (or holds) an object of a class the file does not declare, built from the input; `THROUGH`:
// a property of such an object was read on the way, so what reaches the sink is what that class
// decided to keep (`tracker.ts`, table `outOfSight`).
const BUILT = '\u0001';
const THROUGH = '\u0002';
/** `SEGMENT`: the input is one segment of the URL's path (a route placeholder), which holds no `/`. */
const SEGMENT = '\u0003';

/** `taint` marked as one segment of the URL's path. */
export function segment(taint: string): string {
  return `${taint}${SEGMENT}`;
}

/** Whether `taint` is one segment of the URL's path (no `/`: a name in one directory, or `..`). */
export function isSegment(taint: string): boolean {
  return taint.includes(SEGMENT);
}

/** `taint` marked as held by an object of the class `cls`, built out of sight. */
export function builtBy(taint: string, cls: string): string {
  return taint.includes(BUILT) || taint.includes(THROUGH) ? taint : `${taint}${BUILT}${cls}`;
}

/** `taint` read through a property of an object built out of sight, if it is such an object's; else unchanged. */
export function readThrough(taint: string): string {
  return taint.includes(BUILT) ? taint.replace(BUILT, THROUGH) : taint;
}

/** The class out of sight whose object's property `taint` was read through, if any. */
export function throughClass(taint: string): string | undefined {
  const at = taint.indexOf(THROUGH);
  return at < 0 ? undefined : taint.slice(at + 1);
}

/** The taint's text as a message shows it (its marks removed). */
export function shown(taint: string): string {
  const marks = [taint.indexOf(BUILT), taint.indexOf(THROUGH), taint.indexOf(SEGMENT)].filter(
    (at) => at >= 0,
  );
  return marks.length > 0 ? taint.slice(0, Math.min(...marks)) : taint;
}
