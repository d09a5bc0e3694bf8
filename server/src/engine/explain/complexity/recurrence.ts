// Solves divide-and-conquer recurrences T(n) = a·T(n/b) + f(n) with the Master theorem, where f is
// a polynomial times logs (n^d log^k n). The three cases compare d with the critical exponent
// c = log_b(a): d < c → n^c; d = c → n^c log^(k+1) n; d > c → f(n) itself.

export interface Recurrence {
  /** Recursive calls one invocation makes. */
  calls: number;
  /** Each call receives 1/divisor of the input. */
  divisor: number;
  /** Work outside the calls: n^degree log^logs n. */
  degree: number;
  logs: number;
}

export interface Solution {
  degree: number;
  logs: number;
  /** "T(n) = 2T(n/2) + O(n) → O(n log n)". */
  text: string;
}

function show(degree: number, logs: number): string {
  const parts: string[] = [];
  if (degree === 1) parts.push('n');
  else if (degree > 0) parts.push(`n^${Number.isInteger(degree) ? degree : degree.toFixed(2)}`);
  if (logs === 1) parts.push('log n');
  else if (logs > 1) parts.push(`log^${logs} n`);
  return `O(${parts.join(' ') || '1'})`;
}

export function solveMaster(r: Recurrence): Solution {
  const critical = Math.log(r.calls) / Math.log(r.divisor);
  const rounded = Math.abs(critical - Math.round(critical)) < 1e-9 ? Math.round(critical) : critical;
  let degree: number;
  let logs: number;
  if (r.degree < rounded - 1e-9) {
    degree = rounded;
    logs = 0;
  } else if (Math.abs(r.degree - rounded) < 1e-9) {
    degree = rounded;
    logs = r.logs + 1;
  } else {
    degree = r.degree;
    logs = r.logs;
  }
  const calls = r.calls === 1 ? '' : String(r.calls);
  const text = `T(n) = ${calls}T(n/${r.divisor}) + ${show(r.degree, r.logs)} → ${show(degree, logs)}`;
  return { degree, logs, text };
}
