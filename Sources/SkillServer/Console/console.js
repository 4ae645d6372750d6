// The skillhost console: talk to the skills and see inside each turn. Everything a skill
// says or a user types is written as text (textContent), never as markup.
"use strict";

const state = {
  conversation: null,   // the conversation's id
  turns: [],            // every turn answered in this page, inspected
  selected: -1,
  skills: new Map(),    // skill id -> name
  sessionOwner: null,
  shown: new Set(),     // the numbers of the conversation's turns shown
  following: null,      // the EventSource that brings turns taken elsewhere (another tab)
  pending: null,        // what this page said and waits to hear answered
  history: [],          // what was said, oldest first
  historyIndex: 0,
  draft: "",
};

const $ = (id) => document.getElementById(id);

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function setStatus(text, kind) {
  const status = $("status");
  status.textContent = text || "";
  status.className = kind || "";
}

/** A request to the server's API; the parsed answer, or an Error carrying the server's words. */
async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    const failure = new Error("the server cannot be reached (" + error.message + ")");
    failure.status = 0;
    throw failure;
  }
  const text = await response.text();
  let value = null;
  try { value = text ? JSON.parse(text) : null; } catch (_) { value = null; }
  if (!response.ok) {
    // A server's answer whose words were lost (a body too large is answered before it has all
    // come, and the connection reset) still says what happened.
    const plain = { 413: "too large for the server to take (HTTP 413)", 408: "sent too slowly (HTTP 408)", 503: "the server is not ready (HTTP 503)" };
    const failure = new Error((value && value.error) || plain[response.status] || ("HTTP " + response.status));
    failure.status = response.status;
    failure.retryAfter = Number(response.headers.get("Retry-After") || 0);
    throw failure;
  }
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- Skills ---------------------------------------------------------------------------------

async function loadSkills() {
  const answer = await api("GET", "/v1/skills");
  state.skills = new Map(answer.skills.map((skill) => [skill.id, skill.name]));
  const body = $("skills-table").querySelector("tbody");
  body.replaceChildren(...answer.skills.map((skill) => el("tr", {},
    el("th", { scope: "row" }, skill.name),
    el("td", { class: "mono" }, skill.id),
    el("td", {}, skill.version === null ? "model only" : skill.version),
    el("td", {}, String(skill.generation)),
    el("td", {}, skill.invocationNames.join(", ")),
    el("td", {}, el("details", {}, el("summary", {}, skill.intents.length + " intents"), el("ul", { class: "plain" }, skill.intents.map((intent) => el("li", { class: "mono" }, intent))))),
    el("td", { class: "mono small" }, skill.origin + (skill.isolated ? " (isolated)" : "")),
    el("td", {}, el("button", { type: "button", class: "reload", "data-skill": skill.id, "aria-label": "Reload " + skill.name, onclick: () => reload(skill) }, "Reload")),
  )));
  const refused = $("refused-list");
  refused.replaceChildren(...(answer.refused.length ? answer.refused.map((item) => el("li", {}, el("span", { class: "mono" }, item.path), ": ", item.reason)) : [el("li", { class: "muted" }, "none")]));
  return answer;
}

async function reload(skill) {
  setStatus("reloading " + skill.name + "…");
  try {
    await api("POST", "/v1/skills/" + encodeURIComponent(skill.id) + "/reload");
    setStatus("");
  } catch (error) {
    setStatus("reload " + skill.name + ": " + error.message, "error");
  }
}

// --- What happens to the skills, live ----------------------------------------------------------

/** Follows GET /v1/events; the browser reconnects by itself and says which event it saw last. */
function followEvents() {
  const source = new EventSource("/v1/events");
  source.addEventListener("host", (message) => {
    let event;
    try { event = JSON.parse(message.data); } catch (_) { return; }
    if (event.kind === "watching") return;
    const list = $("events");
    const lines = event.text.split("\n");
    list.prepend(el("li", { class: "event " + event.kind, "data-kind": event.kind },
      el("time", {}, new Date().toLocaleTimeString()), " ", lines[0],
      lines.length > 1 ? el("pre", { class: "compiler" }, lines.slice(1).join("\n")) : null));
    while (list.children.length > 200) list.lastElementChild.remove();
    if (event.kind === "kept" || event.kind === "refused") setStatus(lines[0], "error");
    else if (event.kind !== "building") setStatus(lines[0]);
    if (["loaded", "reloaded", "removed"].includes(event.kind)) loadSkills().catch(() => {});
  });
  source.addEventListener("open", () => {
    // Back after a lost connection: the events missed come first; the table is read again too.
    if (document.body.classList.contains("offline")) loadSkills().catch(() => {});
    document.body.classList.remove("offline");
  });
  source.addEventListener("error", () => document.body.classList.add("offline"));
}

const skillName = (id) => (id && state.skills.get(id)) || id || "skillhost";

// --- Talking ---------------------------------------------------------------------------------

async function newConversation() {
  const previous = state.conversation;
  state.conversation = null;
  state.sessionOwner = null;
  unfollow();
  state.shown = new Set();
  if (previous) {
    try { await api("DELETE", "/v1/conversations/" + encodeURIComponent(previous)); } catch (_) { /* already gone */ }
    $("log").append(el("li", { class: "marker" }, "conversation ended"));
  }
  const answer = await api("POST", "/v1/conversations", {});
  showConversation(answer.id, 0);
  return answer.id;
}

