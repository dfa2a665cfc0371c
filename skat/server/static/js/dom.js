// The page's small DOM helpers: building elements, waiting, downloads, the live region.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "html") el.innerHTML = value; // only for SVG drawn by deck.js
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves at the next click or key press anywhere (a finished trick stays until then). */
export function nextClick() {
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener("click", done, true);
      document.removeEventListener("keydown", done, true);
      resolve();
    };
    document.addEventListener("click", done, true);
    document.addEventListener("keydown", done, true);
  });
}

export function spinner(text) {
  return h("span", { class: "spinner-wrap", role: "status" }, h("span", { class: "spinner" }), h("span", { class: "spinner-text" }, text));
}

export function announce(text) {
  const region = document.getElementById("announce");
  if (!region || !text) return;
  // A new node each time, so the same words twice are read twice.
  region.replaceChildren(h("p", {}, text));
}

export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name, class: "sr-only" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
