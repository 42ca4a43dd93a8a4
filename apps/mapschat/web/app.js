// Cairn maps chat: a chat panel and a map drawn from the server's own
// data (GET /api/v1/maps/features), with the answers' places as markers
// and their route as a line. No libraries, no network beyond this server.
"use strict";

const $ = (id) => document.getElementById(id);
const TILE = 256; // Web Mercator: the world is TILE·2^zoom pixels wide
const MAX_LAT = 85.0511287798;

const view = { lat: 39.7447, lng: -75.5484, zoom: 12 }; // Wilmington, Delaware
let features = { roads: [], places: [] };
let answer = { places: [], route: null }; // what the last answer drew
let routeLine = []; // decoded polyline, [{lat, lng}]
let selected = null; // place_id of the place whose details show
let sessionId = null;
let apiKey = sessionStorage.getItem("cairn-api-key") || "";
let busy = false;

// --- projection ---------------------------------------------------------

function worldSize(z) { return TILE * Math.pow(2, z); }

function project(lat, lng, z) {
  const s = worldSize(z);
  const la = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI / 180;
  return {
    x: (lng + 180) / 360 * s,
    y: (1 - Math.log(Math.tan(la) + 1 / Math.cos(la)) / Math.PI) / 2 * s,
  };
}

function unproject(x, y, z) {
  const s = worldSize(z);
  const n = Math.PI - 2 * Math.PI * y / s;
  return { lat: 180 / Math.PI * Math.atan(Math.sinh(n)), lng: x / s * 360 - 180 };
}

function mapSize() {
  const r = $("map").getBoundingClientRect();
  return { w: r.width, h: r.height };
}

// toScreen gives the position of lat/lng in the map's pixels.
function toScreen(lat, lng) {
  const { w, h } = mapSize();
  const c = project(view.lat, view.lng, view.zoom);
  const p = project(lat, lng, view.zoom);
  let dx = p.x - c.x;
  const s = worldSize(view.zoom);
  if (dx > s / 2) dx -= s; else if (dx < -s / 2) dx += s;
  return { x: w / 2 + dx, y: h / 2 + (p.y - c.y) };
}

function bounds() {
  const { w, h } = mapSize();
  const c = project(view.lat, view.lng, view.zoom);
  const nw = unproject(c.x - w / 2, c.y - h / 2, view.zoom);
  const se = unproject(c.x + w / 2, c.y + h / 2, view.zoom);
  const clampLng = (v) => Math.max(-180, Math.min(180, v));
  return { minLng: clampLng(nw.lng), minLat: se.lat, maxLng: clampLng(se.lng), maxLat: nw.lat };
}

function setView(lat, lng, zoom) {
  view.zoom = Math.max(2, Math.min(18, zoom));
  view.lat = Math.max(-80, Math.min(80, lat));
  view.lng = ((lng + 540) % 360) - 180;
  draw();
  loadFeatures();
}

// --- features -----------------------------------------------------------

let featureTimer = 0;
let featureAbort = null;

function loadFeatures() {
  clearTimeout(featureTimer);
  document.body.dataset.mapLoading = "1";
  featureTimer = setTimeout(async () => {
    if (featureAbort) featureAbort.abort();
    featureAbort = new AbortController();
    const b = bounds();
    const q = [b.minLng, b.minLat, b.maxLng, b.maxLat].map((v) => v.toFixed(5)).join(",");
    try {
      const res = await api("GET", "/api/v1/maps/features?bbox=" + q + "&zoom=" + Math.round(view.zoom), null, featureAbort.signal);
      if (res.status === 401) {
        setStatus(await errorText(res));
        await needKey();
        loadFeatures();
        return;
      }
      if (!res.ok) {
        setStatus("The map could not load: " + (await errorText(res)));
        return;
      }
      const gj = await res.json();
      const f = { roads: [], places: [] };
      for (const ft of gj.features) {
        const p = ft.properties;
        if (ft.geometry.type === "LineString") f.roads.push({ cls: p.class, name: p.name, pts: ft.geometry.coordinates });
        else if (ft.geometry.type === "Point") f.places.push({ name: p.name, type: p.type, id: p.place_id, pt: ft.geometry.coordinates });
      }
      features = f;
      document.body.dataset.features = String(gj.features.length);
      delete document.body.dataset.mapLoading;
      draw();
    } catch (e) {
      if (e.name !== "AbortError") setStatus("The map could not load: " + e.message);
    }
  }, 120);
}

