// The phone's hand. Every word comes from the game ("strings", then "state" messages);
// this script only lays them out, and sends {"type": "act", "do": ...} when a button is
// tapped. The game checks every action; nothing here decides what is legal.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const app = $("app");
  let words = null;          // the page's words, from the "strings" message
  let state = null;          // the latest "state"
  let socket = null;
  let retryMs = 500;         // back-off after a drop, doubled up to MAX_RETRY_MS
  const MAX_RETRY_MS = 4000;  // a phone back from a locked screen is in again soon
  const CLOSE_ENDED = 4003;  // the game closed the table (server.CLOSE_ENDED)
  let retryTimer = 0;
  let replaced = false;      // another screen took this hand: wait for "Use it here"
  let unoArmed = false;      // say UNO with the next card
  let dismissedShown = null; // the challenge hand the player closed
  let toastTimer = 0;
  let wasTurn = false;
  let fresh = true;          // the first state after (re)joining: its lines were said before
  let sheetOpener = null;    // what had the focus before a sheet opened
  let sheetPlace = null;     // where that was (focusPlace), if it is gone when it closes
  let sheetCancel = null;    // what Esc does while a sheet is open
  const MIN_CARD_PX = 44;    // a card is never smaller than a thumb's target
  const MAX_CARD_PX = 110;
  // joining and staying joined (see the block "joining" below)
  let joined = false;        // the server took this link: the seat is ours
  let myName = "";           // the seat's name, told with the page's words
  let seated = false;        // the person touched the page: buzz and sound may play
  let moving = false;        // the table moves to the next match: follow the link
  let wakeLock = null;
  let audio = null;

  // ------------------------------------------------------------ helpers
  function fmt(text, values) {
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  }
  function el(tag, props, children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children || []) node.append(child);
    return node;
  }
  function button(label, cls, onClick, disabled, job) {
    const b = el("button", { type: "button", className: "btn " + (cls || ""), textContent: label });
    b.disabled = !!disabled;
    if (job) b.dataset.job = job;
    b.addEventListener("click", onClick);
    return b;
  }
  function cardImage(code) {
    return el("img", { src: "cards/" + code + ".png", alt: "", draggable: false, decoding: "async" });
  }
  function countText(n) {
    return n === 1 ? words.one_card : fmt(words.cards, { n: n });
  }
  function nameOf(seat) {
    const p = state.players[seat];
    return p ? p.name : "";
  }

  // ------------------------------------------------------------ connection
  function connect() {
    clearTimeout(retryTimer);
    if (socket && socket.readyState <= 1) return;
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url.href);
    socket = ws;
    ws.onmessage = (event) => receive(ws, event.data);
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (moving) { follow(0); return; }
      if (event.code === CLOSE_ENDED) {
        replaced = true;  // nothing to come back to: this table's links are gone
        if (words && state && state.result && state.result.final) {
          showBanner(words.match_over);  // the final standings stay on screen
          $("result-actions").replaceChildren();
          return;
        }
        showBanner(null);
        cover(words ? words.ended : "", null);
        $("cover").classList.add("still");
        return;
      }
      if (replaced) return;
      showBanner(words ? words.reconnecting : "");
      if (!joined || retryMs >= 2000) { checkLink(); return; }
      retryTimer = setTimeout(connect, retryMs + Math.random() * 250);
      retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
    };
  }

  function send(message) {
    if (socket && socket.readyState === 1) {
      socket.send(JSON.stringify(Object.assign({ type: "act" }, message)));
    }
  }

  function receive(ws, text) {
    let msg;
    try { msg = JSON.parse(text); } catch (e) { return; }
    if (msg.type === "joined") {
      retryMs = 500;
      fresh = true;
      joined = true;
      showBanner(null);
      render();
    } else if (msg.type === "strings") {
      words = msg.words;
      myName = msg.name || myName;
      document.documentElement.lang = msg.lang;
      document.title = words.title;
      render();
    } else if (msg.type === "state") {
      state = msg;
      render();
      if (!fresh) say(msg.said);
      fresh = false;
    } else if (msg.type === "error") {
      const text = msg.text || (words && words.errors[msg.code]) || "";
      toast(text);
    } else if (msg.type === "notice") {
      notice(msg.text);
    } else if (msg.type === "moved") {
      moving = true;
    } else if (msg.type === "replaced") {
      replaced = true;
      cover(words ? words.replaced : "", words ? words.use_here : "", () => {
        replaced = false;
        cover(words ? words.connecting : "");
        connect();
      });
    }
  }

  // ------------------------------------------------------------ feedback
  function showBanner(text) {
    const b = $("banner");
    b.hidden = !text;
    b.textContent = text || "";
  }
  function notice(text) {
    // What the big screen tells everyone (a save that failed): a line until dismissed.
    let n = $("notice");
    if (!n) {
      n = document.createElement("div");
      n.id = "notice";
      n.className = "banner";
      n.setAttribute("role", "status");
      n.append(document.createElement("span"), document.createElement("button"));
      n.lastChild.type = "button";
      n.lastChild.className = "btn";
      n.lastChild.style.marginLeft = "8px";
      n.lastChild.addEventListener("click", () => { n.hidden = true; });
      document.body.prepend(n);
    }
    n.firstChild.textContent = text || "";
    n.lastChild.textContent = words ? words.ok : "OK";
    n.hidden = !text;
  }
  // A message takes the log's place under the prompt for a moment: inside the table, so
  // it never covers a card or a button, and nothing moves under the player's thumb.
  function toast(text) {
    if (!text) return;
    const t = $("toast");
    t.textContent = text;
    t.hidden = false;
    t.parentNode.classList.add("toasting");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      t.hidden = true;
      t.parentNode.classList.remove("toasting");
    }, 3200);
  }
  // What the others did, for a screen reader (the polite live region): each state brings
  // its new lines; the region keeps the last few so a line said twice is heard twice.
  function say(lines) {
    if (!lines || lines.length === 0) return;
    const region = $("said");
    for (const line of lines) region.append(el("p", { textContent: line }));
    while (region.childElementCount > 6) region.firstElementChild.remove();
  }
  function cover(text, buttonLabel, onClick) {
    const c = $("cover");
    if (text === null) { c.hidden = true; return; }
    c.hidden = false;
    c.classList.toggle("still", !!buttonLabel);
    $("cover-text").textContent = text;
    const b = $("cover-button");
    b.hidden = !buttonLabel;
    b.textContent = buttonLabel || "";
    b.onclick = onClick || null;
  }

  // ------------------------------------------------------------ sheets (colour, player, shown hand)
  function openSheet(title, body, closeLabel, onClose, text) {
    if ($("sheet").hidden) {
      sheetOpener = document.activeElement;
      sheetPlace = focusPlace();
    }
    $("sheet-title").textContent = title;
    const line = $("sheet-text");
    line.hidden = !text;
    line.textContent = text || "";
    const box = $("sheet-body");
    box.className = "sheet-body" + (body.cards ? " cards" : "");
    box.replaceChildren(...body.nodes);
    const close = $("sheet-close");
    close.textContent = closeLabel;
    sheetCancel = () => { closeSheet(); if (onClose) onClose(); };
    close.onclick = sheetCancel;
    $("sheet").hidden = false;
    app.inert = true;  // the sheet is modal: nothing behind it takes a tap or the focus
    const first = box.querySelector("button:not(:disabled)") || close;
    first.focus({ preventScroll: true });
  }
  function closeSheet() {
    $("sheet").hidden = true;
    app.inert = false;
    sheetCancel = null;
    const back = sheetOpener;
    sheetOpener = null;
    if (back && back.isConnected && !back.disabled) back.focus({ preventScroll: true });
    else keepFocus(sheetPlace || { hand: 0 });
  }
  // Esc closes the sheet (as its Cancel or OK); Tab and Shift+Tab go round inside it.
  document.addEventListener("keydown", (event) => {
    if ($("sheet").hidden) return;
    if (event.key === "Escape") {
      event.preventDefault();
      if (sheetCancel) sheetCancel();
      return;
    }
    if (event.key !== "Tab") return;
    const stops = [...$("sheet").querySelectorAll("button:not(:disabled)")];
    if (stops.length === 0) return;
    const at = stops.indexOf(document.activeElement);
    const next = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : (at + 1) % stops.length;
    event.preventDefault();
    stops[next].focus();
  });

  function play(card) {
    const ask = (colors, then) => {
      if (!colors || colors.length === 0) return then(null);
      if (colors.length === 1) return then(colors[0]);
      const nodes = ["red", "yellow", "green", "blue"].map((c) =>
        button(words.colors[c], "color-btn " + c, () => { closeSheet(); then(c); }, !colors.includes(c)));
      openSheet(fmt(words.choose_color, { card: card.name }), { nodes: nodes }, words.cancel);
    };
    const target = (targets, then) => {
      if (!targets || targets.length === 0) return then(null);
      const nodes = targets.map((seat) => {
        const b = button("", "seat-btn", () => { closeSheet(); then(seat); });
        b.append(el("span", { textContent: nameOf(seat) }),
          el("small", { textContent: countText(state.players[seat].cards) }));
        return b;
      });
      openSheet(words.choose_player, { nodes: nodes }, words.cancel);
    };
    ask(card.colors, (color) => target(card.targets, (seat) => {
      const msg = { do: "play", card: card.code };
      if (color) msg.color = color;
      if (seat !== null) msg.target = seat;
      if (unoArmed && card.uno) msg.uno = true;
      unoArmed = false;
      send(msg);
    }));
  }

  // ------------------------------------------------------------ drawing the state
  const ARROWS = {
    1: '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" d="M19 12a7 7 0 1 1-2.05-4.95"/><path fill="currentColor" d="M20.5 3.5v6h-6z"/></svg>',
    "-1": '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" d="M5 12a7 7 0 1 0 2.05-4.95"/><path fill="currentColor" d="M3.5 3.5v6h6z"/></svg>',
  };
  const COLORS = { red: "#de2e34", yellow: "#fac41c", green: "#34a853", blue: "#1c6ed6" };

  function render() {
    if (!words) return;
    if (!state) { waitingCover(); return; }
    if (!replaced) cover(null);
    app.removeAttribute("aria-busy");
    const me = state.players[state.seat];
    app.classList.toggle("turn", state.turn);
    app.classList.toggle("over", state.over);
    document.body.classList.toggle("over", state.over);
    const where = focusPlace();
    $("me-name").textContent = me.name;

    // whose turn, and a buzz when it becomes yours
    const turnNow = state.turn && !state.held;  // held: the big screen still shows a move
    if (turnNow && !wasTurn) buzz();
    wasTurn = turnNow;

    const dir = $("dir");
    dir.innerHTML = ARROWS[String(state.direction)] || "";
    dir.append(document.createTextNode(state.direction > 0 ? words.clockwise : words.counter));

    // players, starting with you and going round the table
    const list = $("players");
    const n = state.players.length;
    const chips = [];
    for (let k = 0; k < n; k++) {
      const p = state.players[(state.seat + k) % n];
      const li = el("li", { className: "player" });
      li.classList.toggle("current", p.seat === state.current && !state.over);
      li.classList.toggle("you", p.seat === state.seat);
      li.append(el("span", { className: "name", textContent: p.name }));
      li.append(el("span", { className: "n", textContent: String(p.cards), title: countText(p.cards) }));
      li.setAttribute("aria-label", p.name + ": " + countText(p.cards) + (p.uno && p.cards === 1 ? ", " + words.uno : ""));
      if (p.uno && p.cards === 1) li.append(el("span", { className: "uno-badge", textContent: "UNO" }));
      chips.push(li);
    }
    list.replaceChildren(...chips);
    const current = list.querySelector(".current");
    if (current && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = Math.max(0, current.offsetLeft - list.offsetLeft - 40);
    }

    // the pile: top card, colour in play, cards waiting
    const top = $("top-card");
    top.src = "cards/" + state.top.code + ".png";
    top.alt = words.top + ": " + state.top.name;
    const wrap = $("top-wrap");
    const ring = state.color && state.top.code[0] === "W";
    wrap.classList.toggle("ring", !!ring);
    wrap.style.setProperty("--ring", ring ? COLORS[state.color] : "transparent");
    const chip = $("color-chip");
    chip.hidden = !state.color;
    chip.textContent = state.color_name || "";
    chip.style.setProperty("--dot", COLORS[state.color] || "#888");
    const pending = $("pending");
    pending.hidden = !state.pending;
    pending.textContent = "+" + state.pending;

    $("prompt").textContent = state.prompt;
    renderWaiting();
    const hint = $("hint");
    hint.hidden = !state.hint;
    hint.textContent = state.hint || "";
    const lines = state.log.slice(state.hint ? -2 : -3);
    $("log").replaceChildren(...lines.map((line) => el("li", { textContent: line })));

    renderResult();
    renderActions();
    renderHand();
    fitHand();
    if (state.turn && !wasTurnShown) showPlayable();
    wasTurnShown = state.turn;
    keepFocus(where);
    renderShown();
  }
  let wasTurnShown = false;

  // ------------------------------------------------------------ focus kept where the player is
  // Each state redraws the hand and the buttons: the element that had the focus is gone.
  // Before, note where it was (a card's place in the hand, a button's job); after, focus
  // the same place, or the nearest card that may be played, or the first button that may
  // be pressed, or the hand itself, never the page's body.
  function focusPlace() {
    const at = document.activeElement;
    if (!at || at === document.body) return null;
    if (at.parentNode === $("hand")) return { hand: [...$("hand").children].indexOf(at) };
    if (at.dataset && at.dataset.job) return { job: at.dataset.job };
    if (at === $("hand")) return { hand: 0 };
    return null;
  }
  function keepFocus(where) {
    if (!where || !$("sheet").hidden) return;
    const at = document.activeElement;
    if (at && at !== document.body && at.isConnected && !at.disabled) return;
    const cards = [...$("hand").children];
    let target = null;
    if (where.job) target = app.querySelector('[data-job="' + where.job + '"]:not(:disabled)');
    if (!target) {
      const i = "hand" in where ? where.hand : 0;
      const open = cards.filter((c) => !c.disabled);
      open.sort((a, b) => Math.abs(cards.indexOf(a) - i) - Math.abs(cards.indexOf(b) - i));
      target = open[0]
        || app.querySelector("#actions button:not(:disabled), #result-actions button:not(:disabled)")
        || $("hand");
    }
    target.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------ the hand fits its room
  // The largest cards (44 to 110 px wide, 2:3) whose rows fit the room the hand has; when
  // even the smallest do not fit, the hand scrolls and the playable cards are shown.
  function fitHand() {
    const hand = $("hand");
    const n = hand.childElementCount;
    if (n === 0) return;
    const style = getComputedStyle(hand);
    const gapX = parseFloat(style.columnGap) || 8;
    const gapY = parseFloat(style.rowGap) || 10;
    const width = hand.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const room = state.over ? Infinity
      : hand.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    let cols = 4;
    let cardW = Math.min(MAX_CARD_PX, (width - 3 * gapX) / 4);
    for (let c = 4; ; c++) {
      const w = Math.min(MAX_CARD_PX, (width - (c - 1) * gapX) / c);
      if (w < MIN_CARD_PX) break;
      cols = c;
      cardW = w;
      const rows = Math.ceil(n / c);
      if (rows * w * 1.5 + (rows - 1) * gapY <= room || c >= n) break;
    }
    hand.style.setProperty("--cols", String(cols));
    hand.style.setProperty("--card-w", Math.floor(Math.max(MIN_CARD_PX, cardW)) + "px");
    // a hand that scrolls is a stop for the keyboard too (its arrows scroll it)
    hand.tabIndex = hand.scrollHeight > hand.clientHeight + 1 ? 0 : -1;
  }
  function showPlayable() {
    const first = $("hand").querySelector("button:not(:disabled)");
    if (!first) return;
    const hand = $("hand");
    const box = hand.getBoundingClientRect();
    const r = first.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) hand.scrollTop += r.top - box.top - 12;
  }
  window.addEventListener("resize", () => { if (state) fitHand(); });

  function renderResult() {
    const box = $("result");
    const result = state.result;
    box.hidden = !result;
    if (!result) return;
    $("result-title").textContent = result.title;
    const final = $("result-final");
    final.hidden = !result.final;
    final.textContent = result.final || "";
    $("col-name").textContent = words.player;
    $("col-round").textContent = words.this_round;
    $("col-total").textContent = words.total;
    $("scores").replaceChildren(...result.players.map((p) => {
      const tr = el("tr", {}, [
        el("td", { textContent: p.name }),
        el("td", { textContent: p.points ? "+" + p.points : "–" }),
        el("td", { className: "total", textContent: String(p.total) }),
      ]);
      tr.classList.toggle("won", p.seat === (result.final ? result.match_winner : result.winner));
      tr.classList.toggle("you", p.seat === state.seat);
      return tr;
    }));
    const note = $("result-note");
    note.textContent = result.blocked ? words.blocked : "";
    const actions = $("result-actions");
    if (result.final) {
      actions.replaceChildren();
      return;
    }
    const when = state.can.next ? words.next_any : words.next_soon;
    note.textContent = note.textContent ? note.textContent + " " + when : when;
    actions.replaceChildren(button(words.next, "go", () => send({ do: "next" }), !state.can.next, "next"));
  }

  function renderActions() {
    const can = state.can;
    const nodes = [];
    if (can.take) {
      nodes.push(button(fmt(words.take, { n: can.take }), "danger", () => send({ do: "draw" }), false, "draw"));
    } else if (!can.keep) {
      nodes.push(button(words.draw, "", () => send({ do: "draw" }), !can.draw, "draw"));
    }
    if (can.keep) nodes.push(button(words.keep, "", () => send({ do: "keep" }), false, "draw"));
    if (can.challenge) nodes.push(button(words.challenge, "go", () => send({ do: "challenge" }), false, "challenge"));
    for (const seat of can.catch) {
      nodes.push(button(fmt(words.catch, { name: nameOf(seat) }), "danger", () => send({ do: "catch", target: seat }), false, "catch"));
    }
    // UNO: said now (one card left, not yet said), or armed for the next card
    const mayArm = state.hand.length === 2 && state.hand.some((c) => c.uno);
    if (!mayArm) unoArmed = false;
    const uno = button(words.uno, "uno", () => {
      if (can.uno) { send({ do: "uno" }); return; }
      unoArmed = !unoArmed;
      uno.setAttribute("aria-pressed", String(unoArmed));
      if (unoArmed) toast(words.uno_armed);
    }, !(can.uno || mayArm), "uno");
    if (mayArm) uno.setAttribute("aria-pressed", String(unoArmed));
    nodes.push(uno);
    if ("hint" in can) {
      nodes.push(button(words.hint, "hint-btn", () => send({ do: "hint" }), !can.hint, "hint"));
    }
    $("actions").replaceChildren(...nodes);
  }

  function renderHand() {
    const hand = $("hand");
    hand.setAttribute("aria-label", words.hand);
    // big cards for a small hand; more to a row as it grows (a tablet fits them by width)
    const n = state.hand.length;
    hand.style.setProperty("--cols", n <= 8 ? 4 : n <= 15 ? 5 : 6);
    let drawnMarked = false;
    hand.replaceChildren(...state.hand.map((card) => {
      const b = el("button", { type: "button", className: "card" });
      b.setAttribute("aria-label", card.name);
      b.disabled = !card.play || state.over;
      if (state.drawn === card.code && !drawnMarked) {
        b.classList.add("drawn");
        drawnMarked = true;
      }
      b.append(cardImage(card.code));
      b.addEventListener("click", () => play(card));
      return b;
    }));
  }

  function renderShown() {
    const shown = state.shown;
    const key = shown ? JSON.stringify(shown) : null;
    if (!shown || key === dismissedShown) return;
    dismissedShown = key;
    const nodes = shown.cards.map((c) => {
      const img = cardImage(c.code);
      img.alt = c.name;
      return img;
    });
    openSheet(shown.title, { nodes: nodes, cards: true }, words.ok, null, shown.verdict);
  }

  // ------------------------------------------------------------ joining
  // Before the deal: "You're in" with the seat's name, and one tap to sit down (a
  // browser lets a page buzz or play a sound only after a touch; the tap also asks to
  // keep the screen awake where the browser allows it).
  function waitingCover() {
    if (!joined) { cover(words.connecting); return; }
    const text = fmt(words.joined_wait, { name: myName });
    if (seated) { cover(text); return; }
    cover(text, words.sit_down, sitDown);
    $("cover").classList.remove("still");
  }
  function sitDown() {
    seated = true;
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx && !audio) { audio = new Ctx(); audio.resume(); }
    } catch (e) { audio = null; }
    keepAwake();
    // only the waiting cover changes: a render now would swap the button being tapped
    if (!state && words) waitingCover();
  }
  document.addEventListener("pointerdown", () => { if (!seated) sitDown(); }, { capture: true });
  function buzz() {
    if (!seated) return;
    if (navigator.vibrate) {
      try { navigator.vibrate(120); } catch (e) { /* not allowed here */ }
    }
    if (audio && audio.state === "running") {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      gain.gain.value = 0.08;
      tone.frequency.value = 660;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.12);
    }
  }
  function keepAwake() {
    if (!("wakeLock" in navigator) || wakeLock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then((lock) => {
      wakeLock = lock;
      lock.addEventListener("release", () => { wakeLock = null; });
    }).catch(() => { wakeLock = null; });
  }
  // Whether this link still leads to a seat: the next match's server leads an old link
  // to the seat's new one (follow it); a refused link stops the calling.
  function checkLink() {
    fetch(location.href, { cache: "no-store" }).then((r) => {
      if (r.redirected) { location.replace(r.url); return; }
      if (r.status === 403) {
        replaced = true;
        showBanner(null);
        cover(words ? words.refused : "", null);
        $("cover").classList.add("still");
        return;
      }
      retry();
    }).catch(retry);
  }
  function retry() {
    retryTimer = setTimeout(connect, retryMs + Math.random() * 250);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }
  // The table moved to the next match (Play again): ask the link until the next
  // server answers with the seat's new one, for a minute.
  function follow(tries) {
    showBanner(words ? words.next_match : "");
    fetch(location.href, { cache: "no-store" }).then((r) => {
      if (r.redirected) { location.replace(r.url); return; }
      throw new Error("not yet");
    }).catch(() => {
      if (tries < 120) { setTimeout(() => follow(tries + 1), 500); return; }
      showBanner(null);
      cover(words ? words.ended : "", null);
      $("cover").classList.add("still");
    });
  }

  // ------------------------------------------------------------ a seat whose phone is away
  // The table waits for that seat's phone: say whose, and how long; anyone may let a
  // computer play that seat until its phone is back.
  let waitedAt = 0;
  let waitTimer = 0;
  function renderWaiting() {
    const box = $("waiting");
    const w = state.waiting;
    clearInterval(waitTimer);
    if (!w) { box.hidden = true; box.replaceChildren(); return; }
    waitedAt = performance.now() - w.for_s * 1000;
    const line = el("span", {});
    const tick = () => {
      const s = Math.floor((performance.now() - waitedAt) / 1000);
      const time = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      line.textContent = fmt(words.waiting_for, { name: nameOf(w.seat), time: time });
    };
    tick();
    waitTimer = setInterval(tick, 1000);
    const nodes = [line];
    if (w.stand_in) {
      nodes.push(button(fmt(words.stand_in, { name: nameOf(w.seat) }), "quiet",
        () => send({ do: "stand_in", target: w.seat })));
    }
    box.replaceChildren(...nodes);
    box.hidden = false;
  }

  // ------------------------------------------------------------ start
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    if (seated) keepAwake();
    if (!replaced && !socket) {
      // back from a locked screen (iOS drops the socket): at once, and say so
      retryMs = 500;
      showBanner(words ? words.back : "");
      connect();
    }
  });
  window.addEventListener("pageshow", () => { if (!replaced && !socket) connect(); });
  window.addEventListener("online", () => { if (!replaced && !socket) connect(); });
  cover("");
  connect();
})();
