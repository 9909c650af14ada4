// The irq timeline page's script (python/gta04/timeline_html.py inlines it):
// the lanes of each panel drawn as SVG on one shared time axis, redrawn on
// every zoom or scroll; hover details from each shape's data-tip.
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const LANE_H = 24, NAME_W = 150, AXIS_H = 26, RIGHT = 14;
  const data = JSON.parse(document.getElementById("timeline-data").textContent);
  const panels = data.panels;
  const unit = panels.length ? panels[0].unit : "s";
  const full = [Math.min(...panels.map(p => p.window[0])),
                Math.max(...panels.map(p => p.window[1]))];
  if (!(full[1] > full[0])) full[1] = full[0] + 1;
  const minSpan = (full[1] - full[0]) / 1e6;
  let view = full.slice();
  const root = document.getElementById("panels");
  const tip = document.getElementById("tip");
  const slider = document.getElementById("scroll");
  const NOTE = {
    masked: " (masked)", idle: " (no traced guest access)", status: " (interrupt status)",
  };
  const note = (label, st) => (NOTE[st] && !String(label).includes(st) ? NOTE[st] : "");

  function fmt(t) {
    if (unit !== "s") return "event " + Math.round(t);
    const span = view[1] - view[0];
    if (span < 0.002) return (t * 1e6).toFixed(1) + " µs";
    if (span < 2) return (t * 1e3).toFixed(3) + " ms";
    return t.toFixed(4) + " s";
  }
  function tickLabel(t, step) {
    if (unit !== "s") return String(Math.round(t));
    const ms = step < 0.5;
    const v = ms ? t * 1e3 : t, st = ms ? step * 1e3 : step;
    return v.toFixed(Math.max(0, -Math.floor(Math.log10(st) + 1e-9))) + (ms ? " ms" : " s");
  }
  function dur(a, b) {
    if (unit !== "s") return (b - a) + " events";
    const d = b - a;
    return d < 0.001 ? (d * 1e6).toFixed(1) + " µs" : (d * 1e3).toFixed(3) + " ms";
  }
  function el(parent, name, attrs, tipText) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (tipText) e.dataset.tip = tipText;
    parent.appendChild(e);
    return e;
  }
  function text(parent, x, y, s, cls) {
    const e = el(parent, "text", {x: x, y: y, class: cls});
    e.textContent = s;
    return e;
  }

  // one pane per panel: a title and an SVG
  const panes = panels.map((panel, i) => {
    const div = document.createElement("div");
    div.className = "pane";
    const h = document.createElement("h2");
    h.textContent = panel.title;
    div.appendChild(h);
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "lanes");
    svg.dataset.panel = String(i);
    div.appendChild(svg);
    root.appendChild(div);
    return {panel: panel, svg: svg};
  });

  function niceStep(span, px) {
    const raw = span / Math.max(1, px / 90);
    const p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
  }

  function drawAxis(svg, x, plotW, height) {
    const g = el(svg, "g", {class: "axis"});
    const step = niceStep(view[1] - view[0], plotW);
    for (let t = Math.ceil(view[0] / step) * step; t <= view[1]; t += step) {
      const px = x(t);
      el(g, "line", {x1: px, x2: px, y1: AXIS_H - 6, y2: height, class: "grid"});
      text(g, px, AXIS_H - 9, tickLabel(Math.abs(t) < step / 1e6 ? 0 : t, step), "tick");
    }
  }

  function drawBars(g, lane, y, x) {
    let shownTo = -Infinity;
    for (const [s, e, label, st] of lane.bars) {
      if (e < view[0] || s > view[1]) continue;
      const x0 = Math.max(x(s), NAME_W), x1 = Math.min(x(e), x(view[1]));
      const thin = st === "light" || st === "idle";
      const tipText = lane.name + ": " + (label || st) + note(label, st) + "\n" +
        fmt(s) + " → " + fmt(e) + "  (" + dur(s, e) + ")";
      el(g, "rect", {x: x0, width: Math.max(1, x1 - x0), y: y + (thin ? 9 : 5),
                     height: thin ? 8 : 14, class: "bar " + st}, tipText);
      if (label && x1 - x0 > label.length * 6 + 6 && x0 > shownTo) {
        text(g, (x0 + x1) / 2, y + 16, label, "barlabel " + st);
        shownTo = x1;
      }
    }
  }

  function drawMarks(g, lane, y, x, phaseLines) {
    let shownTo = -Infinity;
    lane.marks.forEach(([t, label, st], k) => {
      if (t < view[0] || t > view[1]) return;
      const px = x(t);
      const tipText = lane.name + (lane.name === "suspend phases" ? " #" + (k + 1) : "") +
        ": " + label + note(label, st) + "\n" + fmt(t);
      if (st === "phase") {
        el(phaseLines, "line", {x1: px, x2: px, y1: y + LANE_H, y2: "100%", class: "phaseline"});
        el(g, "path", {d: "M" + (px - 5) + "," + (y + 4) + "h10l-5,9z", class: "mark phase"}, tipText);
        text(g, px, y + 22, String(k + 1), "phasenum");
      } else if (st === "status") {
        el(g, "rect", {x: px - 1.5, y: y + 3, width: 3, height: 18, class: "mark status"}, tipText);
      } else {
        el(g, "path", {d: "M" + (px - 4) + "," + (y + 5) + "h8l-4,8z", class: "mark " + st}, tipText);
      }
      const shown = st === "phase" ? (k + 1) + " " + label : label;
      if (shown && px > shownTo + 4 && px + shown.length * 5.5 < x(view[1]) + RIGHT) {
        text(g, px + 6, y + 12, shown, "marklabel " + st);
        shownTo = px + 6 + shown.length * 5.5;
      }
    });
  }

  function drawI2c(g, panel, y, x) {
    for (const [t, what, st] of panel.i2c || []) {
      if (t < view[0] || t > view[1]) continue;
      const px = x(t);
      el(g, "rect", {x: px - 0.75, y: y + 6, width: 1.5, height: 12, class: "i2c " + st},
         "I2C1 " + what + "\n" + fmt(t));
    }
  }

  function drawPane(pane, width, plotW, x) {
    const svg = pane.svg, lanes = pane.panel.lanes;
    const height = AXIS_H + lanes.length * LANE_H + 4;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    const clipId = "clip" + svg.dataset.panel;
    const clip = el(el(svg, "defs", {}), "clipPath", {id: clipId});
    el(clip, "rect", {x: NAME_W, y: 0, width: plotW + 1, height: height});
    drawAxis(svg, x, plotW, height);
    const plot = el(svg, "g", {"clip-path": "url(#" + clipId + ")"});
    const phaseLines = el(plot, "g", {class: "phaselines"});
    lanes.forEach((lane, i) => {
      const y = AXIS_H + i * LANE_H;
      const g = el(plot, "g", {class: "lane", "data-lane": lane.name});
      el(g, "line", {x1: NAME_W, x2: width, y1: y + LANE_H, y2: y + LANE_H, class: "sep"});
      drawBars(g, lane, y, x);
      drawMarks(g, lane, y, x, phaseLines);
      if (lane.name === "I2C1") drawI2c(g, pane.panel, y, x);
      text(svg, 6, y + 16, lane.name, "lane-name");
    });
    pane.cursor = el(svg, "line", {x1: -10, x2: -10, y1: AXIS_H, y2: height, class: "cursor"});
  }

  function render() {
    const width = Math.max(500, root.clientWidth);
    const plotW = width - NAME_W - RIGHT;
    const x = t => NAME_W + (t - view[0]) / (view[1] - view[0]) * plotW;
    for (const pane of panes) drawPane(pane, width, plotW, x);
    const free = (full[1] - full[0]) - (view[1] - view[0]);
    slider.disabled = free <= 0;
    slider.value = free > 0 ? String(Math.round((view[0] - full[0]) / free * 1000)) : "0";
    document.getElementById("view").textContent = fmt(view[0]) + " … " + fmt(view[1]);
    document.body.dataset.view = view[0] + " " + view[1];
  }

  function setView(a, b) {
    let span = Math.min(Math.max(b - a, minSpan), full[1] - full[0]);
    a = Math.min(Math.max(a, full[0]), full[1] - span);
    view = [a, a + span];
    render();
  }
  function zoom(factor, at) {
    setView(at - (at - view[0]) * factor, at + (view[1] - at) * factor);
  }
  function timeAt(svg, clientX) {
    const plotW = svg.clientWidth - NAME_W - RIGHT;
    const px = clientX - svg.getBoundingClientRect().left;
    return view[0] + (px - NAME_W) / plotW * (view[1] - view[0]);
  }

  root.addEventListener("wheel", ev => {
    const svg = ev.target.closest("svg");
    if (!svg) return;
    ev.preventDefault();
    if (ev.shiftKey || Math.abs(ev.deltaX) > Math.abs(ev.deltaY)) {
      const d = (ev.deltaX || ev.deltaY) > 0 ? 0.1 : -0.1;
      setView(view[0] + d * (view[1] - view[0]), view[1] + d * (view[1] - view[0]));
    } else {
      zoom(ev.deltaY > 0 ? 1.25 : 0.8, timeAt(svg, ev.clientX));
    }
  }, {passive: false});

  let drag = null;
  root.addEventListener("mousedown", ev => {
    const svg = ev.target.closest("svg");
    if (svg) drag = {x: ev.clientX, view: view.slice(), w: svg.clientWidth - NAME_W - RIGHT};
  });
  window.addEventListener("mouseup", () => { drag = null; });
  window.addEventListener("mousemove", ev => {
    if (drag) {
      const dt = (ev.clientX - drag.x) / drag.w * (drag.view[1] - drag.view[0]);
      setView(drag.view[0] - dt, drag.view[1] - dt);
      tip.hidden = true;
      return;
    }
    const svg = ev.target.closest ? ev.target.closest("svg") : null;
    for (const pane of panes) {
      const px = svg ? ev.clientX - svg.getBoundingClientRect().left : -10;
      const on = svg && px >= NAME_W;
      pane.cursor.setAttribute("x1", on ? px : -10);
      pane.cursor.setAttribute("x2", on ? px : -10);
    }
    const target = ev.target.closest ? ev.target.closest("[data-tip]") : null;
    if (!target) { tip.hidden = true; return; }
    tip.textContent = target.dataset.tip;
    tip.hidden = false;
    // beside the mouse, inside the window
    const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
    const left = Math.min(ev.clientX + 14, w - tip.offsetWidth - 4);
    const below = ev.clientY + 16 + tip.offsetHeight < h;
    tip.style.left = Math.max(0, left) + window.scrollX + "px";
    tip.style.top = (below ? ev.clientY + 16 : ev.clientY - tip.offsetHeight - 8) + window.scrollY + "px";
  });

  const actions = {
    "zoom-in": () => zoom(0.5, (view[0] + view[1]) / 2),
    "zoom-out": () => zoom(2, (view[0] + view[1]) / 2),
    "fit": () => setView(full[0], full[1]),
    "left": () => setView(view[0] - (view[1] - view[0]) / 2, view[1] - (view[1] - view[0]) / 2),
    "right": () => setView(view[0] + (view[1] - view[0]) / 2, view[1] + (view[1] - view[0]) / 2),
  };
  for (const id in actions) document.getElementById(id).addEventListener("click", actions[id]);
  slider.addEventListener("input", () => {
    const span = view[1] - view[0];
    const a = full[0] + Number(slider.value) / 1000 * (full[1] - full[0] - span);
    setView(a, a + span);
  });
  window.addEventListener("resize", render);
  render();
  document.body.dataset.ready = "1";
})();