// --- drawing ------------------------------------------------------------

// Road styles by class: colour, width in pixels at zoom 14, draw order.
const roadStyle = {
  motorway: ["#e8925a", 5, 9], trunk: ["#f0a868", 4.5, 8], primary: ["#f5c26b", 4, 7],
  secondary: ["#f7dc8f", 3.5, 6], tertiary: ["#ffffff", 3, 5], motorway_link: ["#e8925a", 2.5, 8],
  trunk_link: ["#f0a868", 2.5, 8], primary_link: ["#f5c26b", 2.5, 7], secondary_link: ["#f7dc8f", 2.5, 6],
  tertiary_link: ["#ffffff", 2.5, 5], residential: ["#ffffff", 2.5, 4], unclassified: ["#ffffff", 2.5, 4],
  living_street: ["#ffffff", 2, 3], road: ["#ffffff", 2, 3], service: ["#ffffff", 1.5, 2],
  track: ["#c8b08a", 1.2, 1], footway: ["#d4a49a", 1, 1], path: ["#d4a49a", 1, 1], cycleway: ["#8fa6e0", 1, 1],
  steps: ["#d4a49a", 1, 1], bridleway: ["#9fbf8f", 1, 1], pedestrian: ["#eeeeee", 2, 2],
};

function draw() {
  const canvas = $("base");
  const { w, h } = mapSize();
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#f2efe9";
  ctx.fillRect(0, 0, w, h);
  const scale = Math.pow(2, (view.zoom - 14) / 2.2);
  const roads = features.roads.slice().sort((a, b) => (roadStyle[a.cls] || [0, 0, 0])[2] - (roadStyle[b.cls] || [0, 0, 0])[2]);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const pass of [0, 1]) { // casing, then fill
    for (const r of roads) {
      const st = roadStyle[r.cls] || ["#ffffff", 1.5, 0];
      const width = Math.max(0.6, st[1] * scale);
      ctx.beginPath();
      r.pts.forEach(([lng, lat], i) => {
        const p = toScreen(lat, lng);
        if (i === 0) ctx.moveTo(p.x, p.y); else ctx.lineTo(p.x, p.y);
      });
      if (pass === 0) {
        if (width < 1.5) continue;
        ctx.strokeStyle = "#c9c1b4";
        ctx.lineWidth = width + 1.5;
      } else {
        ctx.strokeStyle = st[0];
        ctx.lineWidth = width;
      }
      ctx.stroke();
    }
  }
  // Points of interest, then town names on top.
  for (const p of features.places) {
    if (p.type === "locality") continue;
    const s = toScreen(p.pt[1], p.pt[0]);
    ctx.fillStyle = "#8a7f72";
    ctx.beginPath();
    ctx.arc(s.x, s.y, 2.5, 0, 2 * Math.PI);
    ctx.fill();
    if (view.zoom >= 16) label(ctx, p.name, s.x + 5, s.y + 4, "11px system-ui, sans-serif", "#5c544b");
  }
  const taken = [];
  for (const p of features.places) {
    if (p.type !== "locality") continue;
    const s = toScreen(p.pt[1], p.pt[0]);
    const font = taken.length < 5 ? "bold 13px system-ui, sans-serif" : "12px system-ui, sans-serif";
    ctx.font = font;
    const tw = ctx.measureText(p.name).width;
    const box = { x: s.x - tw / 2 - 2, y: s.y - 14, w: tw + 4, h: 18 };
    if (taken.some((b) => box.x < b.x + b.w && b.x < box.x + box.w && box.y < b.y + b.h && b.y < box.y + box.h)) continue;
    taken.push(box);
    ctx.fillStyle = "#333";
    ctx.beginPath();
    ctx.arc(s.x, s.y, 2.5, 0, 2 * Math.PI);
    ctx.fill();
    label(ctx, p.name, s.x - tw / 2, s.y - 5, font, "#222");
  }
  drawRoute();
  drawMarkers();
  const here = $("here");
  here.textContent = "here: " + view.lat.toFixed(4) + ", " + view.lng.toFixed(4) + " · zoom " + view.zoom.toFixed(1);
}

