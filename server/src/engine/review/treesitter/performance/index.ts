// Performance rules over tree-sitter trees that several languages share: loop-invariant work
// (regex compiles, JSON parsing), string building in loops (Java, C#) and N+1 queries. Each rule
// runs only when requested; language rule sets keep their own performance checks.
import type { AnalysisContext } from '../analyser';
import { LOOP_SYNTAX } from './loops';
import { checkJsonParseInLoops, checkRegexInLoops, checkStringConcatInLoops } from './loopWork';
import { checkNPlusOne } from './nPlusOne';

export function reportLoopPerformance(context: AnalysisContext): void {
  const { findings } = context;
  checkNPlusOne(context);
  const syntax = LOOP_SYNTAX[context.language];
  if (!syntax) return;
  if (findings.wants('codewright/regex-in-loop')) checkRegexInLoops(context, syntax);
  if (findings.wants('codewright/json-parse-in-loop')) checkJsonParseInLoops(context, syntax);
  if (findings.wants('codewright/string-concat-in-loop')) checkStringConcatInLoops(context, syntax);
}
