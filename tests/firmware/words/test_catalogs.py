"""The catalogs: extracted from the marked words, complete in every language, placeholders kept,
the committed .mo files compiled from their .po; the language chosen as the guide says."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog

from engine.core.events import Bumped, Scored
from engine.core.sides import Side
from engine.core.words import N_, nphrase, phrase, side_name
from engine.text import event_text
from firmware import words
from firmware.words import catalog
from firmware.words.catalog import PLACEHOLDER, po_path, pseudo, read_po

EVERY = (*words.LANGUAGES, words.PSEUDO)


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    words.use("en")


def test_the_catalogs_are_up_to_date_with_the_marked_words() -> None:
    """`make catalog` was run: the template holds every marked word, each .po and .mo follows
    it (a failure here: run `make catalog` and commit what it writes)."""
    assert catalog.main(["--check"]) == 0


def template() -> Catalog:
    return read_po(catalog.TEMPLATE)


def test_the_template_holds_the_facts_the_lessons_the_story_and_the_rules_pages() -> None:
    ids = {m.id for m in template()}
    assert "Shake the stick box, then stand it upright" in ids  # the tutorial (board)
    assert any(str(i).startswith("The game of Twenty Squares was played") for i in ids)  # facts
    assert any(str(i).startswith("Long ago, in the days of Ramses") for i in ids)  # Setna
    assert "Capture by swapping" in ids or any("House of Water" in str(i) for i in ids)  # rules
    assert ("{side} score {n} point.", "{side} score {n} points.") in ids  # a plural
    assert len(ids) > 500


@pytest.mark.parametrize("language", EVERY)
def test_every_catalog_has_every_message(language: str) -> None:
    wanted = {m.id for m in template() if m.id}
    found = {m.id for m in read_po(po_path(language)) if m.id}
    assert found == wanted


@pytest.mark.parametrize("language", [lang for lang in words.LANGUAGES if lang != "en"])
def test_every_message_is_translated_into_every_language(language: str) -> None:
    """A player never meets English in another language: every message has its translation
    (every plural form too); English speaks the messages themselves."""
    untranslated = [m.id for m in read_po(po_path(language)) if m.id and (
        not all(m.string) if isinstance(m.string, tuple) else not m.string)]
    assert untranslated == []


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", EVERY)
def test_every_translation_keeps_the_placeholders_of_its_message(language: str) -> None:
    made = read_po(po_path(language))
    wrong = []
    for message in made:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = placeholders(ids[-1])
        for form in strings:
            if form and placeholders(form) != wanted and not (
                    len(ids) > 1 and set(placeholders(form)) <= set(wanted)):
                wrong.append((message.id, form))
    assert wrong == []
    assert [problem for _message, problem in made.check()] == []  # Babel's own checkers


def test_each_language_has_its_own_plural_forms_arabic_six() -> None:
    """Babel writes each catalog's Plural-Forms from CLDR: Arabic six, English and German two,
    French, Italian and Spanish three in the CLDR Babel ships (a "many" for millions)."""
    assert read_po(po_path("ar")).num_plurals == 6
    assert read_po(po_path("en")).num_plurals == read_po(po_path("de")).num_plurals == 2
    for language in ("fr", "it", "es"):
        assert read_po(po_path(language)).num_plurals >= 2


def test_the_pseudo_language_brackets_and_accents_but_keeps_placeholders() -> None:
    assert pseudo("Shake the sticks, {side}.") == "[Šĥàķé ţĥé šţîçķš, {side}.]"
    assert pseudo("%(n)d left") == "[%(n)d ļéƒţ]"


def test_an_engine_phrase_is_said_in_the_language_spoken(english_after: None) -> None:
    bump = event_text(Bumped(Side.REELS, "M6"))
    assert bump == "Bump! The Reel on M6 goes back to the start."
    assert words.say(bump) == bump
    words.use(words.PSEUDO)
    assert words.say(bump) == "[Ɓûṁƥ! Ţĥé [Ŕééļ] ôñ M6 ĝôéš ƀàçķ ţô ţĥé šţàŕţ.]"
    assert words.say(event_text(Scored(Side.CONES, 1))) == "[[Çôñéš] šçôŕé 1 ƥôîñţ.]"
    assert words.say(event_text(Scored(Side.CONES, 3))) == "[[Çôñéš] šçôŕé 3 ƥôîñţš.]"


def test_plural_forms_follow_the_languages_rules() -> None:
    arabic = gettext.GNUTranslations.__new__(gettext.GNUTranslations)
    arabic.plural = gettext.c2py(read_po(po_path("ar")).plural_expr)  # type: ignore[attr-defined]
    assert [arabic.plural(n) for n in (0, 1, 2, 5, 11, 100)] == [0, 1, 2, 3, 4, 5]
    message = nphrase("{n} point", "{n} points", 2)
    assert str(message) == "2 points" and str(nphrase("{n} point", "{n} points", 1)) == "1 point"
    assert phrase(N_("{side} win!"), side=side_name(Side.REELS)) == "Reels win!"


def test_the_language_is_the_flag_then_the_setting_then_the_board_then_lang() -> None:
    environ = {"LANG": "de_DE.UTF-8"}
    assert words.choose("fr", "it", "es", environ) == "fr"
    assert words.choose(None, "it", "es", environ) == "it"
    assert words.choose(None, None, "es", environ) == "es"
    assert words.choose(None, None, None, environ) == "de"
    assert words.choose(None, None, None, {"LANGUAGE": "xx:ar", "LANG": "de"}) == "ar"
    assert words.choose(None, None, None, {"LANG": "C.UTF-8"}) == "en"


def test_an_unknown_language_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        words.use("xx")


@pytest.mark.parametrize("language", EVERY)
def test_every_language_loads_from_the_committed_mo(language: str,
                                                    english_after: None) -> None:
    words.use(language)
    assert words.language() == language
    assert words.voice() == words.VOICES[language]
    made = read_po(po_path(language)).get("Cones")  # a translated language speaks its own word
    assert made is not None
    assert words._("Cones") == (made.string or "Cones")
    assert language != words.PSEUDO or words._("Cones") == "[Çôñéš]"
