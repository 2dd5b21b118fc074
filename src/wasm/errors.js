// The error every call of the package throws: a real Error subclass with the engine's stable `code`.
export class BattleLineError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'BattleLineError';
    this.code = code;
  }
}

export function makeBattleLineError(code, message) {
  return new BattleLineError(code, message);
}
