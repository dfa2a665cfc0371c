// A stand-in until the words of the review (branch rv-words) are merged: the panel's structure
// is built against these names. Replaced by that branch's reviewwords.js.

export function markLabel(mark) {
  return mark;
}

export function decisionLabel(d) {
  return `${d.phase} ${d.taken}`;
}

export function reasonText(d) {
  return d.reason;
}

export function costText(d) {
  return d.cost === null || d.cost === undefined ? "" : String(d.cost);
}

export function summaryText(s) {
  return String(s.total);
}

export function kindLabel(kind) {
  return kind;
}
