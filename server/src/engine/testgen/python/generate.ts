import type { TestGenOutput } from '../../contracts/tests';
export interface PyTestRequest {
  code: string;
  framework: 'pytest' | 'unittest';
  coverageTarget: number;
  edgeCases: boolean;
  modulePath: string;
  execute: boolean;
  signal?: AbortSignal;
}
export async function generatePythonTests(request: PyTestRequest): Promise<TestGenOutput> {
  throw new Error(`not yet ${request.framework}`);
}
