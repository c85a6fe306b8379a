/**
 * How the editor's "Add note" and the notes panel talk (docs/behaviour.md §editorial-notes):
 * the editor announces a selected passage; the panel opens its thread and announces the new
 * thread's id, which the editor then marks on the passage. Browser-safe.
 */
export const NOTE_PASSAGE_EVENT = "inkwell:note-passage";
export const NOTE_OPENED_EVENT = "inkwell:note-opened";

export type NotePassageDetail = { quote: string };
export type NoteOpenedDetail = { threadId: number };

export function announce<T>(name: string, detail: T) {
  window.dispatchEvent(new CustomEvent<T>(name, { detail }));
}

/** Listens for one of the events; returns the unsubscribe. */
export function listen<T>(name: string, handler: (detail: T) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<T>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
