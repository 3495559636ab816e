/** Reading a statement back in the parsers' unit tests (tests/unit/bank-statement-*.test.ts). */
import { parseStatement, StatementFormatError, type StatementTransaction } from '../../worker/domain/bank/statement';

export const bytes = (text: string) => new TextEncoder().encode(text);
/** A statement's text parsed as the upload's bytes. */
export const parseText = (text: string) => parseStatement(bytes(text));
export const withoutLines = (txs: StatementTransaction[]) => txs.map(({ line: _line, ...tx }) => tx);

/** The StatementFormatError `run` throws (any other error, or none, fails the test). */
export function refusal(run: () => unknown): StatementFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementFormatError) return error;
    throw error;
  }
  throw new Error('expected a StatementFormatError');
}
