import type { ErrorCode } from './rules/battleline.js';

/**
 * Thrown by every failing call (and the rejection of every failed suggestion): `code` is stable, the
 * message explains it in English. A refused action leaves the game exactly as it was.
 */
export declare class BattleLineError extends Error {
  readonly name: 'BattleLineError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: ErrorOptions);
}
