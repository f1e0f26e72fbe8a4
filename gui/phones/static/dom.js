// Building the page from data: every text goes in with textContent (through `el`),
// never as markup, so a card named "<img src=x>" shows exactly those characters.

export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "className") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

export function fill(parent, children) {
  parent.replaceChildren(...children.filter((c) => c));
}

export function $(id) {
  return document.getElementById(id);
}