/** The page's conversation: named in its address, so another tab opened on it takes part;
 * the turns taken there (after turn number `after`) arrive here as they happen. */
function showConversation(id, after) {
  state.conversation = id;
  $("conversation-label").textContent = "Conversation " + id.slice(0, 8);
  $("conversation-label").title = id;
  history.replaceState(null, "", "?conversation=" + encodeURIComponent(id));
  follow(id, after);
}

function unfollow() {
  if (state.following) state.following.close();
  state.following = null;
}

/** Follows the conversation's turns (GET /v1/conversations/ID/events): another tab's turn is
 * shown here too; the browser reconnects by itself and says which turn it saw last. */
function follow(id, after) {
  unfollow();
  const source = new EventSource("/v1/conversations/" + encodeURIComponent(id) + "/events?after=" + after);
  state.following = source;
  source.addEventListener("turn", (message) => {
    if (state.conversation !== id) return;
    let turn;
    try { turn = JSON.parse(message.data); } catch (_) { return; }
    // The answer to this page's own turn may come after its event: not another tab's then.
    // Speech sent from here is this page's own whatever it was heard as.
    const own = state.pending !== null && (turn.utterance === state.pending || (state.pending === heardSpeech && turn.heard));
    showTurn(turn, Number(message.lastEventId), !own);
  });
  source.addEventListener("ended", () => {
    if (state.conversation !== id) return;
    unfollow();
    state.conversation = null;
    state.sessionOwner = null;
    $("log").append(el("li", { class: "marker" }, "conversation ended elsewhere; a new one starts when you speak"));
    $("conversation-label").textContent = "No conversation yet";
    history.replaceState(null, "", location.pathname);
  });
}

/** Shows a turn of the conversation once, whether its answer or its event comes first; the
 * index it has in the page. */
function showTurn(turn, number, elsewhere) {
  if (number && state.shown.has(number)) {
    const index = state.turns.findIndex((shown) => shown.number === number);
    // Shown first from the store, without its insides (this page's event stream began after
    // the turn was kept): the answer, which has them, takes its place.
    if (index >= 0 && turn.inspect && !state.turns[index].inspect) {
      turn.number = number;
      turn.elsewhere = state.turns[index].elsewhere;
      state.turns[index] = turn;
      const shown = document.querySelector("#log .turn[data-index='" + index + "']");
      if (shown) shown.replaceWith(turnElement(turn, index));
    }
    return index;
  }
  if (number) state.shown.add(number);
  turn.number = number || null;
  if (elsewhere) turn.elsewhere = true;
  state.turns.push(turn);
  renderTurn(turn, state.turns.length - 1);
  return state.turns.length - 1;
}

/** Joins the conversation the address names, its last turns shown (without their insides). */
async function joinConversation(id) {
  let answer;
  try {
    answer = await api("GET", "/v1/conversations/" + encodeURIComponent(id));
  } catch (error) {
    setStatus("conversation " + id.slice(0, 8) + ": " + error.message + "; a new one starts when you speak", "warning");
    history.replaceState(null, "", location.pathname);
    return;
  }
  if (answer.turns.length) $("log").append(el("li", { class: "marker" }, "joined: the conversation's last " + answer.turns.length + " turns"));
  const first = answer.count - answer.turns.length + 1;
  answer.turns.forEach((turn, offset) => showTurn(turn, first + offset, false));
  showConversation(id, answer.count);
}

async function say(text) {
  if (!state.conversation) await newConversation();
  const path = () => "/v1/conversations/" + encodeURIComponent(state.conversation) + "/turns?inspect=true";
  for (let attempt = 0; ; attempt++) {
    try {
      return await api("POST", path(), { text });
    } catch (error) {
      if (error.status === 404 && attempt === 0) {
        // The conversation is gone (ended elsewhere): a new one, said again.
        await newConversation();
        continue;
      }
      if ((error.status === 409 || error.status === 503 || error.status === 0) && attempt < 20) {
        setStatus(error.message + "; trying again", "warning");
        await sleep(Math.max(250, (error.retryAfter || 0) * 1000));
        continue;
      }
      throw error;
    }
  }
}

// --- Voice: the microphone, and answers spoken ----------------------------------------------

/** The microphone's state while it listens. */
const voice = { listening: null };
/** `state.pending` while speech sent from this page is being heard. */
const heardSpeech = {};

/** Mono samples (Float32, at `rate`) as a 16 kHz 16-bit WAV file, averaged down. */
function wavOf(chunks, rate) {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const input = new Float32Array(length);
  let at = 0;
  for (const chunk of chunks) { input.set(chunk, at); at += chunk.length; }
  const ratio = rate / 16000;
  const count = Math.floor(length / ratio);
  const buffer = new ArrayBuffer(44 + count * 2);
  const view = new DataView(buffer);
  const text = (offset, value) => { for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i)); };
  text(0, "RIFF"); view.setUint32(4, 36 + count * 2, true); text(8, "WAVE");
  text(12, "fmt "); view.setUint32(16, 16, true); view.setUint16(20, 1, true); view.setUint16(22, 1, true);
  view.setUint32(24, 16000, true); view.setUint32(28, 32000, true); view.setUint16(32, 2, true); view.setUint16(34, 16, true);
  text(36, "data"); view.setUint32(40, count * 2, true);
  for (let i = 0; i < count; i++) {
    const from = Math.floor(i * ratio), to = Math.max(from + 1, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = from; j < to && j < length; j++) sum += input[j];
    const sample = Math.max(-1, Math.min(1, sum / (to - from)));
    view.setInt16(44 + i * 2, sample < 0 ? sample * 32768 : sample * 32767, true);
  }
  return new Blob([buffer], { type: "audio/wav" });
}

