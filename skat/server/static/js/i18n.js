// Every string the person sees, by key, in each language. No string is written in markup or code:
// add a key here (in every language) and call t(key, params). A missing key shows the key itself,
// and tests/test_server.py fails when a key is missing in any language.

export const LANGUAGES = ["en", "de"];

const en = {
  "app.title": "Skat",
  "language.en": "English",
  "language.de": "Deutsch",
  "settings.language": "Language",

  "player.bottom": "You",
  "player.left": "Left",
  "player.right": "Right",
  "seat.forehand": "Forehand",
  "seat.middlehand": "Middlehand",
  "seat.rearhand": "Rearhand",
  "seat.dealer": "Dealer",
  "seat.dealerHint": "Rearhand dealt the cards",
  "seat.declarer": "Declarer",
  "seat.tricks": "Tricks: {n}",
  "seat.tricksHint": "Tricks taken",
  "seat.openHand": "Open hand (ouvert)",

  "card.name": "{suit} {rank}",
  "rank.A": "A",
  "rank.K": "K",
  "rank.Q": "Q",
  "rank.J": "J",
  "rank.T": "10",
  "rank.9": "9",
  "rank.8": "8",
  "rank.7": "7",
  "rank.name.A": "Ace",
  "rank.name.K": "King",
  "rank.name.Q": "Queen",
  "rank.name.J": "Jack",
  "rank.name.T": "Ten",
  "rank.name.9": "Nine",
  "rank.name.8": "Eight",
  "rank.name.7": "Seven",
  "suit.name.C": "Clubs",
  "suit.name.S": "Spades",
  "suit.name.H": "Hearts",
  "suit.name.D": "Diamonds",
  "suit.name.T": "trumps",

  "game.C": "Clubs",
  "game.S": "Spades",
  "game.H": "Hearts",
  "game.D": "Diamonds",
  "game.G": "Grand",
  "game.N": "Null",
  "game.R": "Ramsch",
  "game.X": "Spitze",
  "option.hand": "Hand",
  "option.schneider": "Schneider",
  "option.schwarz": "Schwarz",
  "option.ouvert": "Ouvert",

  "deal.number": "Deal no.",
  "deal.play": "Play",
  "deal.next": "New deal",
  "info.game": "Game:",
  "info.declarer": "declarer: {name}",
  "info.bid": "Bid",

  "status.loading": "Shuffling…",
  "status.thinking": "Thinking…",
  "status.waitingFor": "{name} is thinking…",

  "table.skat": "Skat",
  "table.lastTrick": "Last trick",
  "table.clickToContinue": "Click to continue",

  "bid.say": "{value}?",
  "bid.jump": "Jump to…",
  "bid.jumpGo": "Bid",
  "bid.hold": "Yes ({value})",
  "bid.pass": "Pass",
  "bid.hintFirst": "Your bid: say 18 or pass.",
  "bid.hintBid": "The bid stands at {value}. Bid higher or pass.",
  "bid.hintAnswer": "{value} is bid to you. Hold or pass?",
  "bubble.yes": "Yes",
  "bubble.pass": "Pass",
  "bubble.skat": "Takes the skat",

  "skat.pickUp": "Pick up the skat",
  "skat.hand": "Play Hand",
  "skat.hint": "You play for {value}. Pick up the skat or play Hand.",
  "discard.hint": "Choose two cards to put away.",
  "discard.confirm": "Put away",

  "declare.open": "Announce the game",
  "declare.title": "Announce your game",
  "declare.game": "Game",
  "declare.options": "Announcements",
  "declare.discarded": "Put away: {cards}",
  "declare.chosen": "You play: {game}",
  "declare.cannotReach": "This game can reach at most {value}: below your bid of {bid}. You would lose it as overbid.",
  "declare.needMore": "This game is worth {value} without further levels, below your bid of {bid}: you need Schneider (or more) or you lose it as overbid.",
  "declare.changeDiscard": "Change the discard",
  "declare.confirm": "Play it",

  "play.hint": "Your turn: play a card.",
  "reason.wait": "Wait for the other players.",
  "reason.notNow": "You cannot play a card now.",
  "reason.notYourTurn": "It is not your turn.",
  "reason.followSuit": "You must follow suit: {suit}.",
  "reason.followTrump": "You must follow trumps.",

  "action.s": "Pick up the skat",
  "action.y": "Yes",
  "action.p": "Pass",
  "action.RE": "Concede",
  "action.K": "Kontra",
  "action.R": "Re",
  "action.SU": "Supra",
  "action.-": "No",
  "schieben.hint": "Choose two cards (no jacks) to push on.",
  "schieben.push": "Push on",
  "schieben.choose": "Schieberamsch: take the skat, or push it on unseen (doubles the Ramsch).",
  "schieben.take": "Take the skat",
  "schieben.pass": "Push on unseen",
  "kontra.hint": "Kontra, Re or Supra doubles the game again.",
  "result.ramschWon": "Ramsch: you are not the loser.",
  "result.ramschLost": "Ramsch: you lose.",

  "button.close": "Close",
  "button.back": "Back",
  "button.retry": "Try again",

  "result.title": "Result",
  "result.passed": "All passed: nobody plays. Deal again.",
  "result.youWon": "You won!",
  "result.youLost": "You lost.",
  "result.declarerWon": "{name} won the game.",
  "result.declarerLost": "{name} lost the game.",
  "result.game": "{name} played {game} at a bid of {bid}.",
  "result.points": "Card points: declarer {declarer}, defenders {defenders} · declarer's tricks: {tricks}.",
  "result.nullTricks": "Tricks taken by the declarer: {tricks}.",
  "result.ramschPoints": "{name} {points}",
  "result.listSeegerFabian": "Seeger-Fabian list:",
  "result.listSimple": "List:",
  "calc.value": "{levels} × {base} = {value}",
  "calc.null": "{game} = {value}",
  "calc.overbid": "Overbid: the value {value} does not reach the bid of {bid}.",
  "calc.raised": "The game is lost at {value}, the lowest multiple of {base} that reaches the bid.",
  "step.matadors_with": "with {value}",
  "step.matadors_without": "without {value}",
  "step.game": "game {value}",
  "step.hand": "hand {value}",
  "step.schneider": "Schneider {value}",
  "step.schneider_announced": "Schneider announced {value}",
  "step.schwarz": "Schwarz {value}",
  "step.schwarz_announced": "Schwarz announced {value}",
  "step.ouvert": "ouvert {value}",
  "step.conceded": "Conceded during the first trick (bid {value}).",
  "step.won": "Won: {signed}",
  "step.lost_double": "Lost: counts double, {signed}",
  "step.lost_hand_single": "Lost Hand game counts single: {signed}",
  "step.kontra": "Kontra ×2: {signed}",
  "step.re": "Re ×4: {signed}",
  "step.supra": "Supra ×8: {signed}",
  "step.ramsch_points": "{name}: {value} card points",
  "step.jungfrau": "{name} took no trick (Jungfrau): ×{value}",
  "step.schieben": "Skat pushed on: ×{value}",
  "step.durchmarsch": "{name} took every trick (Durchmarsch): {signed}",
  "result.conceded": "The game was conceded.",
  "result.replay": "Replay this deal",
  "result.next": "Next deal",

  "review.title": "Review",
  "review.skat": "Original skat",
  "review.discard": "Put away",
  "review.winner": "{name} takes it ({points})",
  "review.winnerYou": "You take it ({points})",
  "result.gameYou": "You played {game} at a bid of {bid}.",

  "error.generic": "Something went wrong: {message}",
  "error.network": "The server cannot be reached. Your deal is kept; try again when it runs.",
  "error.bad_record": "The stored deal could not be read; a new deal was started.",
  "error.illegal_action": "That move is not allowed now.",
};