function label(ctx, text, x, y, font, color) {
  ctx.font = font;
  ctx.lineWidth = 3;
  ctx.strokeStyle = "rgba(255,255,255,0.9)";
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

function drawRoute() {
  const pts = routeLine.map((p) => { const s = toScreen(p.lat, p.lng); return s.x.toFixed(1) + "," + s.y.toFixed(1); });
  $("route").setAttribute("points", pts.join(" "));
  // The route's two ends: where it starts (green) and where it arrives.
  for (const [id, p] of [["route-start", routeLine[0]], ["route-finish", routeLine[routeLine.length - 1]]]) {
    const c = $(id);
    if (!p) { c.setAttribute("r", "0"); continue; }
    const s = toScreen(p.lat, p.lng);
    c.setAttribute("cx", s.x.toFixed(1));
    c.setAttribute("cy", s.y.toFixed(1));
    c.setAttribute("r", "7");
  }
}

function drawMarkers() {
  const box = $("markers");
  const want = answer.places;
  if (box.children.length !== want.length) {
    box.replaceChildren();
    want.forEach((p, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "marker";
      b.dataset.placeId = p.place_id || "";
      b.dataset.name = p.name;
      b.title = p.name;
      b.setAttribute("aria-label", p.name);
      const span = document.createElement("span");
      span.textContent = String(i + 1);
      b.append(span);
      b.addEventListener("pointerdown", (e) => e.stopPropagation());
      b.addEventListener("click", (e) => { e.stopPropagation(); showDetails(i); });
      box.append(b);
    });
  }
  want.forEach((p, i) => {
    const el = box.children[i];
    const s = toScreen(p.location.lat, p.location.lng);
    el.style.left = s.x + "px";
    el.style.top = s.y + "px";
    el.classList.toggle("selected", selected !== null && selected === i);
  });
}

function showDetails(i) {
  const p = answer.places[i];
  if (!p) return;
  selected = i;
  $("details-name").textContent = p.name;
  $("details-address").textContent = p.address || "no address in the data";
  $("details-pos").textContent = p.location.lat.toFixed(5) + ", " + p.location.lng.toFixed(5);
  $("details-id").textContent = p.place_id ? "place_id " + p.place_id : "";
  $("details").hidden = false;
  drawMarkers();
}

function hideDetails() {
  $("details").hidden = true;
  selected = null;
  drawMarkers();
}

// fit shows every answer place and the route.
function fit() {
  const pts = answer.places.map((p) => p.location).concat(routeLine);
  if (pts.length === 0) return;
  let minLat = 90, maxLat = -90, minLng = 180, maxLng = -180;
  for (const p of pts) {
    minLat = Math.min(minLat, p.lat); maxLat = Math.max(maxLat, p.lat);
    minLng = Math.min(minLng, p.lng); maxLng = Math.max(maxLng, p.lng);
  }
  const { w, h } = mapSize();
  let z = 16;
  for (; z > 2; z -= 0.25) {
    const a = project(maxLat, minLng, z), b = project(minLat, maxLng, z);
    if (b.x - a.x < w - 120 && b.y - a.y < h - 120) break;
  }
  const a = project(maxLat, minLng, z), b = project(minLat, maxLng, z);
  const c = unproject((a.x + b.x) / 2, (a.y + b.y) / 2, z);
  setView(c.lat, c.lng, z);
}

// decodePolyline reads Google's encoded polyline format.
function decodePolyline(s) {
  const out = [];
  let i = 0, lat = 0, lng = 0;
  while (i < s.length) {
    const d = [0, 0];
    for (let k = 0; k < 2; k++) {
      let shift = 0, result = 0, b;
      do {
        if (i >= s.length) return out; // truncated: keep what was whole
        b = s.charCodeAt(i++) - 63;
        result |= (b & 0x1f) << shift;
        shift += 5;
      } while (b >= 0x20);
      d[k] = result & 1 ? ~(result >> 1) : result >> 1;
    }
    lat += d[0];
    lng += d[1];
    out.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return out;
}

// --- map interaction ----------------------------------------------------

function setupMap() {
  const m = $("map");
  let drag = null; // one pointer down: panning
  let pinch = null; // two: zooming
  const pointers = new Map();
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  m.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || e.target.closest("#details, #zoom-buttons, .marker")) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    m.setPointerCapture(e.pointerId);
    if (pointers.size === 2) {
      drag = null;
      pinch = { d: spread().d, zoom: view.zoom };
      return;
    }
    drag = { x: e.clientX, y: e.clientY, c: project(view.lat, view.lng, view.zoom), moved: false };
    m.classList.add("dragging");
  });
  m.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pointers.size === 2) {
      const s = spread();
      if (s.d > 0 && pinch.d > 0) zoomAt(s.x, s.y, pinch.zoom + Math.log2(s.d / pinch.d) - view.zoom);
      return;
    }
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
    const c = unproject(drag.c.x - dx, drag.c.y - dy, view.zoom);
    view.lat = Math.max(-80, Math.min(80, c.lat));
    view.lng = ((c.lng + 540) % 360) - 180;
    draw();
  });
  const end = (e) => {
    pointers.delete(e.pointerId);
    if (pinch && pointers.size < 2) pinch = null;
    if (!drag) return;
    const moved = drag.moved;
    drag = null;
    m.classList.remove("dragging");
    if (moved) loadFeatures();
  };
  m.addEventListener("pointerup", end);
  m.addEventListener("pointercancel", end);
  // The keyboard: arrows pan, + and - zoom.
  m.tabIndex = 0;
  m.addEventListener("keydown", (e) => {
    const step = 120, c = project(view.lat, view.lng, view.zoom);
    const pan = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (pan) {
      const p = unproject(c.x + pan[0], c.y + pan[1], view.zoom);
      setView(p.lat, p.lng, view.zoom);
    } else if (e.key === "+" || e.key === "=") {
      setView(view.lat, view.lng, view.zoom + 1);
    } else if (e.key === "-") {
      setView(view.lat, view.lng, view.zoom - 1);
    } else {
      return;
    }
    e.preventDefault();
  });
  m.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoomAt(e.clientX, e.clientY, -Math.sign(e.deltaY) * (Math.abs(e.deltaY) > 50 ? 0.5 : 0.25));
  }, { passive: false });
  m.addEventListener("dblclick", (e) => {
    if (e.target.closest("#details, #zoom-buttons, .marker")) return;
    zoomAt(e.clientX, e.clientY, 1);
  });
  $("zoom-in").addEventListener("click", () => setView(view.lat, view.lng, view.zoom + 1));
  $("zoom-out").addEventListener("click", () => setView(view.lat, view.lng, view.zoom - 1));
  $("details-close").addEventListener("click", hideDetails);
  window.addEventListener("resize", () => { draw(); loadFeatures(); });
}