/** Talk: listens until the speaker has been quiet for 0.8 s after speaking (or 15 s, or the
 *  button again), then sends the sound to be heard and answered. */
async function toggleMicrophone() {
  if (voice.listening) { voice.listening.stop(); return; }
  let stream;
  try {
    // The sound as it is: a recogniser hears filtered speech worse than plain.
    stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
  } catch (error) {
    setStatus("no microphone: " + error.message + "; type instead", "error");
    return;
  }
  // At the recogniser's rate: the browser's own resampler does the work, band-limited.
  let context;
  try { context = new AudioContext({ sampleRate: 16000 }); } catch (_) { context = new AudioContext(); }
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(4096, 1, 1);
  const chunks = [];
  let spoke = false, quietSince = null, stopped = false, armedSince = null;
  const started = performance.now();
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    processor.disconnect(); source.disconnect();
    stream.getTracks().forEach((track) => track.stop());
    const rate = context.sampleRate;
    await context.close();
    voice.listening = null;
    $("mic").setAttribute("aria-pressed", "false");
    $("mic").textContent = "Talk";
    if (!spoke) { setStatus("nothing was heard; try again, closer to the microphone", "warning"); return; }
    await sendSpeech(wavOf(chunks, rate));
  };
  processor.onaudioprocess = (event) => {
    if (stopped) return;
    const samples = new Float32Array(event.inputBuffer.getChannelData(0));
    chunks.push(samples);
    let energy = 0;
    for (const sample of samples) energy += sample * sample;
    const loud = Math.sqrt(energy / samples.length) > 0.015;
    const now = performance.now();
    // Speech counts once it starts after a quiet moment (0.3 s): a sound already going on
    // when the microphone opened (the end of an answer playing) is not half a request.
    if (!spoke) {
      if (loud && armedSince !== null && now - armedSince > 300) spoke = true;
      else if (!loud && armedSince === null) armedSince = now;
      else if (loud) armedSince = null;
      if (!spoke) { chunks.length = 0; chunks.push(samples); }
    }
    if (spoke && loud) quietSince = null; else if (spoke && quietSince === null) quietSince = now;
    if ((spoke && quietSince !== null && now - quietSince > 800) || now - started > 15000) stop();
  };
  source.connect(processor);
  processor.connect(context.destination);
  voice.listening = { stop };
  $("mic").setAttribute("aria-pressed", "true");
  $("mic").textContent = "Listening… (Stop)";
  setStatus("listening: speak, and stop when you are done");
}

/** The recording heard and answered as a turn of the conversation. */
async function sendSpeech(wav) {
  if (!state.conversation) await newConversation();
  setStatus("hearing it…");
  let response, value = null;
  state.pending = heardSpeech;
  try {
    response = await fetch("/v1/conversations/" + encodeURIComponent(state.conversation) + "/speech?inspect=true", { method: "POST", headers: { "Content-Type": "audio/wav" }, body: wav });
    const text = await response.text();
    try { value = text ? JSON.parse(text) : null; } catch (_) { value = null; }
  } catch (error) {
    setStatus("the server cannot be reached (" + error.message + ")", "error");
    return;
  } finally {
    state.pending = null;
  }
  if (!response.ok) { setStatus((value && value.error) || ("HTTP " + response.status), "error"); return; }
  if (!value.utterance && (!value.heard || !value.heard.length)) { setStatus("nothing was heard (silence or noise); try again", "warning"); return; }
  setStatus("");
  select(showTurn(value, value.inspect && value.inspect.number, false));
}

/** A turn's answer said by the server's espeak-ng, when "Speak answers" is on. */
async function speakAnswer(turn, element) {
  if (!$("speak-answers").checked || !turn.speech) return;
  try {
    const response = await fetch("/v1/speech", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ssml: ssmlOf(turn) || undefined, text: turn.speech }) });
    if (!response.ok) { setStatus("the answer cannot be spoken: " + ((await response.json().catch(() => ({}))).error || response.status), "warning"); return; }
    // Played through Web Audio: it decodes the WAV itself, with or without a media player.
    const context = voice.output || (voice.output = new AudioContext());
    const sound = await context.decodeAudioData(await response.arrayBuffer());
    if (element) element.setAttribute("data-spoken", sound.duration.toFixed(2));
    const player = context.createBufferSource();
    player.buffer = sound;
    player.connect(context.destination);
    if (context.state === "suspended") await context.resume();
    player.start();
  } catch (error) {
    setStatus("the answer cannot be played: " + error.message, "warning");
  }
}