const de = {
  "app.title": "Skat",
  "language.en": "English",
  "language.de": "Deutsch",
  "settings.language": "Sprache",

  "player.bottom": "Du",
  "player.left": "Links",
  "player.right": "Rechts",
  "seat.forehand": "Vorhand",
  "seat.middlehand": "Mittelhand",
  "seat.rearhand": "Hinterhand",
  "seat.dealer": "Geber",
  "seat.dealerHint": "Hinterhand hat gegeben",
  "seat.declarer": "Alleinspieler",
  "seat.tricks": "Stiche: {n}",
  "seat.tricksHint": "Gemachte Stiche",
  "seat.openHand": "Offene Karten (ouvert)",

  "card.name": "{suit} {rank}",
  "rank.A": "A",
  "rank.K": "K",
  "rank.Q": "D",
  "rank.J": "B",
  "rank.T": "10",
  "rank.9": "9",
  "rank.8": "8",
  "rank.7": "7",
  "rank.name.A": "Ass",
  "rank.name.K": "König",
  "rank.name.Q": "Dame",
  "rank.name.J": "Bube",
  "rank.name.T": "Zehn",
  "rank.name.9": "Neun",
  "rank.name.8": "Acht",
  "rank.name.7": "Sieben",
  "suit.name.C": "Kreuz",
  "suit.name.S": "Pik",
  "suit.name.H": "Herz",
  "suit.name.D": "Karo",
  "suit.name.T": "Trumpf",

  "game.C": "Kreuz",
  "game.S": "Pik",
  "game.H": "Herz",
  "game.D": "Karo",
  "game.G": "Grand",
  "game.N": "Null",
  "game.R": "Ramsch",
  "game.X": "Spitze",
  "option.hand": "Hand",
  "option.schneider": "Schneider",
  "option.schwarz": "Schwarz",
  "option.ouvert": "Ouvert",

  "deal.number": "Spiel-Nr.",
  "deal.play": "Spielen",
  "deal.next": "Neues Spiel",
  "info.game": "Spiel:",
  "info.declarer": "Alleinspieler: {name}",
  "info.bid": "Gereizt",

  "status.loading": "Mischen…",
  "status.thinking": "Überlegt…",
  "status.waitingFor": "{name} überlegt…",

  "table.skat": "Skat",
  "table.lastTrick": "Letzter Stich",
  "table.clickToContinue": "Klicken zum Weiterspielen",

  "bid.say": "{value}?",
  "bid.jump": "Springen auf…",
  "bid.jumpGo": "Reizen",
  "bid.hold": "Ja ({value})",
  "bid.pass": "Passe",
  "bid.hintFirst": "Du reizt: sag 18 oder passe.",
  "bid.hintBid": "Gereizt ist {value}. Reiz weiter oder passe.",
  "bid.hintAnswer": "Dir werden {value} gesagt. Ja oder passe?",
  "bubble.yes": "Ja",
  "bubble.pass": "Passe",
  "bubble.skat": "Nimmt den Skat",

  "skat.pickUp": "Skat aufnehmen",
  "skat.hand": "Hand spielen",
  "skat.hint": "Du spielst für {value}. Skat aufnehmen oder Hand spielen.",
  "discard.hint": "Wähle zwei Karten zum Drücken.",
  "discard.confirm": "Drücken",

  "declare.open": "Spiel ansagen",
  "declare.title": "Sag dein Spiel an",
  "declare.game": "Spiel",
  "declare.options": "Ansagen",
  "declare.discarded": "Gedrückt: {cards}",
  "declare.chosen": "Du spielst: {game}",
  "declare.cannotReach": "Dieses Spiel erreicht höchstens {value}: weniger als dein Reizwert {bid}. Du verlierst es als überreizt.",
  "declare.needMore": "Dieses Spiel ist ohne weitere Stufen {value} wert, weniger als dein Reizwert {bid}: du brauchst Schneider (oder mehr), sonst bist du überreizt.",
  "declare.changeDiscard": "Anders drücken",
  "declare.confirm": "Spielen",

  "play.hint": "Du bist dran: spiel eine Karte.",
  "reason.wait": "Warte auf die anderen.",
  "reason.notNow": "Jetzt kannst du keine Karte spielen.",
  "reason.notYourTurn": "Du bist nicht dran.",
  "reason.followSuit": "Du musst Farbe bedienen: {suit}.",
  "reason.followTrump": "Du musst Trumpf bedienen.",

  "action.s": "Skat aufnehmen",
  "action.y": "Ja",
  "action.p": "Passe",
  "action.RE": "Aufgeben",
  "action.K": "Kontra",
  "action.R": "Re",
  "action.SU": "Supra",
  "action.-": "Nein",
  "schieben.hint": "Wähle zwei Karten (keine Buben) zum Schieben.",
  "schieben.push": "Schieben",
  "schieben.choose": "Schieberamsch: Skat aufnehmen oder ungesehen weiterschieben (verdoppelt den Ramsch).",
  "schieben.take": "Skat aufnehmen",
  "schieben.pass": "Ungesehen schieben",
  "kontra.hint": "Kontra, Re oder Supra verdoppeln das Spiel noch einmal.",
  "result.ramschWon": "Ramsch: du bist nicht der Verlierer.",
  "result.ramschLost": "Ramsch: du verlierst.",

  "button.close": "Schließen",
  "button.back": "Zurück",
  "button.retry": "Nochmal versuchen",

  "result.title": "Ergebnis",
  "result.passed": "Alle haben gepasst: eingepasst. Neu geben.",
  "result.youWon": "Gewonnen!",
  "result.youLost": "Verloren.",
  "result.declarerWon": "{name} hat das Spiel gewonnen.",
  "result.declarerLost": "{name} hat das Spiel verloren.",
  "result.game": "{name} spielte {game}, gereizt bis {bid}.",
  "result.points": "Augen: Alleinspieler {declarer}, Gegenspieler {defenders} · Stiche des Alleinspielers: {tricks}.",
  "result.nullTricks": "Stiche des Alleinspielers: {tricks}.",
  "result.ramschPoints": "{name} {points}",
  "result.listSeegerFabian": "Liste (Seeger-Fabian):",
  "result.listSimple": "Liste:",
  "calc.value": "{levels} × {base} = {value}",
  "calc.null": "{game} = {value}",
  "calc.overbid": "Überreizt: der Spielwert {value} erreicht den Reizwert {bid} nicht.",
  "calc.raised": "Das Spiel ist verloren mit {value}, dem kleinsten Vielfachen von {base}, das den Reizwert erreicht.",
  "step.matadors_with": "mit {value}",
  "step.matadors_without": "ohne {value}",
  "step.game": "Spiel {value}",
  "step.hand": "Hand {value}",
  "step.schneider": "Schneider {value}",
  "step.schneider_announced": "Schneider angesagt {value}",
  "step.schwarz": "Schwarz {value}",
  "step.schwarz_announced": "Schwarz angesagt {value}",
  "step.ouvert": "ouvert {value}",
  "step.conceded": "Im ersten Stich aufgegeben (Reizwert {value}).",
  "step.won": "Gewonnen: {signed}",
  "step.lost_double": "Verloren: zählt doppelt, {signed}",
  "step.lost_hand_single": "Verlorenes Handspiel zählt einfach: {signed}",
  "step.kontra": "Kontra ×2: {signed}",
  "step.re": "Re ×4: {signed}",
  "step.supra": "Supra ×8: {signed}",
  "step.ramsch_points": "{name}: {value} Augen",
  "step.jungfrau": "{name} ohne Stich (Jungfrau): ×{value}",
  "step.schieben": "Skat geschoben: ×{value}",
  "step.durchmarsch": "{name} hat alle Stiche (Durchmarsch): {signed}",
  "result.conceded": "Das Spiel wurde aufgegeben.",
  "result.replay": "Dieses Spiel nochmal",
  "result.next": "Nächstes Spiel",

  "review.title": "Rückblick",
  "review.skat": "Ursprünglicher Skat",
  "review.discard": "Gedrückt",
  "review.winner": "{name} sticht ({points})",
  "review.winnerYou": "Du stichst ({points})",
  "result.gameYou": "Du hast {game} gespielt, gereizt bis {bid}.",

  "error.generic": "Etwas ist schiefgegangen: {message}",
  "error.network": "Der Server ist nicht erreichbar. Dein Spiel bleibt erhalten; versuch es wieder, wenn er läuft.",
  "error.bad_record": "Das gespeicherte Spiel war nicht lesbar; ein neues Spiel wurde begonnen.",
  "error.illegal_action": "Dieser Zug ist jetzt nicht erlaubt.",
};

export const TABLES = { en, de };

let current = en;
let currentCode = "en";

/** The language to use: the saved choice, else the browser's, else English. */
export function chooseLanguage(saved) {
  if (LANGUAGES.includes(saved)) return saved;
  for (const lang of navigator.languages ?? [navigator.language ?? "en"]) {
    const code = String(lang).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export function setLanguage(code) {
  currentCode = LANGUAGES.includes(code) ? code : "en";
  current = TABLES[currentCode];
}

export function language() {
  return currentCode;
}

/** The text of `key` with {name} placeholders filled from `params`; `fallback` if missing. */
export function t(key, params = {}, fallback = undefined) {
  let text = current[key] ?? en[key];
  if (text === undefined) return fallback ?? key;
  for (const [name, value] of Object.entries(params ?? {})) {
    text = text.replaceAll("{" + name + "}", String(value));
  }
  return text;
}

/** The rank letters printed on the cards in the current language (A K Q J T 9 8 7 → text). */
export function rankLabels() {
  const out = {};
  for (const r of ["A", "K", "Q", "J", "T", "9", "8", "7"]) out[r] = t("rank." + r);
  return out;
}
