// Links a diagnostic's rule id to its section of docs/rules.md, which ships in the .vsix beside the
// server bundle (dist/server.js → ../docs/rules.md). The link is a file URI with a `#L<line>`
// fragment: VS Code opens the file at that line, where a named anchor would be ignored for a plain
// file. Without the file (e.g. a bare server bundle) diagnostics simply carry no link.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleAnchor } from '../engine/review/ruleIds';

// The bundle's folder (dist/) in the extension, the source folder when run from sources.
const CANDIDATES = [join(__dirname, '..', 'docs', 'rules.md'), join(__dirname, '../../../docs/rules.md')];

export class RuleDocsLinks {
  private lines?: Map<string, number>;
  private fileUri?: string;

  constructor(private readonly candidates: readonly string[] = CANDIDATES) {}

  /** The link to a rule's section, or undefined when the rule or the file is not known. */
  href(rule: string): string | undefined {
    this.lines ??= this.load();
    const line = this.lines.get(ruleAnchor(rule));
    return line && this.fileUri ? `${this.fileUri}#L${line}` : undefined;
  }

  private load(): Map<string, number> {
    const lines = new Map<string, number>();
    const path = this.candidates.find((candidate) => existsSync(candidate));
    if (!path) return lines;
    this.fileUri = pathToFileURL(path).href;
    const text = readFileSync(path, 'utf8').split('\n');
    for (let i = 0; i < text.length; i++) {
      const anchor = /^<a id="([^"]+)"><\/a>/.exec(text[i]!)?.[1];
      if (!anchor) continue;
      // Point at the section's heading, the first non-empty line after the anchor.
      let heading = i + 1;
      while (heading < text.length && text[heading]!.trim() === '') heading++;
      lines.set(anchor, heading < text.length ? heading + 1 : i + 1);
    }
    return lines;
  }
}
