"""Every sentence the web page's code says to a person, in one place (the templates hold the
rest), so the languages can wrap them."""

from __future__ import annotations

BOARD_AWAY = "The board is not reachable: is aseb run running? The page tries again by itself."
PIN_WRONG = "That is not the PIN."
PIN_WAIT = "Too many wrong PINs: try again in {seconds} seconds."
PIN_SAID = "The board has said a new PIN aloud and written it in its log."
PIN_SAY_WAIT = "The board has just said a PIN: wait a little before asking again."
PIN_FIXED = "This board's PIN is set in its board file: ask its owner."
OWNER_ONLY = "Enter the board's PIN first."
FORM_STALE = "The form has expired: reload the page and try again."
SAVED = "Saved: the board plays with these settings now."
NEW_GAME = "The board begins a new game."
INVITE_GONE = "This link has been used or has expired: ask for a new one."
INVITE_PIN_WRONG = "That is not the PIN that came with the link."
REMOTE_ONLY = "Only the remote player may do that."
REMOTE_ENDED = "Nobody plays from afar now."
NO_RECORD = "There is no such game."
TOO_MANY = "Too many pages are watching the board: try again later."
NOT_FOUND = "There is no such page."
