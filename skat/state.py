"""The whole deal as an immutable state machine: bidding, skat, declaration, Kontra, play, result.

A deal is a value (``docs/design.md``): rule options + the cards (a deal number or explicit cards) +
the dealer + the actions. :class:`State` holds exactly that; everything else (hands, tricks,
points, the phase, whose turn it is) is derived incrementally when an action is applied
(:mod:`skat.phases`, which also describes what each phase allows), so ``apply`` is cheap and never
copies more than a few small tuples. The actions and their notation are :mod:`skat.action`'s.

Players only ever see :class:`~skat.information.InformationState` views.

>>> s = State.new(7, Options())
>>> s.phase, s.current_player, [str(a) for a in s.legal_actions()[:3]]
(<Phase.BIDDING: 'bidding'>, <Seat.MIDDLEHAND: 1>, ['18', '20', '22'])
>>> s = s.apply("p").apply("p").apply("p")
>>> s.phase, s.is_terminal(), s.result() is None
(<Phase.RESULT: 'result'>, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from skat.action import HIDDEN_DISCARD, Action, ActionKind, listed
from skat.bidding import Auction
from skat.cards import CardSet, points
from skat.contract import Contract
from skat.deal import Deal, Seat, deal
from skat.errors import IllegalActionError, IllegalExchangeError, NotationError
from skat.information import InformationState
from skat.options import Options
from skat.phases import (
    Core,
    Ending,
    Phase,
    Trick,
    advance,
    claim_moves,
    exchange_refusal,
    exchange_seats,
    initial_core,
    legal,
)
from skat.ramsch import RamschResult, score_ramsch
from skat.rules import GameType, legal_cards
from skat.scoring import CLAIM_CODES, GameResult, Step, score_game

__all__ = [
    "Action",
    "ActionKind",
    "ClaimCheck",
    "Ending",
    "Phase",
    "State",
    "Trick",
    "listed",
]
ClaimCheck = Callable[["State", Action], tuple[int, int, int]]
"""Decides a claim (house rule ``claims``) with every hand open: given the state and the claim
(``CL``/``CD``) of the seat to play, the figures the game ends with, ``(declarer card points,
declarer tricks, defender tricks)``, or a :class:`~skat.errors.ClaimError` when it does not hold.
Only the open-hand solver can decide that, so the core takes it from the layer that has one
(:func:`skat.claim.settle`) as a :class:`State`'s ``claim_check``; a state without one refuses
every claim."""

"""Besides its own, the names other modules define that a deal's state is read with (the
actions, the phases, the ending, a trick): they may be imported from here too."""


@dataclass(frozen=True, slots=True)
class State:
    """A deal in progress: options, cards, dealer and the actions so far (immutable).

    Attributes:
        options: the table's rule options.
        deal: the cards; ``deal.number`` is −1 when the cards were given explicitly (ISS).
        dealer: the table position (0..2, clockwise) of the dealer; with three players the
            dealer sits in rearhand and position ``(dealer + 1) % 3`` is forehand (see
            :func:`seat_of_player`, :func:`draw_seats`).
        actions: the actions so far, in order.
        actors: the seat that made each action (−1: the table itself, e.g. a timeout).
        claim_check: what decides a claim (:data:`ClaimCheck`; the solver's layer hands in
            :func:`skat.claim.settle`); None: every claim is refused. Every state after this
            one keeps it; it is no part of the deal's value (not compared, not printed).
    """

    options: Options
    deal: Deal
    dealer: int = 0
    actions: tuple[Action, ...] = ()
    actors: tuple[int, ...] = ()
    claim_check: ClaimCheck | None = field(default=None, compare=False, repr=False, hash=False)
    _c: Core = field(default=None, compare=False, repr=False, hash=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self._c is None:
            # built directly: derive everything by replaying the actions (``actors`` may be
            # left empty when every action was made in turn)
            s = State._make(
                self.options,
                self.deal,
                self.dealer,
                (),
                (),
                initial_core(self.deal, self.options),
                self.claim_check,
            )
            actors: tuple[int | None, ...] = self.actors or (None,) * len(self.actions)
            if len(actors) != len(self.actions):
                raise IllegalActionError(
                    f"{len(self.actions)} actions but {len(self.actors)} actors"
                )
            for action, actor in zip(self.actions, actors, strict=True):
                seat = None if actor is None or actor < 0 or actor == s._c.player else actor
                s = s.apply(action, seat=seat)
            object.__setattr__(self, "actors", s.actors)
            object.__setattr__(self, "_c", s._c)

    @staticmethod
    def _make(
        options: Options,
        d: Deal,
        dealer: int,
        actions: tuple[Action, ...],
        actors: tuple[int, ...],
        core: Core,
        claim_check: ClaimCheck | None,
    ) -> State:
        s = object.__new__(State)
        object.__setattr__(s, "options", options)
        object.__setattr__(s, "deal", d)
        object.__setattr__(s, "dealer", dealer)
        object.__setattr__(s, "actions", actions)
        object.__setattr__(s, "actors", actors)
        object.__setattr__(s, "claim_check", claim_check)
        object.__setattr__(s, "_c", core)
        return s

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        number: int,
        options: Options,
        dealer: int = 0,
        *,
        claim_check: ClaimCheck | None = None,
    ) -> State:
        """The start of the deal of ``number`` (see :mod:`skat.deal`); ``claim_check`` decides
        the claims of the deal (:data:`ClaimCheck`; None refuses them).

        Raises:
            NotationError: ``number`` is not a deal number.
        """
        d = deal(number)
        return cls._make(options, d, dealer, (), (), initial_core(d, options), claim_check)

    @classmethod
    def from_deal(
        cls,
        d: Deal,
        options: Options,
        dealer: int = 0,
        *,
        claim_check: ClaimCheck | None = None,
    ) -> State:
        """The start of a deal with explicit cards (e.g. from an ISS record); ``claim_check`` as
        in :meth:`new`.

        Raises:
            NotationError: the hands are not 10, 10, 10 and 2 distinct cards.
        """
        masks = [h.mask for h in d.hands] + [d.skat.mask]
        if [m.bit_count() for m in masks] != [10, 10, 10, 2] or (
            masks[0] | masks[1] | masks[2] | masks[3]
        ) != 0xFFFFFFFF:
            raise NotationError("a deal needs 10 + 10 + 10 cards and a skat of 2, all distinct")
        return cls._make(options, d, dealer, (), (), initial_core(d, options), claim_check)

    def prefix(self, n: int) -> State:
        """The state after the first ``n`` of this deal's actions (0: its start), with the same
        options, cards, dealer and claim check; ``state.prefix(len(state.actions)) == state``.

        Raises:
            ValueError: ``n`` is not in ``0 .. len(actions)``.
        """
        if not 0 <= n <= len(self.actions):
            raise ValueError(f"no prefix of {n} actions in a deal of {len(self.actions)}")
        return State(
            self.options,
            self.deal,
            self.dealer,
            self.actions[:n],
            self.actors[:n],
            claim_check=self.claim_check,
        )

    # -- the state machine ----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._c.phase

    @property
    def current_player(self) -> Seat | None:
        """The seat to act, None when the deal is over."""
        p = self._c.player
        return None if p < 0 else Seat(p)

    def is_terminal(self) -> bool:
        """True when the deal is over (phase ``result``)."""
        return self._c.phase == Phase.RESULT

    def legal_actions(self) -> list[Action]:
        """The legal actions of :attr:`current_player`, sorted; empty when terminal.

        ISS-only moves that are not part of the game's turn order (a defender's resignation,
        showing the cards, timeouts) are accepted by :meth:`apply` but not listed here; nor are
        the claims (:meth:`claim_actions`), which only the open-hand check can allow.
        """
        c = self._c
        if c.legal is None:
            c.legal = tuple(legal(c, self.options))
        return list(c.legal)

    def claim_actions(self) -> list[Action]:
        """The claims :attr:`current_player` may attempt now (house rule ``claims``): ``[CL]``
        for the declarer, ``[CD]`` for a defender in the card play of a declared game, else
        ``[]``. :meth:`apply` checks whether the claim holds (:mod:`skat.claim`)."""
        return claim_moves(self._c, self.options)

    def apply(self, action: Action | str, seat: int | None = None) -> State:
        """The state after ``action``; this state is unchanged.

        Args:
            action: an :class:`Action` or its notation.
            seat: who acts, for the moves made out of turn (a defender's ``RE``, the declarer's
                ``SC``); None (or the current player) for an ordinary turn. ``TI.n``/``LE.n``
                are the table's own moves and need no seat.

        Raises:
            NotationError: ``action`` is a string that is no action.
            IllegalActionError: the action is not legal now; the message names the action, the
                seat and the phase (:class:`~skat.errors.IllegalExchangeError` for an exchange a
                Revolution does not allow, with its reason).
            ClaimError: a claim that does not hold (an ``IllegalActionError`` carrying the line
                of play that beats it).
        """
        if isinstance(action, str):
            action = Action.parse(action)
        c = self._c
        kind = action.kind
        if kind in (ActionKind.TIMEOUT, ActionKind.LEAVE):
            return self._apply_penalty(action)
        actor = c.player if seat is None else int(seat)
        if kind in (ActionKind.CLAIM, ActionKind.DEFENDERS_CLAIM):
            return self._apply_claim(action, actor)
        if actor != c.player or (kind in (ActionKind.SHOW, ActionKind.CONCEDE)):
            return self._apply_out_of_turn(action, actor)
        if kind == ActionKind.CARD and c.phase == Phase.PLAY:
            led = c.trick[0] if c.trick else None
            card = action.value
            if not (0 <= card < 32 and legal_cards(c.hands[actor], led, c.game) >> card & 1):
                raise self._illegal(action, actor)
        elif c.phase == Phase.EXCHANGE:
            refusal = exchange_refusal(c, action)
            if refusal:
                reason, _, why = refusal.partition(": ")
                raise IllegalExchangeError(str(self._illegal(action, actor, why)), reason)
        else:
            if c.legal is None:
                c.legal = tuple(legal(c, self.options))
            if action not in c.legal:
                raise self._illegal(action, actor)
        n = c.copy()
        advance(n, action, self.options)
        return State._make(
            self.options,
            self.deal,
            self.dealer,
            (*self.actions, action),
            (*self.actors, actor),
            n,
            self.claim_check,
        )

    def _illegal(self, action: Action, actor: int, why: str = "") -> IllegalActionError:
        who = Seat(actor).name.lower() if 0 <= actor <= 2 else f"seat {actor}"
        c = self._c
        if not why:
            if c.phase == Phase.RESULT:
                why = "the deal is over"
            elif actor != c.player:
                why = f"it is {Seat(c.player).name.lower()}'s turn"
            else:
                why = f"legal: {listed(self.legal_actions())}"
        return IllegalActionError(
            f"illegal action {str(action)!r} by {who} in phase {c.phase.value!r}: {why}"
        )

    def _apply_claim(self, action: Action, actor: int) -> State:
        """``CL`` / ``CD``: the claim of the seat to play, which ends the game if it holds."""
        c = self._c
        if actor != c.player or action not in claim_moves(c, self.options):
            why = ""
            if not self.options.claims:
                why = "claims are not played at this table (the rule option 'claims' is off)"
            elif c.phase == Phase.PLAY and c.declarer >= 0 and actor == c.player:
                who = "the declarer" if actor == c.declarer else "a defender"
                why = f"{who} claims with {'CL' if actor == c.declarer else 'CD'}"
            raise self._illegal(action, actor, why)
        if self.claim_check is None:
            raise self._illegal(
                action, actor, "claims need the open-hand check, and none was given to this deal"
            )
        facts = self.claim_check(self, action)
        n = c.copy()
        n.claimed = facts
        n.ending = Ending.CLAIMED
        n.phase = Phase.RESULT
        n.player = -1
        return State._make(
            self.options,
            self.deal,
            self.dealer,
            (*self.actions, action),
            (*self.actors, actor),
            n,
            self.claim_check,
        )

    def _apply_out_of_turn(self, action: Action, actor: int) -> State:
        """``RE`` (concede/resign) and ``SC`` (show cards), possibly out of turn."""
        c = self._c
        kind = action.kind
        if actor not in (0, 1, 2):
            raise self._illegal(action, actor, "no such seat")
        if c.phase != Phase.PLAY or c.declarer < 0:
            raise self._illegal(action, actor)
        n = c.copy()
        if kind == ActionKind.SHOW and actor == c.declarer:
            n.shown = True
        elif kind == ActionKind.CONCEDE and actor == c.declarer:
            if c.tricks:
                raise self._illegal(
                    action, actor, "the declarer may concede only until the first trick is complete"
                )
            n.ending = Ending.CONCEDED
            n.phase = Phase.RESULT
            n.player = -1
        elif kind == ActionKind.CONCEDE:
            n.resigned |= 1 << actor
            if n.resigned.bit_count() == 2:
                n.ending = Ending.RESIGNED
                n.phase = Phase.RESULT
                n.player = -1
        else:
            raise self._illegal(action, actor)
        return State._make(
            self.options,
            self.deal,
            self.dealer,
            (*self.actions, action),
            (*self.actors, actor),
            n,
            self.claim_check,
        )

    def _apply_penalty(self, action: Action) -> State:
        """``TI.n``/``LE.n``: before the declaration no game; after it the game is decided."""
        c = self._c
        seat = action.value
        if c.phase == Phase.RESULT:
            raise self._illegal(action, -1)
        n = c.copy()
        n.penalty_seat = seat
        n.penalty_kind = "timeout" if action.kind == ActionKind.TIMEOUT else "left"
        if c.phase in (Phase.PLAY, Phase.KONTRA, Phase.EXCHANGE) and c.declarer >= 0:
            n.ending = Ending.CONCEDED if seat == c.declarer else Ending.RESIGNED
        else:
            n.ending = Ending.PENALTY
        n.phase = Phase.RESULT
        n.player = -1
        return State._make(
            self.options,
            self.deal,
            self.dealer,
            (*self.actions, action),
            (*self.actors, -1),
            n,
            self.claim_check,
        )

    # -- derived views --------------------------------------------------------------------
    @property
    def number(self) -> int:
        """The deal number (−1 when the cards were given explicitly)."""
        return self.deal.number

    @property
    def ending(self) -> Ending:
        """How the deal ended (``Ending.NONE`` while it runs)."""
        return self._c.ending

    @property
    def auction(self) -> Auction:
        """The auction (bids, who bid or held, the final bid)."""
        return self._c.auction

    @property
    def bid(self) -> int:
        """The final (or current) bid in game points, 0 if none."""
        return self._c.auction.value

    @property
    def declarer(self) -> Seat | None:
        """The declarer once the auction found one."""
        d = self._c.declarer
        return None if d < 0 else Seat(d)

    @property
    def contract(self) -> Contract | None:
        """The contract once declared (Ramsch: ``Contract(GameType.RAMSCH)``)."""
        return self._c.contract

    @property
    def kontra(self) -> int:
        """0 none, 1 Kontra, 2 Re, 3 Supra."""
        return self._c.kontra

    @property
    def pushes(self) -> int:
        """Schieberamsch: how many players passed the skat on unseen."""
        return len(self._c.pushers)

    @property
    def resigned(self) -> int:
        """Bit mask of the defenders who resigned (``RE``)."""
        return self._c.resigned

    @property
    def shown(self) -> bool:
        """The declarer's hand is public: an ouvert game, or the declarer showed it (``SC``)."""
        c = self._c
        return c.shown or (c.contract is not None and c.contract.ouvert)

    @property
    def penalty(self) -> tuple[int, str] | None:
        """``(seat, "timeout" | "left")`` when a seat timed out or left, else None."""
        c = self._c
        return None if c.penalty_seat < 0 else (c.penalty_seat, c.penalty_kind)

    def hand(self, seat: int) -> int:
        """The current cards of ``seat`` as a mask."""
        return self._c.hands[seat]

    def hands(self) -> tuple[CardSet, CardSet, CardSet]:
        """The current hands by seat."""
        h = self._c.hands
        return (CardSet(h[0]), CardSet(h[1]), CardSet(h[2]))

    @property
    def skat(self) -> int:
        """The cards lying in the skat now (mask): dealt, discarded or last pushed; 0 while a
        player holds them after picking them up."""
        return self._c.skat

    def discard(self, seat: int) -> int:
        """The cards ``seat`` put away or pushed on (mask; 0 if none)."""
        return self._c.discards[seat]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return self._c.tricks

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the current trick, in playing order."""
        return self._c.trick

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return self._c.leader

    def won_cards(self, seat: int) -> int:
        """The cards of the tricks ``seat`` took (mask)."""
        return self._c.won[seat]

    def tricks_won(self, seat: int) -> int:
        """The number of tricks ``seat`` took."""
        return self._c.won_count[seat]

    def card_points(self) -> tuple[int, int, int]:
        """Card points per seat in the tricks taken so far (without the skat)."""
        w = self._c.won
        return (points(w[0]), points(w[1]), points(w[2]))

    @property
    def played(self) -> int:
        """The mask of the cards played so far."""
        c = self._c
        mask = c.won[0] | c.won[1] | c.won[2]
        for card in c.trick:
            mask |= 1 << card
        return mask

    def declarer_facts(self) -> tuple[int, int, int]:
        """``(declarer_points, declarer_tricks, defender_tricks)`` as counted for the result.

        The declarer's points include the skat (or his discard). When the defenders resigned,
        every card not in their tricks and all tricks not yet complete go to the declarer (ISS),
        except in Null, where nothing moves. After a claim that held, the figures the claim
        settled (:func:`skat.claim.settle`).

        Raises:
            IllegalActionError: there is no declarer.
        """
        c = self._c
        d = c.declarer
        if d < 0:
            raise IllegalActionError(f"no declarer in phase {c.phase.value!r}")
        if c.ending == Ending.CLAIMED and c.claimed is not None:
            return c.claimed
        defenders = [s for s in (0, 1, 2) if s != d]
        def_tricks = c.won_count[defenders[0]] + c.won_count[defenders[1]]
        if c.ending == Ending.RESIGNED and c.game != GameType.NULL:
            def_mask = c.won[defenders[0]] | c.won[defenders[1]]
            return 120 - points(def_mask), 10 - def_tricks, def_tricks
        return points(c.won[d] | c.skat), c.won_count[d], def_tricks

    def result(self) -> GameResult | RamschResult | None:
        """The scored result once the deal is over; None while it runs, for an all-pass new deal
        and for a timeout or leave before the declaration.

        Source: :mod:`skat.scoring`.
        """
        c = self._c
        if c.result is not False:
            return c.result  # type: ignore[return-value]
        res: GameResult | RamschResult | None = None
        if c.phase == Phase.RESULT and c.contract is not None and c.ending != Ending.PENALTY:
            if c.game == GameType.RAMSCH:
                w = c.won
                last = c.tricks[-1].winner
                res = score_ramsch(
                    (points(w[0]), points(w[1]), points(w[2])),
                    c.won_count,
                    points(c.skat),
                    last,
                    pushes=len(c.pushers),
                    pushed_by=c.pushers,
                    options=self.options,
                )
            else:
                d = c.declarer
                dp, dt, ft = self.declarer_facts()
                res = score_game(
                    c.contract,
                    bid=c.auction.value,
                    matador_cards=self.deal.hands[d].mask | self.deal.skat.mask,
                    declarer_points=dp,
                    declarer_tricks=dt,
                    defender_tricks=ft,
                    kontra=c.kontra,
                    conceded=c.ending == Ending.CONCEDED,
                    claim=self.claim_step(),
                    options=self.options,
                )
        c.result = res
        return res

    def claim_step(self) -> Step | None:
        """The step of the result's explanation that names the claim that ended the game:
        ``claim_rest`` (the declarer took the rest), ``claim_null`` (his Null was safe) or
        ``claim_defenders`` (a defender showed that he cannot win), its value the tricks the
        claim settled and its seat the claimant; None if no claim ended the game."""
        c = self._c
        if c.ending != Ending.CLAIMED or not self.actions:
            return None
        rest, null, defenders = CLAIM_CODES
        if self.actions[-1].kind == ActionKind.CLAIM:
            code = null if c.game == GameType.NULL else rest
        else:
            code = defenders
        return Step(code, 10 - len(c.tricks), self.actors[-1])

    def information_state(self, seat: int) -> InformationState:
        """Exactly what ``seat`` may know now (see :class:`InformationState`)."""
        c = self._c
        seat = Seat(seat)
        public: list[tuple[int, Action]] = []
        for actor, action in zip(self.actors, self.actions, strict=True):
            if action.kind == ActionKind.DISCARD and actor != seat:
                action = HIDDEN_DISCARD
            elif action.kind == ActionKind.EXCHANGE and seat == c.declarer:
                # the defenders pass their cards face down: the declarer sees how many
                action = Action.exchange(-action.value.bit_count())
            public.append((actor, action))
        ouvert = c.hands[c.declarer] if c.declarer >= 0 and self.shown else None
        legal = tuple(self.legal_actions()) if c.player == seat else ()
        received = exchange_count = None
        if c.contract is not None and c.contract.revolution and seat != c.declarer:
            first, second = exchange_seats(c.declarer)
            partner = second if seat == first else first
            received = c.passed[partner]
            if c.phase == Phase.EXCHANGE and c.player == seat and seat == second:
                exchange_count = received.bit_count()
        return InformationState(
            seat=seat,
            phase=c.phase,
            current_player=self.current_player,
            options=self.options,
            hand=c.hands[seat],
            skat=c.seen[seat] if c.seen[seat] else None,
            discard=c.discards[seat] if c.discards[seat] else None,
            bids=c.bids,
            declarer=self.declarer,
            contract=c.contract,
            bid=c.auction.value,
            ouvert_hand=ouvert,
            tricks=c.tricks,
            trick=c.trick,
            leader=c.leader,
            kontra=c.kontra,
            pushes=len(c.pushers),
            actions=tuple(public),
            played=self.played,
            received=received,
            exchange_count=exchange_count,
            _legal=legal,
        )
