// The error every call of the package throws: a real Error subclass with a stable `code`. The engine's
// codes come from Rust (errorCodes()); four more are raised on the JavaScript side: `freed` (a call on
// a Game after free()), `stack_exhausted` (see ensureStack), `aborted` and `worker_failed` (the computer
// player, battleline-engine/computer).
export class BattleLineError extends Error {
  constructor(code, message, options) {
    super(bounded(message), options);
    this.name = 'BattleLineError';
    this.code = code;
  }
}

// The longest message, in UTF-16 code units: the engine cuts its own to 2,000 bytes (MAX_MESSAGE_BYTES),
// and messages made here may quote what a caller gave (a hostile getter's error, a worker's failure), so
// they are cut the same way (a 15 MiB record once made a 31.5 M-character message).
const MAX_MESSAGE_CHARS = 2000;
const CUT = '… (cut)';

function bounded(message) {
  if (typeof message !== 'string' || message.length <= MAX_MESSAGE_CHARS) return message;
  let end = MAX_MESSAGE_CHARS - CUT.length;
  // Never split a surrogate pair.
  const last = message.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return message.slice(0, end) + CUT;
}

export function makeBattleLineError(code, message) {
  return new BattleLineError(code, message);
}

// The JSON text of a value given to the engine. JSON.stringify would write NaN and the infinities as
// null (so `new Game({ games: NaN })` silently meant the default): they are refused here instead, with
// the key that holds them. Whatever goes wrong (that, a cycle, a BigInt, a hostile getter) is thrown as
// its message, a string, which the engine turns into a BattleLineError.
export function jsonText(value) {
  try {
    return JSON.stringify(value, (key, item) => {
      if (typeof item === 'number' && !Number.isFinite(item)) {
        throw new TypeError(`${key === '' ? 'the value' : JSON.stringify(key)} is ${item}, not a finite number`);
      }
      return item;
    });
  } catch (error) {
    throw String(error?.message ?? error);
  }
}

// A call into the engine needs stack. Made with the JavaScript stack nearly exhausted (deep recursion in
// the calling page), it could fail part-way inside the engine: after wasm-bindgen borrowed the Game (then
// borrowed for good), or while the glue or the engine kept its books (then the whole instance was
// unusable). So every call of the package first makes sure that a margin of stack is left, by
// calling `probe` that deep, and refuses with `stack_exhausted`, changing nothing, when it is not. The
// margin is ten times what tests/node/stack.test.mjs needs for every call it makes (40 frames already
// kept every Game usable and the instance alive there); it costs about 3 us a call.
const MARGIN_FRAMES = 400;
function probe(n, a, b, c, d, e, f, g, h) {
  return n > 0 ? probe(n - 1, a, b, c, d, e, f, g, h) + 1 : a;
}

export function ensureStack(what) {
  try {
    probe(MARGIN_FRAMES, 0, 0, 0, 0, 0, 0, 0, 0);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new BattleLineError('stack_exhausted', `${what}: too little of the JavaScript stack is left to call the engine safely (the call was made from very deep recursion); nothing was changed`);
  }
}

// Makes every method and getter of a wasm-bindgen class throw BattleLineError `freed` once the object
// was freed (wasm-bindgen itself would throw "null pointer passed to rust"), and makes free() (and
// Symbol.dispose, which `using` calls) safe to call twice. Every call first checks the stack
// (`ensureStack`). Called by the package's glue on its classes.
export function guardFreed(cls, name) {
  const proto = cls.prototype;
  const check = (self, key) => {
    if (!self.__wbg_ptr) {
      throw new BattleLineError('freed', `${name}.${String(key)}: this ${name} was freed (free() or a using block); it can no longer be used`);
    }
    ensureStack(`${name}.${String(key)}`);
  };
  for (const key of Reflect.ownKeys(proto)) {
    if (key === 'constructor') continue;
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (key === 'free' || key === Symbol.dispose) {
      const free = d.value;
      d.value = function () {
        if (!this.__wbg_ptr) return;
        ensureStack(`${name}.free`);
        free.call(this);
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
