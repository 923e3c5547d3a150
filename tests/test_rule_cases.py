"""Every worked case of shared/rule_cases.md, named after the RULES.md rows it covers.

Each case checks the analysis (may the hand listen, its legal waits, 卡当 of the
winning tile) and the settlement of the case's situation under the default
rules, plus the variant results the case states.
"""

from __future__ import annotations

from game.core.rules import PRESETS, RuleSet
from game.core.tiles import kind_code

from .helpers import pay, report, seats, waits

STANDARD = RuleSet()


def test_R32_R38_C01_7889_waiting_8_is_kadang() -> None:
    rep = report("234s 7889m", chi="123m", peng="555p")
    assert rep.ting_allowed
    assert waits(rep) == {"8m": True}
    assert pay("ron", "S", "E", ting=True, kadang=True) == seats("E -2 S +6 W -2 N -2")


def test_R32_C02_67789_win_on_8_is_not_kadang() -> None:
    rep = report("67789s 44m", chi="123m", peng="999p")
    assert waits(rep) == {"5s": False, "8s": False}
    assert pay("zimo", "S") == seats("E -2 S +6 W -2 N -2")


def test_R32_R36_C03_22s_67789m_win_8m_not_ready_discarder_covers() -> None:
    rep = report("22s 67789m", chi="123p", peng="444s")
    assert waits(rep) == {"5m": False, "8m": False}
    assert pay("ron", "W", "S", ting=False) == seats("S -5 W +5")
    assert pay("ron", "W", "S", rules=PRESETS["S0"].replace(menqing_scheme="flat3")) == seats("S -3 W +3")
    assert pay("ron", "W", "S", rules=PRESETS["S4"]) == seats("S -3 E -1 N -1 W +5")


def test_R21_R32_R37_C04_78889_plus_pair_two_waits_not_kadang() -> None:
    rep = report("78889m 33s", chi="123p", chi2="456s")
    assert rep.ting_allowed
    assert waits(rep) == {"8m": False, "3s": False}
    assert pay("zimo", "N", menqing="E") == seats("E -3 S -2 W -2 N +7")
    assert pay("zimo", "N", menqing="E", rules=STANDARD.replace(menqing_scheme="double")) == seats(
        "E -4 S -2 W -2 N +8"
    )


def test_R32_C05_67889p_waiting_7p_is_not_kadang() -> None:
    rep = report("67889p 44m", chi="123m", peng="999s")
    assert waits(rep) == {"7p": False}
    assert pay("ron", "E", "W", ting=True) == seats("E +3 S -1 W -1 N -1")


def test_R32_C07_edge_wait_12_to_3_is_not_kadang() -> None:
    rep = report("12m 456s 99p", chi="234p", peng="777s")
    assert waits(rep) == {"3m": False}
    assert waits(report("12m 456s 99p", STANDARD.replace(kadang_edge_3_7=True), chi="234p", peng="777s")) == {
        "3m": True
    }
    assert pay("zimo", "W", menqing="SN") == seats("E -2 S -3 W +8 N -3")


def test_R21_C09_two_pairs_duidao_may_ting() -> None:
    rep = report("456p 789s 55s 88p", chi="123m")
    assert rep.ting_allowed
    assert waits(rep) == {"8p": False, "5s": False}
    assert pay("ron", "E", "S", ting=True, menqing="WN") == seats("E +7 S -1 W -3 N -3")
    assert pay(
        "ron", "E", "S", ting=True, menqing="WN", rules=STANDARD.replace(menqing_scheme="double")
    ) == (seats("E +5 S -1 W -2 N -2"))


def test_R21_C10_no_triplet_anywhere_is_illegal() -> None:
    rep = report("456p 789s 55s 79p", chi="123m")
    assert not rep.ting_allowed
    assert rep.blockers == ("no_triplet",)
    assert rep.waits == ()


def test_R21_C12_one_suit_is_illegal() -> None:
    rep = report("456m 77m 88m", chi="123m", peng="999m")
    assert not rep.ting_allowed
    assert rep.blockers == ("single_suit",)
    assert report(
        "456m 77m 88m", STANDARD.replace(allow_qingyise=True), chi="123m", peng="999m"
    ).ting_allowed


def test_R21_C14_no_yaojiu_is_illegal() -> None:
    rep = report("345s 678s 6m", chi="234m", peng="555p")
    assert rep.blockers == ("no_yaojiu",)


def test_R12_R17_C16_angang_does_not_open() -> None:
    rep = report("123m 789s 55s 68p", angang="4444p")
    assert rep.blockers == ("not_open",)
    assert report("123m 789s 55s 68p", STANDARD.replace(angang_opens=True), angang="4444p").ting_allowed


def test_R24_C18_all_triplets_is_illegal() -> None:
    rep = report("555s 77s 88m", peng="111m", peng2="999p")
    assert rep.blockers == ("no_sequence",)
    assert report(
        "555s 77s 88m", STANDARD.replace(allow_duiduihu=True), peng="111m", peng2="999p"
    ).ting_allowed


