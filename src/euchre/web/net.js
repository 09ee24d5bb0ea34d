// The table protocol over one websocket (docs/protocol.md), with automatic reconnection.
//
// Events: "state" (detail: connecting | connected | reconnecting | offline | nosession),
// "open" (detail: {again}) after each welcome, and "message" (detail: the server message).
// Pages re-join their table with their last version on every "open" with again=true.

const HEARTBEAT_MS = 15000;
const MAX_BACKOFF_MS = 5000;
// A phone's socket can die without a close (network gone, page frozen in the background),
// and a paused server instance says nothing: after sending with no word back for QUIET_MS,
// after HEARTBEAT_MS with no word at all, or when the browser says the network changed or
// the page is shown again, a ping unanswered for PROBE_MS marks it dead.
const QUIET_MS = 3000;
const PROBE_MS = 5000;
// A socket that opens but is never welcomed (it reached a paused instance) is given up.
const WELCOME_MS = 15000;
// A newer connection of this person took the seat over (docs/protocol.md, "Close codes").
const CLOSE_REPLACED = 4409;
const PAGE_KEY = "euchre.page";

/** A new id for this page (tab): 22 letters and digits. */
function newPageId() {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => letters[b % 62]).join("");
}

/** The page's id, the same after a reload of the tab (sessionStorage is the tab's own):
 * its new socket takes its seats over from an old one the server has not yet seen die. */
function keptPageId(fresh = false) {
  try {
    const kept = fresh ? null : sessionStorage.getItem(PAGE_KEY);
    if (kept) return kept;
    const made = newPageId();
    sessionStorage.setItem(PAGE_KEY, made);
    return made;
  } catch {
    return newPageId(); // no storage: a reload is another page (seat_in_use until the old socket's close)
  }
}

export class Net extends EventTarget {
  constructor() {
    super();
    this.ws = null;
    this.state = "idle";
    this.wanted = false;
    this.everConnected = false;
    this.reconnects = 0;
    this.attempt = 0;
    this.you = null;
    this.pending = new Map();
    this.nextRef = 0;
    this.lastHeard = 0;
    this.retryTimer = null;
    this.heartbeat = null;
    this.live = false; // the socket was welcomed and has not been lost
    this.quietTimer = null;
    this.probeTimer = null;
    this.welcomeTimer = null;
    this.page = keptPageId();
    window.addEventListener("online", () => {
      if (this.ws && !this.live) this.setState(this.opening()); // a socket opened while offline is still trying
      this.retryNow();
      this.probe();
    });
    window.addEventListener("offline", () => {
      // nothing is sent until the socket proves alive: an action would vanish unanswered
      if (this.live) this.probe();
      this.setState("offline");
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.probe();
    });
  }

  /** Connect (and keep reconnecting until stop()). */
  start() {
    this.wanted = true;
    if (!this.ws) this.open();
  }

  stop() {
    this.wanted = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    this.stopProbing();
    this.live = false;
    const ws = this.ws;
    this.ws = null; // its close event is no longer ours
    if (ws) ws.close(1000);
    this.failPending();
    this.setState("idle");
  }

  get connected() {
    return this.state === "connected";
  }