// zoomAt zooms by dz keeping the point under the cursor in place.
function zoomAt(clientX, clientY, dz) {
  const r = $("map").getBoundingClientRect();
  const ox = clientX - r.left - r.width / 2, oy = clientY - r.top - r.height / 2;
  const c = project(view.lat, view.lng, view.zoom);
  const under = unproject(c.x + ox, c.y + oy, view.zoom);
  const z = Math.max(2, Math.min(18, view.zoom + dz));
  const u = project(under.lat, under.lng, z);
  const nc = unproject(u.x - ox, u.y - oy, z);
  setView(nc.lat, nc.lng, z);
}

// --- the chat -----------------------------------------------------------

function api(method, path, body, signal) {
  const headers = {};
  if (body !== null) headers["Content-Type"] = "application/json";
  if (apiKey) headers["Authorization"] = "Bearer " + apiKey;
  return fetch(path, { method, headers, body: body === null ? undefined : JSON.stringify(body), signal });
}

async function errorText(res) {
  try {
    const j = await res.json();
    return j.error || res.statusText;
  } catch {
    return res.status + " " + res.statusText;
  }
}

function setStatus(text) { $("status").textContent = text; }

function logItem(cls, text) {
  const li = document.createElement("li");
  li.className = "msg " + cls;
  li.textContent = text;
  $("log").append(li);
  li.scrollIntoView({ block: "end" });
  return li;
}

