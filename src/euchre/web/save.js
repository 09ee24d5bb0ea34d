// Saving a setting on the server. A refusal that may pass on its own (the connection lost,
// no answer in time, the server failing, busy or restarting, too many changes at once) is
// tried again after a wait that doubles each time, or as long as the server said to wait
// (an error's retry_after, HTTP's Retry-After). The caller hears of each wait so that the
// page can say the change is not saved yet; any other refusal, or the last one, is thrown.

const PASSING = new Set(["offline", "disconnected", "timeout", "rate_limited", "unavailable", "server_error", "shutting_down"]);
const TRIES = 5;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 60000;

/** True for a refusal worth trying again unchanged. */
export function passing(err) {
  if (!err) return false;
  return PASSING.has(err.code) || err.status === 0 || err.status === 429 || err.status >= 500;
}

/** The wait in ms before the ``n``th new try (1 for the first). */
export function retryWait(err, n) {
  const told = Number(err && err.retry_after);
  if (told > 0) return Math.min(told * 1000, LONGEST_WAIT_MS);
  return Math.min(FIRST_WAIT_MS * 2 ** (n - 1), LONGEST_WAIT_MS);
}

/** ``attempt()`` until it resolves; ``onWait(err, ms)`` before each new try. */
export async function saveWithRetry(attempt, onWait = () => {}, tries = TRIES) {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (!passing(err) || n >= tries) throw err;
      const ms = retryWait(err, n);
      onWait(err, ms);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  }
}
