// Prints the review's sentences (skat/server/static/js/reviewwords.js) for a reader who knows
// Skat: every case of tests/client/reviewcases.mjs (each reason code, each phase) and every
// verdict of a deal, in each language, as Markdown. Run from the project's root:
//
//   node scripts/review_words.mjs            # all four languages
//   node scripts/review_words.mjs de sv      # some of them
//   DECK=german node scripts/review_words.mjs de
//
// It reads the locale files as the browser does; nothing is sent anywhere.

import { JS } from "../tests/client/setup.mjs";

const i18n = await import(new URL("i18n.js", JS));
const state = await import(new URL("state.js", JS));
const words = await import(new URL("reviewwords.js", JS));
const { CASES } = await import("../tests/client/reviewcases.mjs");

const ANSWERS = ["won", "beaten", "lost_unwinnable", "unbeatable", "lost_winnable", "lost_chance", "beatable", "beatable_later", "ramsch", "passed"];
const languages = process.argv.slice(2).length ? process.argv.slice(2) : i18n.LANGUAGES;
const deck = process.env.DECK ?? "french";

function speak(lang) {
  i18n.setLanguage(lang);
  i18n.setDeck(deck);
  state.loaded(null, { options: {}, deck });
}

const out = [];
for (const [name, { d }] of Object.entries(CASES)) {
  out.push(`### ${name}`, "");
  for (const lang of languages) {
    speak(lang);
    const cost = words.costText(d);
    const head = [words.decisionLabel(d), `${words.markLabel(d.mark)}${cost ? ", " + cost : ""}`, `→ ${words.decisionLabel(d, "best")}`];
    out.push(`- **${lang}** ${head.join(" · ")}: ${words.reasonText(d)}`);
  }
  out.push("");
}
out.push("### the deal's verdict", "");
for (const answer of ANSWERS) {
  // played_well as the core decides it (skat.analysis.review.Review.played_well): the clean
  // deal played well, the one with a mistake not
  for (const [total, marks, well] of [[2.4, { mistake: 0, blunder: 0 }, true], [57.3, { mistake: 1, blunder: 0 }, false]]) {
    out.push(`- \`${answer}\`, total ${total}${marks.mistake ? ", a mistake" : ""}:`);
    for (const lang of languages) {
      speak(lang);
      out.push(`  - **${lang}** ${words.summaryText({ total, marks, played_well: well, open_hand: { answer } })}`);
    }
  }
}
console.log(out.join("\n"));
