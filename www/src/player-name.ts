// A person's name as the game keeps it (typed in the start dialog, given as an attribute or by a room).

/** A name as typed, kept short and free of markup characters (names are put in the page's HTML). */
export function cleanName(name: string): string {
  return name.replace(/[<>&"]/g, '').trim().slice(0, 20);
}
