// generateDocs with a model: the builtin tier extracts and renders every documented declaration (the
// counts are its own); the model reads that reference and writes an overview (what the code is for,
// how the pieces fit, a usage example), which is placed before the reference. Every fenced code block
// of the overview must parse in its language; if one does not, the overview is left out and the
// builtin documentation is returned, naming the block.
import { z } from 'zod';
import type { DocsOutput } from '../../contracts/docs';
import type { VerificationCheck } from '../../contracts/verification';
import { resolveLanguage } from '../../languages';
import type { ModelPlan } from '../tier';
import { checkParses } from '../verify';

export const ModelDocs = z.object({
  overview: z.string().min(1).meta({ description: 'Markdown: purpose, how the parts fit, a usage example.' }),
});

export const docsPlan: ModelPlan<'generateDocs', typeof ModelDocs> = {
  name: 'documentation_overview',
  schema: ModelDocs,
  messages: (input, builtin) => [
    {
      role: 'system',
      content: [
        `You write the overview section of ${input.doc_type} documentation, in Markdown, from the reference below.`,
        'Say what the code is for and how its parts fit together; name only functions and types the reference lists.',
        input.include_examples
          ? 'Include one short usage example in a fenced code block tagged with its language.'
          : '',
        'Answer with one JSON object {"overview"}. Use no top-level heading.',
      ]
        .filter(Boolean)
        .join(' '),
    },
    { role: 'user', content: builtin.documentation },
  ],
  async verify(input, builtin, answer) {
    const checks: VerificationCheck[] = [];
    for (const block of codeBlocks(answer.overview)) {
      const language = resolveLanguage(block.tag);
      if (!language) {
        checks.push({
          check: `example at overview line ${block.line} parses`,
          target: 'code',
          outcome: 'skipped',
          detail: block.tag ? `no parser for '${block.tag}'` : 'the block names no language',
        });
        continue;
      }
      const parsed = await checkParses(block.code, language, 'code');
      checks.push({ ...parsed, check: `example at overview line ${block.line} ${parsed.check}` });
    }
    const failed = checks.filter((c) => c.outcome === 'failed');
    if (failed.length)
      return {
        accepted: false,
        checks,
        reason: `an example in its overview does not parse (${failed.map((c) => c.detail).join('; ')})`,
      };
    if (!checks.length)
      checks.push({
        check: 'examples parse',
        target: 'code',
        outcome: 'skipped',
        detail: 'the overview has no code block',
      });
    const output: DocsOutput = {
      ...builtin,
      documentation: withOverview(builtin.documentation, answer.overview, input.format),
    };
    return {
      accepted: true,
      output,
      checks,
      merge:
        "the model's overview before the builtin reference; the reference and every count are the builtin tier's",
    };
  },
};

function codeBlocks(markdown: string): { tag: string; code: string; line: number }[] {
  const blocks: { tag: string; code: string; line: number }[] = [];
  const fence = /^```[ \t]*([\w#+-]*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (let m = fence.exec(markdown); m; m = fence.exec(markdown))
    blocks.push({ tag: m[1] ?? '', code: m[2] ?? '', line: markdown.slice(0, m.index).split('\n').length });
  return blocks;
}

/** Places the overview in the requested format: a Markdown section, an HTML section, or a JSON field. */
function withOverview(documentation: string, overview: string, format: string): string {
  if (format === 'json') {
    try {
      const parsed = JSON.parse(documentation) as Record<string, unknown>;
      return JSON.stringify({ overview, ...parsed }, null, 2);
    } catch {
      return documentation;
    }
  }
  if (format === 'html') {
    const section = `<section class="overview"><h2>Overview</h2><pre>${escapeHtml(overview)}</pre></section>\n`;
    const body = documentation.indexOf('<body>');
    return body >= 0
      ? documentation.slice(0, body + 6) + '\n' + section + documentation.slice(body + 6)
      : section + documentation;
  }
  const title = /^# .*\n/.exec(documentation);
  const section = `## Overview\n\n${overview.trim()}\n\n`;
  return title
    ? `${title[0]}\n${section}${documentation.slice(title[0].length).replace(/^\n/, '')}`
    : section + documentation;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