  open() {
    clearTimeout(this.retryTimer);
    this.stopProbing();
    this.live = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws?page=${encodeURIComponent(this.page)}`);
    this.ws = ws;
    this.setState(this.opening());
    ws.addEventListener("message", (event) => this.receive(ws, event.data));
    ws.addEventListener("close", (event) => this.lost(ws, event.code));
    clearTimeout(this.welcomeTimer);
    this.welcomeTimer = setTimeout(() => this.drop(ws), WELCOME_MS);
  }

  /** Give ``ws`` up as lost, if it is still the page's socket. */
  drop(ws) {
    if (ws !== this.ws) return;
    this.lost(ws, 1006);
    ws.close();
  }

  receive(ws, data) {
    if (ws !== this.ws) return;
    this.lastHeard = Date.now();
    this.stopProbing();
    if (this.live && this.state === "offline") this.setState("connected");
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.type === "welcome") {
      this.welcome(message);
      return;
    }
    this.settle(message);
    this.emit("message", message);
  }

  welcome(message) {
    clearTimeout(this.welcomeTimer);
    const again = this.everConnected;
    this.you = message.you;
    this.everConnected = true;
    this.attempt = 0;
    if (again) this.reconnects += 1;
    this.live = true;
    document.body.dataset.reconnects = String(this.reconnects);
    this.setState("connected");
    this.startHeartbeat();
    this.emit("open", { again, you: message.you });
  }

  settle(message) {
    if (message.ref === undefined || !this.pending.has(message.ref)) return;
    const { resolve, reject, timer } = this.pending.get(message.ref);
    this.pending.delete(message.ref);
    clearTimeout(timer);
    message.handled = true;
    if (message.type === "error") reject(message);
    else resolve(message);
  }

  lost(ws, code) {
    if (ws !== this.ws) return;
    this.ws = null;
    this.live = false;
    clearInterval(this.heartbeat);
    this.stopProbing();
    this.failPending();
    if (code === 4401 || code === 4403) {
      this.wanted = false; // the page decides: a new session, or a retry
      this.setState("nosession");
      return;
    }
    if (code === CLOSE_REPLACED) {
      // Another tab or device took the seat: this one comes back as a new page, which
      // asks before taking it back (a tab duplicated with its id must not bounce it).
      this.page = keptPageId(true);
    }
    if (!this.wanted) {
      this.setState("idle");
      return;
    }
    this.setState(this.withoutSocket("reconnecting"));
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** this.attempt) + Math.random() * 200;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** The state to show while trying ``trying``: offline while the device says so (each
   * retry opens a socket, which must not flip the label to "Reconnecting" and back). */
  withoutSocket(trying) {
    return navigator.onLine === false ? "offline" : trying;
  }

  /** The state while a new socket is on its way. */
  opening() {
    return this.withoutSocket(this.everConnected ? "reconnecting" : "connecting");
  }

  /** Reconnect at once (the network came back, or the user asked). */
  retryNow() {
    if (this.wanted && !this.ws) this.open();
  }

  /** Ping, and drop the socket if nothing at all is heard back within PROBE_MS. */
  probe() {
    if (!this.live || this.probeTimer) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = null;
    const ws = this.ws;
    ws.send(JSON.stringify({ type: "ping" }));
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      this.drop(ws);
    }, PROBE_MS);
  }

  stopProbing() {
    clearTimeout(this.quietTimer);
    clearTimeout(this.probeTimer);
    this.quietTimer = null;
    this.probeTimer = null;
  }

  failPending() {
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject({ type: "error", code: "disconnected", message: "the connection was lost" });
    }
    this.pending.clear();
  }

  startHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      if (Date.now() - this.lastHeard > HEARTBEAT_MS) this.probe();
    }, HEARTBEAT_MS / 3);
  }

  /** Send a message now; false when not connected. */
  send(message) {
    if (!this.ws || this.state !== "connected") return false;
    this.ws.send(JSON.stringify(message));
    if (message.type !== "ping" && !this.quietTimer && !this.probeTimer) {
      this.quietTimer = setTimeout(() => {
        this.quietTimer = null;
        this.probe();
      }, QUIET_MS);
    }
    return true;
  }

  /** Send a message with a fresh ref; resolves with the answer carrying it, rejects on error. */
  request(message, timeoutMs = 15000) {
    const ref = `r${++this.nextRef}`;
    return new Promise((resolve, reject) => {
      if (!this.send({ ...message, ref })) {
        reject({ type: "error", code: "offline", message: "not connected" });
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject({ type: "error", code: "timeout", message: "no answer from the server" });
      }, timeoutMs);
      this.pending.set(ref, { resolve, reject, timer });
    });
  }

  /** Send a message whose only answers are events; errors come back with the ref. */
  fire(message) {
    const ref = `f${++this.nextRef}`;
    return this.send({ ...message, ref }) ? ref : null;
  }

  setState(state) {
    if (state === this.state) return;
    this.state = state;
    document.body.dataset.connection = state;
    this.emit("state", state);
  }

  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail }));
  }
}