def test_R21_C19_5556s_only_6s_is_legal() -> None:
    rep = report("5556s 345p", chi="123m", chi2="789p")
    assert {kind_code(k) for k in rep.shape_waits} == {"4s", "6s", "7s"}
    assert waits(rep) == {"6s": False}
    literal = STANDARD.replace(kezi_check="listen_literal")
    assert set(waits(report("5556s 345p", literal, chi="123m", chi2="789p"))) == {"4s", "6s", "7s"}
    assert pay("zimo", "E", menqing="N") == seats("E +7 S -2 W -2 N -3")


def test_R35_R37_R38_C22_seed_S1_example_2_fourteen_points() -> None:
    rep = report("68p 456m 99m", peng="333s", chi="789s")
    assert waits(rep) == {"7p": True}
    assert pay("ron", "S", "W", ting=True, kadang=True, menqing="EN") == seats("E -6 S +14 W -2 N -6")
    double = STANDARD.replace(menqing_scheme="double")
    assert pay("ron", "S", "W", ting=True, kadang=True, menqing="EN", rules=double)["S"] == 10
    s4 = PRESETS["S4"]
    assert pay("ron", "S", "W", ting=True, kadang=True, menqing="EN", rules=s4)["S"] == 6


def test_R27_R28_R34_C23_seed_S1_example_1_nine_points_mobao() -> None:
    rep = report("23m 55p", chi="567p", peng="111m", chi2="345s")
    assert rep.ting_allowed
    assert waits(rep) == {"1m": False, "4m": False}
    assert pay("mobao", "E") == seats("E +9 S -3 W -3 N -3")
    assert pay("mobao", "E", rules=PRESETS["S4"])["E"] == 12


def test_R35_R37_C24_seed_S0_example_a() -> None:
    rep = report("56m 234p 77s", chi="789s", peng="111p")
    assert waits(rep) == {"4m": False, "7m": False}
    assert pay("ron", "E", "N", ting=True, menqing="WS") == seats("E +7 S -3 W -3 N -1")
    assert pay("ron", "E", "N", ting=True, menqing="WS", rules=PRESETS["S0"]) == seats(
        "E +5 S -2 W -2 N -1"
    )


def test_R36_R37_C25_seed_S0_example_b() -> None:
    rep = report("45p 678m 11s", chi="234s", peng="888m")
    assert waits(rep) == {"3p": False, "6p": False}
    assert pay("ron", "E", "N", ting=False, menqing="WS") == seats("E +9 N -9")
    assert pay("ron", "E", "N", ting=False, menqing="WS", rules=PRESETS["S0"]) == seats("E +5 N -5")


def test_R35_R36_S0_base_checks_without_a_hand() -> None:
    assert pay("ron", "E", "N", ting=True) == seats("E +3 S -1 W -1 N -1")
    assert pay("ron", "E", "N", ting=False) == seats("E +5 N -5")
    assert pay("ron", "E", "N", ting=False, rules=PRESETS["S0"]) == seats("E +3 N -3")
    assert pay("zimo", "E") == seats("E +6 S -2 W -2 N -2")
    assert pay("mobao", "E") == seats("E +9 S -3 W -3 N -3")
    assert pay("baozhongbao", "E", kadang=True) == seats("E +36 S -12 W -12 N -12")


def test_R24_C27_zhong_pair_with_four_sequences() -> None:
    rep = report("456p 789s 7z 234m", chi="123m")
    assert waits(rep) == {"7z": False}
    no_zhong = STANDARD.replace(zhong_pair_counts_as_kezi=False)
    assert not report("456p 789s 7z 234m", no_zhong, chi="123m").ting_allowed
    assert pay("ron", "W", "S", ting=True) == seats("E -1 S -1 W +3 N -1")


def test_R25_C32_jiehu_hands() -> None:
    south = report("46m 234p 77s", chi="789s", peng="111p")
    west = report("34m 567p 99s", chi="123s", peng="888p")
    assert waits(south) == {"5m": True}
    assert waits(west) == {"2m": False, "5m": False}
    assert pay("ron", "S", "N", ting=True, kadang=True) == seats("E -2 S +6 W -2 N -2")


def test_R15_R16_C34_after_chiting_hand() -> None:
    before = report("46m 234p 7778s 2s", peng="111p")
    assert not before.ting_allowed
    after = report("234p 7778s", peng="111p", chi="456m")
    assert waits(after) == {"6s": False, "8s": False, "9s": False}
    assert pay("zimo", "W", menqing="S") == seats("E -2 S -3 W +7 N -2")


def test_R21_no_wait_on_a_fifth_copy() -> None:
    # the peng holds three 1m and the hand the fourth: 1m cannot be won on, only 4m
    rep = report("1234m", chi="567p", peng="111m", chi2="345s")
    assert waits(rep) == {"4m": False}