/** The SSML a skill sent, when the response envelope carries it. */
function ssmlOf(turn) {
  const response = turn.inspect && turn.inspect.response;
  const speech = response && response.response && response.response.outputSpeech;
  return speech && speech.type === "SSML" ? speech.ssml : null;
}

function cardOf(turn) {
  const response = turn.inspect && turn.inspect.response;
  return (response && response.response && response.response.card) || null;
}

function renderTurn(turn, index) {
  const log = $("log");
  if (turn.skill && turn.skill !== state.sessionOwner && turn.request !== "SessionEndedRequest") {
    log.append(el("li", { class: "marker" }, "session with " + skillName(turn.skill)));
  }
  state.sessionOwner = turn.endSession ? null : (turn.skill || state.sessionOwner);
  const answer = turnElement(turn, index);
  log.append(answer);
  if (!turn.elsewhere) speakAnswer(turn, answer);
  if (turn.endSession) log.append(el("li", { class: "marker" }, "session ended"));
  applySSMLToggle();
  answer.scrollIntoView({ block: "end" });
}

/** A turn in the log: what was said, the answer, its markup, reprompt and card; click to inspect. */
function turnElement(turn, index) {
  const ssml = ssmlOf(turn);
  const speech = el("p", { class: "speech", "data-plain": "" }, turn.speech || (turn.endSession ? "(silence: the session ends)" : "…"));
  const markup = ssml ? el("pre", { class: "ssml" }, ssml) : null;
  const card = cardOf(turn);
  const answer = el("li", { class: "turn", tabindex: "0", role: "button", "aria-label": "Turn " + (index + 1) + ": inspect", "data-index": index },
    el("p", { class: "user" }, el("span", { class: "who" }, (turn.elsewhere ? "you, elsewhere" : "you") + (turn.heard ? " (heard)" : "")), " ", turn.utterance),
    el("div", { class: "answer" + (turn.error ? " failed" : "") },
      el("span", { class: "who" }, skillName(turn.skill)),
      speech, markup,
      turn.reprompt && turn.reprompt !== turn.speech ? el("p", { class: "reprompt" }, "reprompt: " + turn.reprompt) : null,
      card ? el("div", { class: "card" }, el("strong", {}, card.title || card.type || "card"), el("p", {}, card.content || card.text || "")) : null,
      turn.error ? el("p", { class: "error" }, turn.error) : null,
    ),
  );
  answer.addEventListener("click", () => select(index));
  answer.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); select(index); }
  });
  return answer;
}

function applySSMLToggle() {
  const markup = $("show-ssml").checked;
  document.body.classList.toggle("show-ssml", markup);
}

// --- Inside a turn ---------------------------------------------------------------------------

function json(value) { return JSON.stringify(value, null, 2); }

function copyButton(text) {
  return el("button", { type: "button", class: "copy", onclick: async (event) => {
    const button = event.currentTarget;
    try { await navigator.clipboard.writeText(text); button.textContent = "Copied"; } catch (_) { button.textContent = "Select and copy"; }
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  } }, "Copy");
}

function envelope(title, value) {
  if (value === null || value === undefined) return el("p", { class: "muted" }, title + ": none crossed the ABI in this turn.");
  const text = typeof value === "string" ? value : json(value);
  return el("details", { class: "envelope" }, el("summary", {}, title, " ", copyButton(text)), el("pre", { class: "json" }, text));
}

