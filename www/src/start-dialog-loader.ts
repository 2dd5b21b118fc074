// The new-game dialog, loaded when first needed: an element that starts without a game of its own (no
// `mode`) loads its chunk (start-dialog.ts, with its words) before it is first drawn, so the dialog opens
// as before; an element given its game fetches it only when a new game is asked for.
type StartDialogChunk = typeof import('./start-dialog.js');

let loaded: StartDialogChunk | null = null;
let loading: Promise<StartDialogChunk> | null = null;

/** The chunk, fetched once (again after a failed fetch). */
export function loadStartDialog(): Promise<StartDialogChunk> {
  loading ??= import('./start-dialog.js').then(
    (chunk) => (loaded = chunk),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The chunk if loaded (then the dialog opens with no wait at all). */
export function startDialogLoaded(): StartDialogChunk | null {
  return loaded;
}
