import assert from 'node:assert/strict';
import { apiLogger } from '../../../server/src/features/apiLog';

function sink() {
  const lines: { level: 'error' | 'warn'; message: string }[] = [];
  return {
    lines,
    error: (message: string) => void lines.push({ level: 'error', message }),
    warn: (message: string) => void lines.push({ level: 'warn', message }),
  };
}

describe('server/features/apiLog', () => {
  it('keeps errors with their request id and stack, tagged as api lines', () => {
    const out = sink();
    const error = new Error('boom');
    apiLogger(out).error({ err: error, request_id: 'req-1' }, 'unexpected error');
    assert.equal(out.lines.length, 1);
    assert.equal(out.lines[0]!.level, 'error');
    assert.match(out.lines[0]!.message, /^\[api\] unexpected error \(request_id=req-1\)\nError: boom/);
  });

  it('drops per-request info and debug lines', () => {
    const out = sink();
    const logger = apiLogger(out);
    logger.info({ req: { url: '/v1/health' } }, 'incoming request');
    logger.debug('details');
    logger.trace('more');
    assert.equal(out.lines.length, 0);
  });

  it('carries child bindings and formats plain messages', () => {
    const out = sink();
    apiLogger(out).child({ reqId: 'abc' }).warn('slow: %d ms', 1200);
    assert.deepEqual(out.lines, [{ level: 'warn', message: '[api] slow: 1200 ms (reqId=abc)' }]);
  });

  it('maps fatal to error', () => {
    const out = sink();
    apiLogger(out).fatal('down');
    assert.deepEqual(out.lines, [{ level: 'error', message: '[api] down' }]);
  });
});
