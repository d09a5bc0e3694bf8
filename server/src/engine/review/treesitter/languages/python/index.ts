// Python: the language reviewed in most depth after JS/TS.
import type { LanguageAnalyser } from '../../analyser';
import { pythonDialect } from './dialect';
import { analysePythonQuality } from './quality';
import { analysePythonSecurity } from './security';

export const pythonAnalyser: LanguageAnalyser = {
  dialect: pythonDialect,
  async analyse(context) {
    await analysePythonSecurity(context);
    analysePythonQuality(context);
  },
};
