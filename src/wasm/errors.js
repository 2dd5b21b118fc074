// The error every call of the package throws: a real Error subclass with a stable `code`. The engine's
// codes come from Rust (errorCodes()); three more are raised on the JavaScript side: `freed` (a call on
// a Game after free()), `aborted` and `worker_failed` (the computer player, battleline-engine/computer).
export class BattleLineError extends Error {
  constructor(code, message, options) {
    super(message, options);
    this.name = 'BattleLineError';
    this.code = code;
  }
}

export function makeBattleLineError(code, message) {
  return new BattleLineError(code, message);
}

// Makes every method and getter of a wasm-bindgen class throw BattleLineError `freed` once the object
// was freed (wasm-bindgen itself would throw "null pointer passed to rust"), and makes free() (and
// Symbol.dispose, which `using` calls) safe to call twice. Called by the package's glue on its classes.
export function guardFreed(cls, name) {
  const proto = cls.prototype;
  const check = (self, key) => {
    if (!self.__wbg_ptr) {
      throw new BattleLineError('freed', `${name}.${String(key)}: this ${name} was freed (free() or a using block); it can no longer be used`);
    }
  };
  for (const key of Reflect.ownKeys(proto)) {
    if (key === 'constructor') continue;
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (key === 'free' || key === Symbol.dispose) {
      const free = d.value;
      d.value = function () {
        if (this.__wbg_ptr) free.call(this);
      };
    } else if (typeof d.value === 'function') {
      const method = d.value;
      d.value = {
        [key](...args) {
          check(this, key);
          return method.apply(this, args);
        },
      }[key];
    } else if (d.get) {
      const get = d.get;
      d.get = function () {
        check(this, key);
        return get.call(this);
      };
    } else {
      continue;
    }
    Object.defineProperty(proto, key, d);
  }
}
