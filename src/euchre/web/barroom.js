// The room the top bar leaves between its links and its tools, kept on the root element
// (--bar-room-left, --bar-room-width, --bar-height; data-bar-room while there is room).
// On a short screen on its side a table's title goes there (app.css), so the bar and the
// title take one slim row instead of two (77 of 390 px at 844 x 390).

const MIN_ROOM = 160; // px: "Table: Standard" and its badges shortened, still readable

/** Measure the bar now and whenever it, its links or its tools change size. */
export function trackBarRoom(root = document.documentElement) {
  const bar = document.querySelector(".topbar");
  const nav = bar?.querySelector(".nav");
  const tools = bar?.querySelector(".topbar-tools");
  if (!bar || !nav || !tools) return;
  const observer = new ResizeObserver(() => measure(root, bar, nav, tools));
  for (const el of [bar, nav, tools]) observer.observe(el);
}

function measure(root, bar, nav, tools) {
  const links = nav.getBoundingClientRect();
  const right = tools.getBoundingClientRect();
  const room = right.left - links.right;
  const oneRow = Math.abs(links.top - right.top) < links.height;
  root.style.setProperty("--bar-room-left", `${Math.round(links.right)}px`);
  root.style.setProperty("--bar-room-width", `${Math.max(0, Math.floor(room))}px`);
  root.style.setProperty("--bar-height", `${Math.round(bar.getBoundingClientRect().height)}px`);
  const fits = oneRow && room >= MIN_ROOM;
  if (fits === "barRoom" in root.dataset) return;
  if (fits) root.dataset.barRoom = "";
  else delete root.dataset.barRoom;
  // The title left (or took back) its row: what measures the page below it (the felt's
  // fit to the screen) measures again, as after any change of the window's size.
  window.dispatchEvent(new Event("resize"));
}