/** The session attributes the request carried and the response left, key by key. */
function attributeChanges(inspect) {
  const before = (inspect.request && inspect.request.session && inspect.request.session.attributes) || {};
  const after = (inspect.response && inspect.response.sessionAttributes) || {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.map((key) => {
    const was = key in before ? JSON.stringify(before[key]) : undefined;
    const is = key in after ? JSON.stringify(after[key]) : undefined;
    const change = was === undefined ? "added" : is === undefined ? "removed" : was === is ? "same" : "changed";
    return { key, was, is, change };
  });
}

function attributesTable(inspect) {
  if (!inspect.request) return el("p", { class: "muted" }, "No request was sent in this turn.");
  const changes = attributeChanges(inspect);
  if (!changes.length) return el("p", { class: "muted" }, "None before or after.");
  return el("table", { class: "attributes" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Key"), el("th", { scope: "col" }, "Before"), el("th", { scope: "col" }, "After"))),
    el("tbody", {}, changes.map((row) => el("tr", { class: row.change, "data-key": row.key },
      el("td", { class: "mono" }, row.key, row.change === "same" ? null : el("span", { class: "change" }, " " + row.change)),
      el("td", { class: "mono small" }, row.was === undefined ? "—" : row.was),
      el("td", { class: "mono small" }, row.is === undefined ? "—" : row.is),
    ))));
}

/** What the skill did to its documents in the turn: reads listed, writes as before → after. */
function storageTable(inspect) {
  const touches = inspect.storage || [];
  if (!touches.length) return el("p", { class: "muted" }, inspect.request ? "None read or written." : "No request was sent in this turn.");
  const show = (value) => value === null || value === undefined ? "—" : JSON.stringify(value);
  return el("table", { class: "storage-touches" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Call"), el("th", { scope: "col" }, "Document"), el("th", { scope: "col" }, "Before"), el("th", { scope: "col" }, "After"))),
    el("tbody", {}, touches.map((touch) => el("tr", { class: touch.operation + (touch.written === false ? " refused" : "") },
      el("td", {}, touch.operation + (touch.written === false ? " (refused: changed meanwhile)" : "")),
      el("td", { class: "mono small" }, touch.container + (touch.key ? " / " + touch.key : "")),
      el("td", { class: "mono small" }, touch.operation === "put" || touch.operation === "delete" ? show(touch.before) : ""),
      el("td", { class: "mono small" }, touch.operation === "put" || touch.operation === "delete" ? show(touch.after) : ""),
    ))));
}

/** Readings best first; the first one marked the winner when its skill is `winner`. */
function readingsTable(readings, winner) {
  return el("table", { class: "readings" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Skill"), el("th", { scope: "col" }, "Intent"), el("th", { scope: "col" }, "Score"), el("th", { scope: "col" }, "Slots"))),
    el("tbody", {}, readings.map((reading, rank) => el("tr", { class: rank === 0 && reading.skill === winner ? "winner" : "" },
      el("td", {}, skillName(reading.skill)),
      el("td", { class: "mono" }, reading.intent),
      el("td", { class: "score" }, el("meter", { min: 0, max: 1, value: reading.score, "aria-label": "score of " + skillName(reading.skill) + " " + reading.intent }), " ", reading.score.toFixed(3)),
      el("td", {}, Object.entries(reading.slots).map(([name, value]) => el("span", { class: "slot" }, name + " = “" + value + "”"))),
    ))));
}

/** "1.20 ms in all: NLU 0.31, the skill 0.05, the conversation stored 0.70, routing and dialog 0.14". */
function timeBreakdown(inspect) {
  if (inspect.totalMs === undefined) return "—";
  const nlu = inspect.nluMs || 0, skill = inspect.skillMs || 0, store = inspect.storeMs || 0, seeing = inspect.inspectMs || 0, hearing = inspect.hearMs || 0;
  const rest = Math.max(0, inspect.totalMs - nlu - skill - store - seeing - hearing);
  const part = (name, ms) => el("span", { class: "time-part" }, name + " " + ms.toFixed(2) + " ms");
  return el("span", { class: "times" }, inspect.totalMs.toFixed(2) + " ms in all: ",
    hearing > 0 ? [part("hearing (speech recognition)", hearing), ", "] : null,
    part("understanding (NLU)", nlu), ", ", part("in the skill", skill), ", ", part("the conversation read and stored", store), ", ", part("routing and dialog", rest),
    seeing > 0 ? [", ", part("and for this view, every skill's account", seeing)] : null);
}

function select(index) {
  state.selected = index;
  for (const item of document.querySelectorAll("#log .turn")) item.classList.toggle("selected", Number(item.dataset.index) === index);
  const turn = state.turns[index];
  const inspect = turn.inspect || {};
  const slots = Object.entries(turn.slots || {});
  const readings = inspect.readings || [];
  const why = inspect.why || [];
  const nothingTook = !readings.length || readings[0].intent === "AMAZON.FallbackIntent";
  const others = inspect.others || [];
  const body = $("inspector-body");
  body.replaceChildren(...[
    el("h3", {}, "“", turn.utterance, "”"),
    el("dl", { class: "facts" },
      el("dt", {}, "Skill"), el("dd", {}, turn.skill ? skillName(turn.skill) + " (" + turn.skill + ")" : "none: skillhost answered"),
      el("dt", {}, "Request"), el("dd", {}, turn.request || "none sent"),
      el("dt", {}, "Intent"), el("dd", { class: "mono" }, turn.intent || "—"),
      el("dt", {}, "Slots"), el("dd", {}, slots.length ? slots.map(([name, value]) => el("span", { class: "slot" }, name + " = “" + value + "”")) : "—"),
      el("dt", {}, "Dialog"), el("dd", {}, (turn.dialogState || "—") + (turn.asks ? ", asks " + turn.asks.type + (turn.asks.slot ? " " + turn.asks.slot : "") : "")),
      el("dt", {}, "Session"), el("dd", {}, turn.endSession ? "ends" : "open"),
      el("dt", {}, "Time"), el("dd", {}, timeBreakdown(inspect)),
    ),
    turn.error ? el("p", { class: "error" }, turn.error) : null,
    turn.heard ? el("h4", {}, "What the recogniser heard, best first") : null,
    turn.heard ? el("ol", { class: "heard" }, turn.heard.map((text, at) => el("li", { class: at === turn.heardChoice ? "taken" : "muted" }, text, at === turn.heardChoice ? " (taken)" : ""))) : null,
    inspect.route ? el("h4", {}, "Why " + (turn.skill ? skillName(turn.skill) : "skillhost") + " answered") : null,
    inspect.route ? el("p", { class: "route" }, inspect.route) : null,
    el("h4", {}, "Readings, best first"),
    readings.length
      ? readingsTable(readings, turn.skill)
      : el("p", { class: "muted" }, turn.request === "LaunchRequest" ? "A launch: the skill was named, nothing to read." : "No skill read anything into this sentence."),
    others.length ? el("h4", {}, "What the other skills would have read") : null,
    others.length ? el("p", { class: "muted small" }, "Not asked: the skill in session hears the sentence first.") : null,
    others.length ? readingsTable(others.slice(0, 5), null) : null,
    why.length ? el("h4", {}, nothingTook ? "Why no skill took it" : "Each skill's account") : null,
    why.length ? el("ul", { class: "why" }, why.map((item) => el("li", { class: item.asked ? "" : "muted" }, el("strong", {}, skillName(item.skill)), ": ", item.why))) : null,
    el("h4", {}, "Session attributes, before → after"),
    attributesTable(inspect),
    el("h4", {}, "Documents (persistent attributes, app groups)"),
    storageTable(inspect),
    el("h4", {}, "Envelopes"),
    envelope("Request envelope", inspect.request),
    envelope("Response envelope", inspect.response),
  ].filter(Boolean));
  $("inspector-empty").hidden = true;
  body.hidden = false;
}

// --- Models: the playground and the interaction models ----------------------------------------

let tryTimer = null;
let tryNumber = 0;

/** Reads the playground's sentence a moment after the last key, the latest answer only shown. */
function tryLater() {
  clearTimeout(tryTimer);
  tryTimer = setTimeout(tryNow, 200);
}

async function tryNow() {
  const text = $("try").value;
  const result = $("try-result");
  if (!text.trim()) { result.replaceChildren(); return; }
  const number = ++tryNumber;
  let answer;
  try {
    answer = await api("POST", "/v1/parse", { text });
  } catch (error) {
    if (number === tryNumber) result.replaceChildren(el("p", { class: "error" }, error.message));
    return;
  }
  if (number !== tryNumber) return;
  const readings = answer.readings;
  result.replaceChildren(...[
    readings.length
      ? readingsTable(readings, readings[0].skill)
      : el("p", { class: "muted" }, "No skill reads anything into it."),
    el("h4", {}, "Each skill's account"),
    el("ul", { class: "why" }, answer.why.map((item) => el("li", { class: item.asked ? "" : "muted" }, el("strong", {}, skillName(item.skill)), ": ", item.why))),
  ]);
}

let modelShown = null;

async function showModel(skill) {
  const body = $("model-body");
  modelShown = skill;
  if (!skill) { body.replaceChildren(); return; }
  let model;
  try {
    model = await api("GET", "/v1/skills/" + encodeURIComponent(skill) + "/model");
  } catch (error) {
    if (modelShown === skill) body.replaceChildren(el("p", { class: "error" }, error.message));
    return;
  }
  // Another skill was chosen meanwhile: its model, not this one, is what to show.
  if (modelShown !== skill) return;
  const prompt = (p) => p ? el("span", { class: "prompt" }, "“" + (p.variations[0] || p.id) + "”" + (p.variations.length > 1 ? " (+" + (p.variations.length - 1) + " more)" : "")) : null;
  const problems = model.problems === null
    ? el("p", { class: "muted" }, "The model's text is not kept for this skill (it runs isolated, or is a model file): nlu check it from its file.")
    : model.problems.length
      ? el("ul", { class: "problems" }, model.problems.map((problem) => el("li", { class: problem.severity }, el("strong", {}, problem.severity), " ", el("span", { class: "mono" }, problem.path), ": ", problem.message)))
      : el("p", { class: "ok" }, "nlu check finds nothing wrong.");
  body.replaceChildren(
    el("p", {}, "Invocation name “", model.invocationName, "”, ", String(model.intents.length), " intents, ", String(model.types.length), " slot types."),
    el("h3", {}, "Problems"),
    problems,
    el("h3", {}, "Intents"),
    ...model.intents.map((intent) => el("details", { class: "intent", "data-intent": intent.name },
      el("summary", {}, el("span", { class: "mono" }, intent.name), " ", el("span", { class: "muted small" },
        intent.samples.length + " samples, " + intent.slots.length + " slots" + (intent.delegation ? ", dialog " + intent.delegation : "") + (intent.confirmation ? ", confirmed" : ""))),
      intent.confirmation ? el("p", {}, "Confirmation: ", prompt(intent.confirmation)) : null,
      intent.slots.length ? el("table", { class: "slots" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Slot"), el("th", { scope: "col" }, "Type"), el("th", { scope: "col" }, "Asked with"), el("th", { scope: "col" }, "Confirmed with"), el("th", { scope: "col" }, "Answers"))),
        el("tbody", {}, intent.slots.map((slot) => el("tr", {},
          el("td", { class: "mono" }, slot.name + (slot.multipleValues ? " (several)" : "")),
          el("td", { class: "mono" }, slot.type),
          el("td", {}, prompt(slot.elicitation) || "—"),
          el("td", {}, prompt(slot.confirmation) || "—"),
          el("td", { class: "small" }, slot.samples.join(" · ") || "—"),
        )))) : null,
      el("ul", { class: "samples" }, intent.samples.map((sample) => el("li", {}, sample))),
    )),
    el("h3", {}, "Slot types"),
    ...(model.types.length ? model.types.map((type) => el("details", { class: "type" },
      el("summary", {}, el("span", { class: "mono" }, type.name), " ", el("span", { class: "muted small" }, type.values.length + " values")),
      el("ul", { class: "samples" }, type.values.map((value) => el("li", {}, value.value, value.synonyms.length ? el("span", { class: "muted" }, " (" + value.synonyms.join(", ") + ")") : null))),
    )) : [el("p", { class: "muted" }, "None of its own.")]),
  );
}

async function fillModelChoices() {
  const answer = await loadSkills();
  const select = $("model-skill");
  const chosen = select.value;
  select.replaceChildren(...answer.skills.map((skill) => el("option", { value: skill.id }, skill.name)));
  if (chosen && answer.skills.some((skill) => skill.id === chosen)) select.value = chosen;
  await showModel(select.value);
}

// --- Transcripts -------------------------------------------------------------------------------

/** This page's conversation in skillhost replay's format, each turn as :record writes it. */
function transcriptText() {
  const header = "# Recorded in the skillhost console, " + new Date().toISOString() + "; skillhost replay FILE (with the same skills) checks it\n";
  return header + state.turns.map((turn) => (turn.inspect && turn.inspect.transcript) || ("you> " + turn.utterance + "\n")).join("");
}

function downloadTranscript() {
  if (!state.turns.length) { setStatus("nothing said yet to write down", "warning"); return; }
  const link = el("a", { href: URL.createObjectURL(new Blob([transcriptText()], { type: "text/plain" })), download: "console.transcript" });
  document.body.append(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
}

/** The lines of `text`, each marked whether `other` has it too. */
function markedLines(text, other, kind) {
  const others = new Set(other.split("\n"));
  return text.replace(/\n$/, "").split("\n").map((line) => el("span", { class: "line" + (others.has(line) ? "" : " differs " + kind) }, line + "\n"));
}

async function replayFile(event) {
  const input = event.currentTarget;
  const file = input.files && input.files[0];
  if (!file) return;
  input.value = "";
  const text = await file.text();
  setStatus("replaying " + file.name + "…");
  let answer;
  try {
    answer = await api("POST", "/v1/replay", { transcript: text });
  } catch (error) {
    setStatus(file.name + ": " + error.message, "error");
    return;
  }
  const failed = answer.failed;
  setStatus(file.name + ": " + (failed ? failed + " of " + answer.turns.length + " turns differ" : "all " + answer.turns.length + " turns as expected"), failed ? "error" : "");
  const body = $("inspector-body");
  body.replaceChildren(
    el("h3", {}, "Replay of ", file.name),
    el("p", { class: failed ? "error" : "ok" }, failed ? failed + " of " + answer.turns.length + " turns differ (played in a conversation of its own, as a user of its own)." : "Every turn as the transcript expects."),
    el("ol", { id: "replay", class: "replay" }, answer.turns.map((turn) => el("li", { class: "turn-check " + (turn.differences.length ? "failed" : "passed"), "data-line": turn.line },
      el("p", {}, el("span", { class: "mono small muted" }, "line " + turn.line + " "), "you> ", turn.utterance, " ", el("strong", {}, turn.differences.length ? "differs" : "as expected")),
      turn.differences.length ? el("div", { class: "compare" },
        el("div", {}, el("h5", {}, "Expected"), el("pre", { class: "expected" }, markedLines(turn.expected, turn.actual, "missing"))),
        el("div", {}, el("h5", {}, "Actual"), el("pre", { class: "actual" }, markedLines(turn.actual, turn.expected, "extra"))),
      ) : null,
    ))),
  );
  $("inspector-empty").hidden = true;
  body.hidden = false;
}

// --- Storage: containers and app groups, edited with compare-and-swap ----------------------------

const storage = { container: null, key: null, version: null };

function storageMessage(text, kind) {
  const message = $("storage-message");
  message.textContent = text || "";
  message.className = kind || "";
}

async function loadContainers() {
  const answer = await api("GET", "/v1/storage");
  const select = $("storage-container");
  const chosen = select.value;
  select.replaceChildren(...answer.containers.map((container) => el("option", { value: container.name, "data-skills": container.skills.join(", ") },
    (container.kind === "group" ? "app group " : "") + container.name)));
  if (chosen && answer.containers.some((container) => container.name === chosen)) select.value = chosen;
  await openContainer(select.value);
}

async function openContainer(name) {
  storage.container = name || null;
  const option = $("storage-container").selectedOptions[0];
  $("storage-owners").textContent = option ? "Used by " + option.dataset.skills : "";
  const list = $("storage-keys");
  if (!name) { list.replaceChildren(); return; }
  const answer = await api("GET", "/v1/storage/" + encodeURIComponent(name));
  // Another container was chosen meanwhile: its answer, not this one, is what to show.
  if (storage.container !== name) return;
  list.replaceChildren(...(answer.keys.length
    ? answer.keys.map((key) => el("li", {}, el("button", { type: "button", class: "link" + (key === storage.key ? " current" : ""), "data-key": key, onclick: () => openDocument(key) }, key)))
    : [el("li", { class: "muted" }, "No documents yet.")]));
}

async function openDocument(key, fresh) {
  storage.key = key;
  $("storage-title").textContent = key + " in " + storage.container;
  const text = $("storage-text");
  if (fresh) {
    storage.version = null;
    text.value = "{}";
  } else {
    const answer = await api("GET", "/v1/storage/" + encodeURIComponent(storage.container) + "/" + encodeURIComponent(key));
    storage.version = answer.version;
    text.value = json(answer.value);
  }
  text.disabled = false;
  $("storage-save").disabled = false;
  $("storage-reload").disabled = fresh === true;
  $("storage-version").textContent = storage.version ? "version " + storage.version.slice(0, 12) : "new";
  storageMessage("");
  for (const button of document.querySelectorAll("#storage-keys button")) button.classList.toggle("current", button.dataset.key === key);
}

async function saveDocument() {
  let value;
  try { value = JSON.parse($("storage-text").value); } catch (error) {
    storageMessage("Not JSON: " + error.message + ". Nothing was saved.", "error");
    return;
  }
  try {
    const answer = await api("PUT", "/v1/storage/" + encodeURIComponent(storage.container) + "/" + encodeURIComponent(storage.key), { value, version: storage.version });
    storage.version = answer.version;
    $("storage-version").textContent = "version " + storage.version.slice(0, 12);
    $("storage-reload").disabled = false;
    storageMessage("Saved.", "ok");
    await openContainer(storage.container);
  } catch (error) {
    if (error.status === 409) {
      storageMessage("“" + storage.key + "” changed since it was read (a skill, or someone else, wrote it): nothing was saved. Your edit is still in the box; “Read again” shows theirs.", "error");
    } else {
      storageMessage(error.message, "error");
    }
  }
}

// --- Wiring ----------------------------------------------------------------------------------

const views = ["talk", "skills", "model", "storage"];

function showView(name) {
  for (const view of views) {
    $("view-" + view).hidden = view !== name;
    $("tab-" + view).setAttribute("aria-selected", String(view === name));
    // One tab in the page's tab order, the chosen one; arrows move between them.
    $("tab-" + view).tabIndex = view === name ? 0 : -1;
  }
  if (name === "skills") loadSkills().catch((error) => setStatus("skills: " + error.message, "error"));
  if (name === "talk") $("say").focus();
  if (name === "storage") loadContainers().catch((error) => setStatus("storage: " + error.message, "error"));
  if (name === "model") fillModelChoices().catch((error) => setStatus("models: " + error.message, "error"));
}

async function submit(event) {
  event.preventDefault();
  const input = $("say");
  const text = input.value.trim();
  if (!text) return;
  state.history.push(text);
  state.historyIndex = state.history.length;
  input.value = "";
  input.disabled = true;
  state.pending = text;
  try {
    const turn = await say(text);
    setStatus("");
    select(showTurn(turn, turn.inspect && turn.inspect.number, false));
  } catch (error) {
    setStatus(error.message, "error");
    const said = text.length > 120 ? text.slice(0, 120) + "… (" + text.length + " characters)" : text;
    $("log").append(el("li", { class: "marker error" }, "“" + said + "” was not answered: " + error.message));
  } finally {
    state.pending = null;
    input.disabled = false;
    input.focus();
  }
}

/** Left and right (Home, End) move between the tabs, as in any tab list. */
function tabKeys(event) {
  const at = views.indexOf(event.currentTarget.id.slice(4));
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: views.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const view = views[(to + views.length) % views.length];
  showView(view);
  $("tab-" + view).focus();
}

function historyKeys(event) {
  const input = event.currentTarget;
  if (event.key === "ArrowUp" && state.historyIndex > 0) {
    if (state.historyIndex === state.history.length) state.draft = input.value;
    state.historyIndex -= 1;
    input.value = state.history[state.historyIndex];
    event.preventDefault();
  } else if (event.key === "ArrowDown" && state.historyIndex < state.history.length) {
    state.historyIndex += 1;
    input.value = state.historyIndex === state.history.length ? state.draft : state.history[state.historyIndex];
    event.preventDefault();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("say-form").addEventListener("submit", submit);
  $("mic").addEventListener("click", toggleMicrophone);
  $("say").addEventListener("keydown", historyKeys);
  $("new-conversation").addEventListener("click", () => newConversation().catch((error) => setStatus(error.message, "error")));
  $("show-ssml").addEventListener("change", applySSMLToggle);
  $("download-transcript").addEventListener("click", downloadTranscript);
  $("replay-file").addEventListener("change", replayFile);
  for (const view of views) {
    $("tab-" + view).addEventListener("click", () => showView(view));
    $("tab-" + view).addEventListener("keydown", tabKeys);
  }
  $("storage-container").addEventListener("change", (event) => openContainer(event.currentTarget.value).catch((error) => storageMessage(error.message, "error")));
  $("storage-save").addEventListener("click", saveDocument);
  $("storage-reload").addEventListener("click", () => openDocument(storage.key).catch((error) => storageMessage(error.message, "error")));
  $("storage-new").addEventListener("submit", (event) => {
    event.preventDefault();
    const key = $("storage-new-key").value.trim();
    if (key && storage.container) { $("storage-new-key").value = ""; openDocument(key, true); }
  });
  $("try").addEventListener("input", tryLater);
  $("model-skill").addEventListener("change", (event) => showModel(event.currentTarget.value));
  followEvents();
  const joining = new URLSearchParams(location.search).get("conversation");
  loadSkills()
    .then((answer) => {
      setStatus(answer.skills.length + " skills loaded: " + answer.skills.map((skill) => skill.name).join(", "));
      if (joining) return joinConversation(joining);
    })
    .catch((error) => setStatus("skills: " + error.message, "error"));
});
