// Integer arithmetic, comparison and logic over constants, as the review's constant folding (and the
// C preprocessor's conditions) evaluate them: comparisons and logic give 0 or 1.

/** `a operator b`, or undefined for an operator it does not know or a division by zero. */
export function foldNumbers(operator: string, a: number, b: number): number | undefined {
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? undefined : Math.trunc(a / b);
    case '%':
      return b === 0 ? undefined : a % b;
    case '>':
      return Number(a > b);
    case '<':
      return Number(a < b);
    case '>=':
      return Number(a >= b);
    case '<=':
      return Number(a <= b);
    case '==':
      return Number(a === b);
    case '!=':
      return Number(a !== b);
    case '&&':
    case 'and':
      return Number(!!a && !!b);
    case '||':
    case 'or':
      return Number(!!a || !!b);
    default:
      return undefined;
  }
}
