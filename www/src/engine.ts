// Loads the full wasm engine once (with the computer players): from pkg/battleline_bg.wasm when served, or from the base64 text the
// single-file build inlines (window.__BATTLELINE_WASM__), so that the page also opens from file://.
import init from '../../pkg/full.js';

declare global {
  interface Window {
    __BATTLELINE_WASM__?: string;
    __BATTLELINE_SINGLE_FILE__?: boolean;
  }
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Compiles and instantiates the engine; returns the compiled module (the computer's worker reuses it). */
export async function loadEngine(): Promise<WebAssembly.Module> {
  let module: WebAssembly.Module;
  const inline = window.__BATTLELINE_WASM__;
  if (typeof inline === 'string') {
    module = await WebAssembly.compile(base64Bytes(inline));
  } else {
    const url = new URL('pkg/battleline_bg.wasm', document.baseURI);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    module =
      response.headers.get('content-type') === 'application/wasm'
        ? await WebAssembly.compileStreaming(response)
        : await WebAssembly.compile(await response.arrayBuffer());
  }
  await init({ module_or_path: module });
  return module;
}

export function singleFile(): boolean {
  return window.__BATTLELINE_SINGLE_FILE__ === true;
}
