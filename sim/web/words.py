"""Every sentence the web page's code says to a person, in one place (the templates hold the
rest), marked for the catalog with ``N_`` and said in the page's language with ``_`` where
shown (``sim.web.language`` chooses that language for each request)."""

from __future__ import annotations

from firmware.words import N_

BOARD_AWAY = N_("The board is not reachable: is aseb run running? The page tries again by "
                "itself.")
PIN_WRONG = N_("That is not the PIN.")
PIN_WAIT = N_("Too many wrong PINs: try again in {seconds} seconds.")
PIN_SAID = N_("The board has said a new PIN aloud, lit it on its squares and written it in "
              "its log.")
PIN_SAY_WAIT = N_("The board has just said a PIN: wait a little before asking again.")
PIN_FIXED = N_("This board's PIN is set in its board file: ask its owner.")
OWNER_ONLY = N_("Enter the board's PIN first.")
FORM_STALE = N_("The form has expired: reload the page and try again.")
FORM_UNREAD = N_("The form could not be read.")
SAVED = N_("Saved: the board plays with these settings now.")
NEW_GAME = N_("The board begins a new game.")
INVITE_GONE = N_("This link has been used or has expired: ask for a new one.")
INVITE_PIN_WRONG = N_("That is not the PIN that came with the link.")
INVITE_SIDE = N_("Choose the side your friend plays: cones or reels.")
REMOTE_ONLY = N_("Only the remote player may do that.")
REMOTE_ENDED = N_("Nobody plays from afar now.")  # also the script's "remote_ended"
SEND_JSON = N_("Send a JSON object.")
NAME_THE_MOVE = N_("Name the move, as the list shows it.")
NO_RECORD = N_("There is no such game.")
TOO_MANY = N_("Too many pages are watching the board: try again later.")
TOO_BIG = N_("The request is too big.")
HEADERS_TOO_BIG = N_("The request's headers are too big.")
NOT_HERE = N_("This board's page is not served under this name: its owner can add the name to "
              "the board file's web section (hosts).")
ELSEWHERE = N_("Refused: this request came from another site.")
PIN_WAITS = N_("It becomes the PIN once it is entered here, within ten minutes; until then "
               "the old PIN still works.")
PIN_ASK_ELSEWHERE = N_("Only the board's owner can ask it for a PIN, not a friend playing from "
                       "afar.")
LEFT_EVERYWHERE = N_("The owner is logged out everywhere: enter the PIN again on each phone "
                     "or computer.")
NOT_YOUR_TURN = N_("It is not your turn: wait for the board.")
NOT_YOUR_MOVE = N_("That is not one of your moves now: choose one of the moves shown.")
NOT_A_CHOICE = N_("{setting}: choose one of the choices shown.")
INVITE_ENDED = N_("Your invitation has ended: ask the board's owner for a new one.")
NOT_FOUND = N_("There is no such page.")
TOURNAMENT = N_("Setna's tournament")
TOURNAMENT_SIDES = N_("Prince Setna plays the {setna}, the mummy of Neferkaptah the {mummy}.")
START = N_("{side} had {chance} to win at the start ({how}).")
REVIEW_TITLE = N_("{game}, {when}")
REVIEW_PLAYERS = N_("{first} against {second}, {first} throwing first: {winner} won.")
REVIEW_EXACT = N_("The chances here are exact: every position of this game is known to the "
                  "board.")
REVIEW_ESTIMATED = N_("The chances here are the mummy's estimates: it looked ahead from each "
                      "position.")
FAR_CODE = N_("A game code is six digits.")
METRICS_ELSEWHERE = N_("The board's figures are read only from the addresses its board file "
                       "names (its web section: metrics).")

SCRIPT = {
    "cones": N_("Cones"),
    "reels": N_("Reels"),
    "last": N_("Last move: {side} {move}"),
    "last_said": N_("Last move: {move}."),
    "count": N_("{waiting} waiting, {off} off"),
    "threw": N_("{side} threw {n}"),
    "thrown": N_("Thrown: {n}"),
    "chances": N_("Chances to win: Cones {cones}, Reels {reels}"),
    "estimated": N_("Chances to win, estimated: Cones {cones}, Reels {reels}"),
    "chosen": N_("You play {move}: the owner moves your piece."),
    "refused": N_("The board did not take it."),
    "your_throw": N_("Press Throw: the board draws your throw."),
    "your_move": N_("Choose your move: it lights on the wooden board, and the board's owner "
                    "moves your piece."),
    "remote_note": N_("You play the {side} from afar. If your connection drops, the game "
                      "waits for you: open this page again."),
    "remote_ended": N_("Nobody plays from afar now."),
    "lost": N_("The page lost the board: it tries again by itself."),
}
"""The words the page's script writes as the board's events arrive (handed to it, said, in
the page's ``data-words``)."""

SIGNS = {
    "ankh": N_("Ankh"), "nefer": N_("Nefer"), "rebirth": N_("House of Rebirth"),
    "happiness": N_("House of Happiness"), "water": N_("House of Water"),
    "three": N_("House of Three Truths"), "two": N_("House of Re-Atum"),
    "horus": N_("House of Horus"), "last": N_("The last square"), "king": N_("The king"),
    "son-of-ra": N_("Son of Ra"), "amun-ra": N_("Amun-Ra"), "ra-harakhty": N_("Ra-Harakhty"),
    "ptah": N_("Ptah"),
}
"""The marked squares' signs (the geometry's ``marked``), named where the page draws them."""
CHANCE_GRAPH = N_("The Cones' chance to win over the game")
DAYS_GRAPH = N_("Games per day")
WINS_GRAPH = N_("Visitors' games against the mummy, played to the end")
VISITORS = N_("Visitors")
THE_MUMMY = N_("The mummy")
DURATIONS_GRAPH = N_("Finished games by their length in minutes")
