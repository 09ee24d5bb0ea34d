// What this browser remembers between visits (localStorage): a choice that cannot be stored
// (private browsing) lasts for this page only.

/** The value kept under ``key``, or null. */
export function readStored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private browsing: the choice lasts for this page only
  }
}
