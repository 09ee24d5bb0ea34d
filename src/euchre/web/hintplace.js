// Where the coach's hint lies on the felt (coach.css draws it; this measures the room).

const PORTRAIT_PHONE = "(max-width: 599px)"; // coach.css places the hint there
const LANDSCAPE_PHONE = "(orientation: landscape) and (max-height: 520px)";
const HINT_GAP = 4; // px between the hint and what it leaves in view

/** A phone's hint: at the foot of the felt (upright: over the player's own seat and the
 * prompt, its foot on the bids or the hand; on its side: over the player's seat, left of
 * the dock), reaching up no further than the other seats and the turn-up or the trick,
 * which coach.css draws at the top of the felt's middle meanwhile. Where that leaves too
 * little room for the table of values it reaches higher, but never over a face-up turn-up.
 * A tablet's hint lies between those and the player's own seat, as high as it must to
 * show whole (at the felt's top it hid the card bid on); a desktop's beside the felt. */
export function placeHint(felt) {
  const panel = felt?.querySelector("#hint-panel");
  if (!panel) return;
  const upright = window.matchMedia(PORTRAIT_PHONE).matches;
  const phone = upright || window.matchMedia(LANDSCAPE_PHONE).matches;
  const box = felt.getBoundingClientRect();
  const style = getComputedStyle(felt);
  const top = box.top + parseFloat(style.borderTopWidth); // "top" is measured from here
  const edge = box.bottom - parseFloat(style.borderBottomWidth); // and "bottom" from here
  const below = (selector) => Math.max(box.top, ...[...felt.querySelectorAll(selector)].map((e) => e.getBoundingClientRect()).filter((r) => r.height).map((r) => r.bottom + HINT_GAP));
  const clear = below(".seat:not(.pos-bottom), .upcard, .trick, .felt-score, .felt-contract");
  if (phone) placePhoneHint(felt, panel, { style, top, edge, clear, upright, below });
  else if (!placeBeside(felt, panel)) {
    const own = felt.querySelector(".seat.pos-bottom")?.getBoundingClientRect();
    const foot = own?.height ? own.top - HINT_GAP : edge - parseFloat(style.paddingBottom);
    const whole = panel.scrollHeight + panel.offsetHeight - panel.clientHeight;
    const start = Math.max(top + parseFloat(style.paddingTop), Math.min(clear, foot - whole));
    felt.style.setProperty("--hint-top", `${Math.round(start - top)}px`);
    felt.style.setProperty("--hint-room", `${Math.floor(foot - start)}px`);
    felt.style.removeProperty("--hint-bottom");
  }
  // still more than the room: a shadow at the box's foot says it scrolls
  requestAnimationFrame(() => panel.classList.toggle("scrolls", panel.scrollHeight > panel.clientHeight + 1));
}

/** Where the side column stands beside the felt (a desktop, a tablet on its side), the hint
 * lies over that column's top, fixed in the window as the page scrolls: the whole felt
 * stays in view (on the felt, a laptop's 1366 x 768 hint lay over the turn-up and the
 * other seats). False where there is no such column. */
function placeBeside(felt, panel) {
  const side = felt.closest(".table-page")?.querySelector(".side")?.getBoundingClientRect();
  const beside = Boolean(side?.width) && side.left >= felt.getBoundingClientRect().right;
  panel.classList.toggle("beside", beside);
  if (!beside) return false;
  const at = Math.max(side.top, HINT_GAP);
  felt.style.setProperty("--hint-left", `${Math.round(side.left)}px`);
  felt.style.setProperty("--hint-width", `${Math.floor(side.width)}px`);
  felt.style.setProperty("--hint-top", `${Math.round(at)}px`);
  felt.style.setProperty("--hint-room", `${Math.floor(window.innerHeight - at - HINT_GAP)}px`);
  felt.style.removeProperty("--hint-bottom");
  return true;
}

function placePhoneHint(felt, panel, { style, top, edge, clear, upright, below }) {
  panel.classList.remove("beside"); // a window narrowed from a desktop's while it showed
  felt.style.removeProperty("--hint-top");
  const inner = edge - parseFloat(style.paddingBottom);
  const choices = upright ? felt.querySelector(".bid-row, .bid-buttons, .hand")?.getBoundingClientRect() : null;
  const foot = choices?.height ? choices.top - HINT_GAP : inner;
  // What must show unscrolled: the numbers and what they mean under them (held to the
  // box's foot, it hid the last choice), or the reason a phone shows in their place.
  // (on a phone on its side the legend sits beside the title: the lowest one counts)
  const shown = [...panel.querySelectorAll("#hint-values, #hint-legend, #hint-reason")].filter((e) => e.offsetHeight);
  const lowest = Math.max(0, ...shown.map((e) => e.offsetTop + e.offsetHeight));
  const needed = shown.length ? lowest + parseFloat(getComputedStyle(panel).paddingBottom) : 0;
  // The numbers leave the turn-up in view; the reason, asked for, may cover it ("Choices"
  // gives it back): at 360 x 640 under a two-line title it was cut mid-sentence.
  const floor = panel.dataset.view === "why" ? top : below(".upcard:not(.down)");
  const start = Math.max(floor, Math.min(clear, foot - needed));
  felt.style.setProperty("--hint-bottom", `${Math.ceil(upright ? edge - foot : 0)}px`);
  felt.style.setProperty("--hint-room", `${Math.floor(foot - Math.ceil(start))}px`);
}
