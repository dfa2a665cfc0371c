"""A naive pure-Python alpha-beta over skat.rules: the yardstick of the solver benchmark.

No transposition table, no move equivalence, no move ordering beyond card order, no compiled
code: only alpha-beta cut-offs. It computes the declarer's card points to come, like the solver,
so the benchmark can run the same positions through both and report the speed-up from one run.
"""

from __future__ import annotations

from skat.cards import points
from skat.rules import GameType, legal_cards, trick_winner
from skat.solver import Position


class NaiveAlphaBeta:
    """Plain alpha-beta on card points; ``nodes`` counts the positions visited."""

    def __init__(self) -> None:
        self.nodes = 0

    def points_to_come(self, pos: Position, alpha: int, beta: int) -> int:
        """Declarer's card points from the remaining cards (fail-hard in ``[alpha, beta]``)."""
        return self._search(
            pos.game, list(pos.hands), list(pos.trick), pos.to_move, pos.declarer, alpha, beta
        )

    def threshold(self, pos: Position, target: int) -> bool:
        """Whether the declarer reaches ``target`` card points (skat and points so far included)."""
        need = target - pos.declarer_points - points(pos.skat)
        return self.points_to_come(pos, need - 1, need) >= need

    def value(self, pos: Position) -> int:
        """The declarer's final card points with best play."""
        return pos.declarer_points + points(pos.skat) + self.points_to_come(pos, -1, 121)

    def _search(
        self,
        game: GameType,
        hands: list[int],
        trick: list[int],
        to_move: int,
        declarer: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        if not trick and not any(hands):
            return 0
        led = trick[0] if trick else None
        legal = legal_cards(hands[to_move], led, game)
        maximise = to_move == declarer
        best = -1 if maximise else 121
        for card in range(32):
            if not legal >> card & 1:
                continue
            hands[to_move] ^= 1 << card
            trick.append(card)
            if len(trick) == 3:
                winner = (to_move + 1 + trick_winner(trick, game)) % 3
                won = points(sum(1 << c for c in trick)) if winner == declarer else 0
                saved = trick[:]
                trick.clear()
                value = won + self._search(
                    game, hands, trick, winner, declarer, alpha - won, beta - won
                )
                trick.extend(saved)
            else:
                value = self._search(game, hands, trick, (to_move + 1) % 3, declarer, alpha, beta)
            trick.pop()
            hands[to_move] ^= 1 << card
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best
