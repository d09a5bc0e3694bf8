// Python: the language reviewed in most depth after JS/TS.
import type { LanguageAnalyser } from '../../analyser';
import { pythonDialect } from './dialect';
import { analysePythonQuality } from './quality';
import { analysePythonSecurity } from './security';

export const pythonAnalyser: LanguageAnalyser = {
  dialect: pythonDialect,
  nodeTypes: [
    'default_parameter',
    'typed_default_parameter',
    'except_clause',
    'comparison_operator',
    'augmented_assignment',
    'import_from_statement',
    'import_statement',
    'assignment',
  ],
  async analyse(context) {
    await analysePythonSecurity(context);
    analysePythonQuality(context);
  },
};