const stateNames = {
  analyzing: "Analyzing", responding: "Responding", tool_planning: "Planning",
  tool_executing: "Looking it up", tool_reflecting: "Checking the results", completing: "Completing", done: "Done",
};

function showState(st) {
  const li = document.createElement("li");
  li.className = "msg state";
  const b = document.createElement("b");
  b.textContent = (stateNames[st.status] || st.status) + ": ";
  // The first line only: a completing state's content is the whole answer,
  // which follows in full.
  let text = (st.content || st.reasoning || "").split("\n")[0];
  if (text.length > 160) text = text.slice(0, 157) + "…";
  li.append(b, document.createTextNode(text));
  $("log").append(li);
  li.scrollIntoView({ block: "end" });
  setStatus((text || stateNames[st.status] || "").replace(/…$/, "") + "…");
}

// selectedPlace is the place whose details show: "it" in the next message.
function selectedPlace() {
  return selected !== null && answer.places[selected] ? answer.places[selected] : null;
}

function here() {
  return { lat: +view.lat.toFixed(6), lng: +view.lng.toFixed(6), zoom: +view.zoom.toFixed(2) };
}

// needKey shows the key form and resolves when a key is entered.
let keyWait = null;

function needKey() {
  if (keyWait) return keyWait;
  const f = $("key-form");
  f.hidden = false;
  $("key").focus();
  keyWait = new Promise((resolve) => {
    f.onsubmit = (e) => {
      e.preventDefault();
      apiKey = $("key").value.trim();
      sessionStorage.setItem("cairn-api-key", apiKey);
      f.hidden = true;
      keyWait = null;
      resolve();
    };
  });
  return keyWait;
}

async function ensureSession() {
  if (sessionId) return true;
  for (;;) {
    const res = await api("POST", "/api/v1/chat/sessions", { center: here() });
    if (res.status === 401) { setStatus(await errorText(res)); await needKey(); continue; }
    if (!res.ok) { logItem("error", "Could not start a conversation: " + (await errorText(res))); return false; }
    sessionId = (await res.json()).id;
    sessionStorage.setItem("cairn-session", sessionId);
    return true;
  }
}

