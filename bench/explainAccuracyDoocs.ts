// doocs/leetcode: every problem folder's README_EN.md has "### Solution k: <name>" sections, each
// stating its complexity in prose and LaTeX ("The time complexity is $O(n \times \log n)$, and the
// space complexity is $O(n)$, where $n$ is ...") above one code block per language ("#### Java",
// "#### Go", ...). The section's stated time complexity labels every code block of that section.
// Sections that state none, or several different ones (per operation, per phase), are skipped:
// there is no single class to compare with.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageId } from '../server/src/engine/languages';
import {
  type Growth,
  type Sample,
  compare,
  parseGrowth,
  stripComplexityComments,
} from './explainAccuracyLabels';

const HEADINGS: Record<string, LanguageId> = {
  Python3: 'python',
  Java: 'java',
  'C++': 'cpp',
  Go: 'go',
  TypeScript: 'typescript',
  JavaScript: 'javascript',
  Rust: 'rust',
  'C#': 'csharp',
  C: 'c',
  PHP: 'php',
  Ruby: 'ruby',
};

export const EXTENSIONS: Partial<Record<LanguageId, string>> = {
  python: 'py',
  java: 'java',
  cpp: 'cpp',
  go: 'go',
  typescript: 'ts',
  javascript: 'js',
  rust: 'rs',
  csharp: 'cs',
  c: 'c',
  php: 'php',
  ruby: 'rb',
};

/** The LaTeX of a label as plain notation: `n \times \log_{10} M` → `n * log(M)`. */
export function latexToPlain(tex: string): string {
  return (
    tex
      // The alphabet size |Σ| is a constant of the problem (26 letters, 10 digits), not an input size.
      .replace(/\|?\\Sigma\|?/g, '1')
      .replace(/\\(?:textit|text|mathit|mathrm|operatorname)\{([^{}]*)\}/g, '$1')
      .replace(/\\(?:left|right|,|;|!|\s)/g, ' ')
      .replace(/\\(?:times|cdot)/g, '*')
      .replace(/\\_/g, '_')
      .replace(/\\frac\{([^{}]*)\}\{([^{}]*)\}/g, '($1)/($2)')
      .replace(/\\log_(?:\{[^{}]*\}|\d+)/g, '\\log ')
      .replace(/\\(log|ln|min|max|alpha|sqrt)(?![A-Za-z])/g, '$1')
      .replace(/[{}]/g, (b) => (b === '{' ? '(' : ')'))
      // log^2 n is (log n)^2: the notation parser reads a power after the log's argument.
      .replace(/\blog\s*\^\s*\(?(\d)\)?\s*([A-Za-z]\w*)/g, 'log($2)^$1')
  );
}

/** The time complexities a section's prose states, as growth classes (`undefined`: unreadable). */
function statedTimes(prose: string): { text: string; growth: Growth | undefined }[] {
  return [...prose.matchAll(/time complexity\b[^$.]{0,60}?\$\s*O\s*\(([^$]*)\)\s*\$/gi)].map((m) => {
    const text = latexToPlain(m[1]!);
    return { text, growth: parseGrowth(text) };
  });
}

/** The space complexity the prose states, when it states exactly one. */
function statedSpace(prose: string): Growth | undefined {
  const stated = [...prose.matchAll(/space complexity\b[^$.]{0,60}?\$\s*O\s*\(([^$]*)\)\s*\$/gi)];
  return stated.length === 1 ? parseGrowth(latexToPlain(stated[0]![1]!)) : undefined;
}

/** The code blocks of one section, per language (a language's blocks joined). */
function codeBlocks(section: string): Map<LanguageId, string> {
  const blocks = new Map<LanguageId, string>();
  for (const part of section.split(/^#### /m).slice(1)) {
    const language = HEADINGS[part.slice(0, part.indexOf('\n')).trim()];
    if (!language) continue;
    const code = [...part.matchAll(/^```[\w+#-]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!).join('\n');
    // The README's PHP tabs leave out the opening tag their Solution.php files start with.
    const opened = language === 'php' && !/^\s*<\?php/.test(code) ? `<?php\n${code}` : code;
    if (code.trim()) blocks.set(language, opened);
  }
  return blocks;
}

/** The labelled code blocks of one README_EN.md (exported for its tests). */
export function samplesOfReadme(readme: string, problem: string): Sample[] {
  const samples: Sample[] = [];
  const sections = readme.split(/^### (?=Solution\b)/m).slice(1);
  sections.forEach((section, index) => {
    const tabs = section.indexOf('<!-- tabs:start -->');
    const prose = tabs < 0 ? section : section.slice(0, tabs);
    const times = statedTimes(prose);
    if (times.length === 0 || times.some((t) => !t.growth)) return;
    if (times.some((t) => compare(t.growth!, times[0]!.growth!) !== 0)) return;
    const space = statedSpace(prose);
    for (const [language, code] of codeBlocks(section.slice(Math.max(tabs, 0)))) {
      samples.push({
        file: `${problem}/Solution${index ? index + 1 : ''}.${EXTENSIONS[language]}`,
        language,
        code: stripComplexityComments(code),
        time: times[0]!.growth!,
        timeText: times[0]!.text,
        space,
        group: problem,
      });
    }
  });
  return samples;
}

/** True when `root` looks like doocs/leetcode (or its `solution/` folder). */
export function isDoocs(root: string): boolean {
  return statSync(join(root, 'solution', '0000-0099'), { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** Every labelled code block of the corpus, one sample per (problem, solution, language). */
export function doocsSamples(root: string): Sample[] {
  const samples: Sample[] = [];
  const solutions = join(root, 'solution');
  for (const range of readdirSync(solutions).sort()) {
    if (!statSync(join(solutions, range)).isDirectory()) continue;
    for (const problem of readdirSync(join(solutions, range)).sort()) {
      const readme = join(solutions, range, problem, 'README_EN.md');
      if (!statSync(readme, { throwIfNoEntry: false })) continue;
      samples.push(...samplesOfReadme(readFileSync(readme, 'utf8'), `${range}/${problem}`));
    }
  }
  return samples;
}
