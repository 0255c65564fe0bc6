/**
 * Lists of system names given as one string (`--systems a,b`, `--weights a=2,b=1`, `--cost
 * a=1`): the names are separated by commas, and a name may hold a comma itself, as the system of
 * a file `crf,v2.conll` is named "crf,v2" after it. A comma is read as a separator unless the
 * pieces on either side of it belong to one name.
 */

/**
 * The names of a comma-separated `list`, each trimmed, empty ones left out: at each piece, the
 * longest run of pieces that, joined with their commas, is one of `known`, else the piece alone
 * (a name the caller reports as unknown). `a,b` is two names unless "a,b" is one of `known`.
 */
export function splitNames(list: string, known: readonly string[]): string[] {
  const pieces = list.split(',');
  const names = new Set(known);
  const out: string[] = [];
  for (let i = 0; i < pieces.length;) {
    let take = 1;
    for (let j = pieces.length; j > i + 1; j--) {
      if (names.has(pieces.slice(i, j).join(',').trim())) {
        take = j - i;
        break;
      }
    }
    const name = pieces.slice(i, i + take).join(',').trim();
    if (name.length > 0) out.push(name);
    i += take;
  }
  return out;
}

/**
 * The `NAME=VALUE` pairs of a comma-separated `list`, untrimmed: a piece with no `=` that is not
 * empty is the start of a name holding a comma, and is joined, comma and all, to the piece after
 * it (`crf,v2=3,sloppy=1` is `crf,v2=3` and `sloppy=1`). A last piece with no `=` stays alone, for
 * the caller to refuse. Empty pieces are kept, for the caller to skip or refuse.
 */
export function splitPairs(list: string): string[] {
  const out: string[] = [];
  let head = '';
  for (const piece of list.split(',')) {
    const part = head === '' ? piece : `${head},${piece}`;
    if (piece.includes('=') || piece.trim() === '') {
      out.push(part);
      head = '';
    } else head = part;
  }
  if (head !== '') out.push(head);
  return out;
}