async function send(text) {
  if (busy || !text.trim()) return;
  busy = true;
  document.body.dataset.busy = "1";
  $("send").disabled = true;
  logItem("user", text);
  try {
    if (!(await ensureSession())) return;
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await api("POST", "/api/v1/chat/sessions/" + encodeURIComponent(sessionId) + "/messages", { message: text, center: here(), selected: selectedPlace() });
      if (res.status === 401) { setStatus(await errorText(res)); await needKey(); continue; }
      if (res.status === 404) { sessionId = null; if (!(await ensureSession())) return; continue; } // the server forgot it
      if (!res.ok || !(res.headers.get("Content-Type") || "").startsWith("text/event-stream")) {
        logItem("error", await errorText(res));
        return;
      }
      await readEvents(res);
      return;
    }
  } catch (e) {
    logItem("error", "The server could not be reached: " + e.message);
  } finally {
    busy = false;
    delete document.body.dataset.busy;
    $("send").disabled = false;
    setStatus("");
  }
}

// readEvents reads the server-sent events of a POST: EventSource cannot
// POST, so the stream is parsed here.
async function readEvents(res) {
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  let done = false;
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    buf += value;
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      let name = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data += (data ? "\n" : "") + line.slice(5).replace(/^ /, "");
      }
      let v;
      try { v = JSON.parse(data); } catch { continue; }
      if (name === "state") showState(v);
      else if (name === "done") { showAnswer(v); done = true; }
      else if (name === "error") logItem("error", v.error || "the turn failed");
    }
  }
  if (!done) logItem("error", "The answer stopped before it was complete.");
}

function showAnswer(a) {
  const li = logItem("assistant", "");
  const text = document.createElement("span");
  text.className = "answer-text";
  text.textContent = a.answer || "";
  li.append(text);
  const places = a.places || [];
  if (places.length > 0) {
    const ol = document.createElement("ol");
    ol.className = "places";
    places.forEach((p, i) => {
      const item = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = p.name;
      b.addEventListener("click", () => { setView(p.location.lat, p.location.lng, Math.max(view.zoom, 15)); showDetails(i); });
      item.append(b);
      if (p.address) item.append(document.createTextNode(" — " + p.address));
      ol.append(item);
    });
    li.append(ol);
  }
  if (a.route) {
    const d = document.createElement("div");
    d.className = "route-info";
    d.textContent = "Route: " + (a.route.distance_m / 1000).toFixed(1) + " km, " + Math.round(a.route.duration_s / 60) + " min";
    li.append(d);
  }
  li.scrollIntoView({ block: "end" });
  // A new answer replaces what the map shows; one with nothing to draw
  // (a greeting) leaves the last places on it, and a route alone is drawn
  // over them (it mostly leads to one of them).
  if (places.length > 0 || a.route) {
    answer = { places: places.length > 0 ? places : answer.places, route: a.route || null };
    routeLine = a.route && a.route.polyline ? decodePolyline(a.route.polyline) : [];
    selected = null;
    $("details").hidden = true;
    $("markers").replaceChildren();
    fit();
  }
}

function setupChat() {
  const input = $("message");
  $("send-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value;
    input.value = "";
    send(text);
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      $("send-form").requestSubmit();
    }
  });
  $("new-chat").addEventListener("click", () => {
    sessionId = null;
    sessionStorage.removeItem("cairn-session");
    $("log").replaceChildren();
    answer = { places: [], route: null };
    routeLine = [];
    hideDetails();
    draw();
  });
  restore();
}

// restore shows the conversation this tab had before a reload.
async function restore() {
  const id = sessionStorage.getItem("cairn-session");
  if (!id) return;
  try {
    const res = await api("GET", "/api/v1/chat/sessions/" + encodeURIComponent(id), null);
    if (!res.ok) {
      if (res.status === 404) sessionStorage.removeItem("cairn-session");
      return;
    }
    const s = await res.json();
    if (sessionId || busy) return; // a message was sent meanwhile
    sessionId = id;
    for (const t of s.turns || []) {
      logItem("user", t.message);
      showAnswer(t.answer || {});
    }
  } catch (e) {
    setStatus("The conversation could not be restored: " + e.message);
  }
}

setupMap();
setupChat();
draw();
loadFeatures();
