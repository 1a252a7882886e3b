// The staff board's page: tiles from the server's Server-Sent Events, ages ticking each second.
// Read-only: this script only reads /events; it never sends anything to the hub.
"use strict";

const setup = JSON.parse(document.getElementById("setup").textContent);
const T = setup.texts;
const tiles = new Map(); // box -> tile (as the server sent it)
let skew = 0; // server clock minus browser clock, seconds
let brokerUp = true;
let streamUp = false;
// When each box's tile was last drawn (browser ms since the epoch): read by the tests.
window.boardShown = {};

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? values[key] : all));
}

function age(since) {
  const s = Math.max(0, Math.floor(Date.now() / 1000 + skew - since));
  if (s < 60) return fill(T.seconds, { n: s });
  if (s < 3600) return fill(T.minutes, { n: Math.floor(s / 60) });
  const m = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  return fill(T.hours, { h: Math.floor(s / 3600), m: m });
}

function line(cls, text) {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}

function waitingLong(tile) {
  return (
    tile.online && tile.waiting_since != null &&
    Date.now() / 1000 + skew - tile.waiting_since >= setup.waiting_long
  );
}

function silent(tile) {
  return (
    tile.online && tile.heard != null &&
    Date.now() / 1000 + skew - tile.heard >= setup.silent_after
  );
}

function alertsOf(tile) {
  const found = [];
  if (silent(tile)) found.push(fill(T.silent, { age: age(tile.heard) }));
  if (tile.camera_alert) found.push(T["camera_" + tile.camera]);
  if (tile.storage_alert) found.push(T["storage_" + tile.storage] || tile.storage);
  return found;
}

function draw(tile) {
  const el = document.createElement("article");
  el.className = "tile";
  el.dataset.box = tile.box;
  el.classList.toggle("offline", !tile.online);
  el.classList.toggle("call", tile.call_since != null);
  el.classList.toggle("long", waitingLong(tile));
  const alerts = alertsOf(tile);
  el.classList.toggle("alert", alerts.length > 0);

  const head = document.createElement("h2");
  const name = document.createElement("span");
  name.className = "box";
  name.textContent = tile.box;
  const game = document.createElement("span");
  game.className = "game";
  game.textContent = tile.game ? setup.games[tile.game] || tile.game : T.no_game;
  head.append(name, game);
  el.append(head);

  if (!tile.online) {
    el.append(line("state", tile.offline_since != null
      ? fill(T.offline_for, { age: age(tile.offline_since) }) : T.offline_unknown));
  }
  if (tile.call_since != null) {
    const call = line("callline", fill(T.call, { age: age(tile.call_since) }));
    if (tile.call_received) {
      const received = document.createElement("span");
      received.className = "received";
      received.textContent = " ✓ " + T.call_received;
      call.append(received);
    }
    el.append(call);
  }
  for (const text of alerts) el.append(line("alertline", text));
  if (tile.game) {
    if (tile.where) el.append(line("where", tile.where));
    if (tile.asked) el.append(line("asked", tile.asked));
    if (tile.online && tile.waiting_since != null) {
      el.append(line("since", fill(T.waiting, { age: age(tile.waiting_since) })));
    }
  }
  if (tile.version) el.append(line("version", fill(T.version, { version: tile.version })));
  return el;
}

function render() {
  const main = document.getElementById("tiles");
  const boxes = [...tiles.keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  main.replaceChildren(...boxes.map((box) => draw(tiles.get(box))));
  document.getElementById("empty").hidden = boxes.length > 0;
  const all = [...tiles.values()];
  const counts = [
    [T.tables, all.length, ""],
    [T.calls, all.filter((t) => t.call_since != null).length, "call"],
    [T.waiting_long, all.filter(waitingLong).length, "long"],
    [T.alerts, all.filter((t) => alertsOf(t).length > 0).length, "alert"],
    [T.offline, all.filter((t) => !t.online).length, "offline"],
  ];
  const summary = document.getElementById("summary");
  summary.replaceChildren(...counts.map(([label, n, cls]) => {
    const span = document.createElement("span");
    span.className = "count " + (n > 0 ? cls : "");
    span.textContent = label + ": " + n;
    return span;
  }));
  const banner = document.getElementById("banner");
  const problem = !streamUp ? T.stream_down : !brokerUp ? T.broker_down : "";
  banner.hidden = !problem;
  banner.textContent = problem;
}

function take(data) {
  skew = data.now - Date.now() / 1000;
}

function connect() {
  const source = new EventSource("events");
  source.addEventListener("snapshot", (e) => {
    const data = JSON.parse(e.data);
    take(data);
    streamUp = true;
    brokerUp = data.broker;
    tiles.clear();
    const now = Date.now();
    for (const tile of data.tiles) {
      tiles.set(tile.box, tile);
      window.boardShown[tile.box] = now;
    }
    render();
    if (!window.boardLoadedAt) window.boardLoadedAt = Date.now(); // the first full board
    document.body.dataset.ready = "1";
  });
  source.addEventListener("tiles", (e) => {
    const data = JSON.parse(e.data);
    take(data);
    for (const tile of data.tiles) {
      if (tile.removed) tiles.delete(tile.box);
      else tiles.set(tile.box, tile);
    }
    render();
    const now = Date.now();
    for (const tile of data.tiles) window.boardShown[tile.box] = now;
  });
  source.addEventListener("broker", (e) => {
    const data = JSON.parse(e.data);
    take(data);
    brokerUp = data.connected;
    render();
  });
  source.addEventListener("now", (e) => take(JSON.parse(e.data)));
  // Leaving the page closes the stream at once: a browser holds few connections per
  // server, and a stream kept open by a page in its back-forward cache would stall the next.
  window.addEventListener("pagehide", () => source.close());
  source.onerror = () => {
    streamUp = false;
    render();
  };
}

connect();
setInterval(render, 1000);
