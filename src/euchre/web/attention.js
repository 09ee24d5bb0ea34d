// Getting the player's attention: small synthesised sounds, the tab's title and icon while
// the tab is hidden, and (if asked for) a browser notification on the player's turn.
//
// Sounds are made with the Web Audio API, nothing is downloaded. The mute and the
// notification choice are remembered in localStorage.

import { readStored, writeStored } from "./stored.js";

const SOUND_KEY = "euchre.sound";
const NOTIFY_KEY = "euchre.notify";
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#ffbf47" stroke="#0f3d2e" stroke-width="4"/><path d="M24 16l24 16-24 16z" fill="#0f3d2e"/></svg>',
)}`;

// Each sound: [frequency Hz, start s, length s, wave] notes, quiet enough to sit under speech.
const SOUNDS = {
  card: [[420, 0, 0.06, "triangle"]],
  turn: [[660, 0, 0.12, "sine"], [880, 0.13, 0.18, "sine"]],
  trick: [[520, 0, 0.08, "triangle"], [700, 0.07, 0.1, "triangle"]],
  euchre: [[440, 0, 0.16, "square"], [330, 0.16, 0.16, "square"], [220, 0.32, 0.3, "square"]],
};

export class Attention {
  constructor(ctx) {
    this.ctx = ctx;
    this.muted = readStored(SOUND_KEY) === "0";
    this.notify = readStored(NOTIFY_KEY) === "1" && notificationsGranted();
    this.audio = null;
    this.played = []; // the sounds asked for, newest last (tests and the curious read it)
    this.myTurn = false;
    this.prompt = "";
    this.icon = document.querySelector('link[rel="icon"]');
    this.baseIcon = this.icon ? this.icon.getAttribute("href") : null;
    document.addEventListener("visibilitychange", () => this.show());
  }

  /** Wire the settings menu's "sounds" and "notify me" checkboxes. */
  bindControls(sound, notify) {
    sound.checked = !this.muted;
    sound.addEventListener("change", () => this.setMuted(!sound.checked));
    if (!("Notification" in window)) {
      notify.closest("label").hidden = true;
      return;
    }
    notify.checked = this.notify;
    notify.addEventListener("change", () => this.askToNotify(notify));
  }

  setMuted(muted) {
    this.muted = muted;
    writeStored(SOUND_KEY, muted ? "0" : "1");
  }

  /** Asked for only here, on the user's own click in the settings menu. */
  async askToNotify(box) {
    if (!box.checked) {
      this.notify = false;
      writeStored(NOTIFY_KEY, "0");
      return;
    }
    let answer = Notification.permission;
    if (answer === "default") answer = await Notification.requestPermission();
    this.notify = answer === "granted";
    box.checked = this.notify;
    writeStored(NOTIFY_KEY, this.notify ? "1" : "0");
    if (!this.notify) this.ctx.toast(() => this.ctx.t("attention.notifyRefused"), "error");
  }

  /** Play one of SOUNDS unless muted; a browser without Web Audio simply stays quiet. */
  sound(kind) {
    if (this.muted || !SOUNDS[kind]) return;
    this.played.push(kind);
    if (this.played.length > 50) this.played.shift();
    const audio = this.context();
    if (!audio) return;
    const now = audio.currentTime;
    for (const [frequency, start, length, wave] of SOUNDS[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  }

  context() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!this.audio) this.audio = new Context();
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  /** The table says whose turn it is; a new turn of the player's is heard and, when the
   * tab is hidden, seen in the title, the icon and (if chosen) a notification. */
  turn(myTurn, prompt) {
    const fresh = myTurn && !this.myTurn;
    this.myTurn = myTurn;
    this.prompt = prompt || "";
    if (fresh) {
      this.sound("turn");
      if (document.visibilityState === "hidden") this.notifyTurn();
    }
    this.show();
  }

  notifyTurn() {
    if (!this.notify || !notificationsGranted()) return;
    try {
      new Notification(this.ctx.t("attention.yourTurn"), { body: this.prompt, tag: "euchre-turn" });
    } catch {
      // some browsers allow notifications only from a service worker: the title still shows it
    }
  }

  /** Title and icon: marked while it is the player's turn and the tab is hidden. */
  show() {
    const marked = this.myTurn && document.visibilityState === "hidden";
    const base = this.ctx.pageTitle || this.ctx.t("app.title"); // the page's name, restored after the turn
    document.title = marked ? `▶ ${this.ctx.t("attention.yourTurn")} – ${base}` : base;
    document.documentElement.dataset.turnMarked = String(marked);
    if (this.icon && this.baseIcon) this.icon.setAttribute("href", marked ? TURN_ICON : this.baseIcon);
  }

  relabel() {
    this.show();
  }
}

function notificationsGranted() {
  return "Notification" in window && Notification.permission === "granted";
}
