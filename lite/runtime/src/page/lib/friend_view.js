/* Playing a friend: where the page puts the reader's eyes (issue 39). */

/** The friend's link Python shows once "Make the link" is pressed (widgets/friend_panel.py). */
export const FRIEND_LINK = ".crib-live-view code.crib-friend-url";

/** The first link on the page (`root`) that is shown (not folded away in "Show the link again")
 * and was not shown before (`seen`: the links' texts shown so far, updated here), or null. Making
 * the link shrinks the panel (its setup folds away), so the link lands above the screen: the page
 * scrolls to it once, when it first appears, never again while the player reads or plays. */
export function newLink(root, seen) {
  let found = null;
  root.querySelectorAll(FRIEND_LINK).forEach((el) => {
    const text = el.textContent || "";
    if (!text || seen.has(text) || !el.getClientRects().length) return;
    seen.add(text);
    found ??= el;
  });
  return found;
}
