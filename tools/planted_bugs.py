"""Plant known bugs one at a time and check that the tests written for each one catch it.

Each mutation names a file of the game, an exact piece of its text (found exactly once), what it
becomes, and the tests that must then fail. The file is put back after each run, even on Ctrl-C or
an error. One line per mutation: ``caught`` (by which test) or ``SURVIVED``; exit status 1 if any
bug survived or a mutation no longer applies (the code it plants into has changed: update it here).

    python tools/planted_bugs.py                  # every mutation (a few minutes)
    python tools/planted_bugs.py --only review    # the mutations whose name contains "review"
    python tools/planted_bugs.py --list           # what is planted where, and the tests named

The list is the issue's survivors (21 bugs that no test caught) and the project's own plants in
replay, tutorial, scoring and AI reasons (docs/building.md, "Tests that catch planted bugs").
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutation:
    """A bug to plant: ``old`` in ``path`` becomes ``new``; one of ``tests`` must then fail."""

    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]
    origin: str = "issue"
    """``issue``: a survivor the issue lists; ``own``: one of the project's own plants."""


M = Mutation
MUTATIONS: tuple[Mutation, ...] = (
    # --- the survivors: replay ------------------------------------------------------------
    M(
        "review_cost_sign",
        "game/replay/review.py",
        "return max(0.0, self.best_score - self.played_score)",
        "return max(0.0, self.played_score - self.best_score)",
        ("tests/replay/test_review.py",),
    ),
    M(
        "review_costliest_is_cheapest",
        "game/replay/review.py",
        "worst = max(wrong, key=lambda d: (d.cost, -d.index)) if wrong else None",
        "worst = min(wrong, key=lambda d: (d.cost, -d.index)) if wrong else None",
        ("tests/replay/test_review.py",),
    ),
    M(
        "whatif_decision_at_len",
        "game/replay/whatif.py",
        "if index < 0 or index >= len(events):",
        "if index < 0 or index > len(events):",
        ("tests/replay/test_whatif.py",),
    ),
    M(
        "stats_own_level_as_opponent",
        "game/replay/stats.py",
        "if i != s and p and p != HUMAN",
        "if p and p != HUMAN",
        ("tests/replay/test_stats.py",),
    ),
    M(
        "verify_first_hand_ignores_liable",
        "game/replay/verify.py",
        "if ev.dealer != state.first_dealer or ev.liable != liable:",
        "if ev.dealer != state.first_dealer:",
        ("tests/replay/test_verify.py",),
    ),
    M(
        "verify_match_ended_one_hand_early",
        "game/replay/verify.py",
        "state.hand_no + 1 < state.match_hands",
        "state.hand_no + 2 < state.match_hands",
        ("tests/replay/test_verify.py",),
    ),
    # --- the survivors: tutorial ---------------------------------------------------------
    M(
        "check_mistake_answered_by_another",
        "game/tutorial/check.py",
        'if outcome.kind != "mistake" or outcome.mistake is not mistake:',
        'if outcome.kind != "mistake":',
        ("tests/tutorial/test_check.py",),
    ),
    M(
        "check_mistake_not_taken_back",
        "game/tutorial/check.py",
        "if len(runner.game.events) != before or runner.step is not current:",
        "if runner.step is not current:",
        ("tests/tutorial/test_check.py",),
    ),
    M(
        "check_unreachable_free_step",
        "game/tutorial/check.py",
        's.kind in ("coach", "expect", "free")',
        's.kind in ("coach", "expect")',
        ("tests/tutorial/test_check.py",),
    ),
    M(
        "conditions_payments_named_seats_only",
        "game/tutorial/conditions.py",
        "if all(paid[s] == want.get(s, 0) for s in range(4)):",
        "if all(paid[s] == want[s] for s in want):",
        ("tests/tutorial/test_conditions.py",),
    ),
    M(
        "conditions_events_before_the_start",
        "game/tutorial/conditions.py",
        "got = _fact(key, want, state, events[since:])",
        "got = _fact(key, want, state, events)",
        ("tests/tutorial/test_conditions.py",),
    ),
    M(
        "drill_mobao_loses_kadang_hands",
        "game/tutorial/drill_bao.py",
        'single_kadang = category in ("baozhongbao", "mobao_kadang")',
        'single_kadang = category == "baozhongbao"',
        ("tests/tutorial/test_drills.py",),
    ),
    M(
        "drill_mobao_loses_kadang_answer",
        "game/tutorial/drill_bao.py",
        '"kadang": bool(win and win[1]),',
        '"kadang": bool(win and win[1] and win[0] != "mobao"),',
        ("tests/tutorial/test_drills.py",),
    ),
    M(
        "drill_table_chi_from_the_wrong_seat",
        "game/tutorial/drill_hands.py",
        'None if kind == "angang" else (seat + 3) % 4',
        'None if kind == "angang" else (seat + 1) % 4',
        ("tests/tutorial/test_drills.py",),
    ),
    # --- the survivors: core -------------------------------------------------------------
    M(
        "per_player_known_counts_non_ready_seats",
        "game/core/engine.py",
        "if state.ting[seat] and visible + state.counts(seat)[kind] >= 3:",
        "if visible + state.counts(seat)[kind] >= 3:",
        ("tests/test_engine_rules.py",),
    ),
    M(
        "chongbao_skips_the_seat_before_the_discarder",
        "game/core/engine.py",
        "ready = [(state.turn + i) % 4 for i in range(4)]",
        "ready = claim_order((state.turn + 3) % 4)",
        ("tests/test_scenarios.py",),
    ),
    M(
        "zhidui_lock_offered_then_refused",
        "game/core/legal.py",
        "zhidui=next(t for t in hand if t >> 2 == kind and t != discard)",
        "zhidui=next(t for t in hand if t >> 2 == kind)",
        ("tests/test_room_options.py",),
    ),
    M(
        "cap_with_the_dealer_bonus",
        "game/core/scoring.py",
        "not (cap and row.amount >= cap)",
        "not (cap and row.amount > cap)",
        ("tests/test_room_options.py",),
    ),
    # --- the survivors: AI ---------------------------------------------------------------
    M(
        "risk_under_one_percent_shown_as_zero",
        "game/ai/explain.py",
        "return max(1, round(100 * self.risk(kind)))",
        "return round(100 * self.risk(kind))",
        ("tests/ai/test_reasons.py",),
    ),
    M(
        "beats_the_wider_wait_on_equal_waits",
        "game/ai/explain.py",
        'if not f["kadang"] and f["live"] > params["live"]:',
        'if not f["kadang"] and f["live"] >= params["live"]:',
        ("tests/ai/test_reason_truth.py",),
    ),
    M(
        "zero_step_in_the_singular",
        "game/ai/reasons.py",
        'return f"{n} {one if n == 1 else many}"',
        'return f"{n} {one if n <= 1 else many}"',
        ("tests/ai/test_reasons.py",),
    ),
    M(
        "wait_model_ryanmen_shape",
        "game/ai/defence.py",
        "for a in (k + 1, k - 2):",
        "for a in (k + 1, k - 1):",
        ("tests/ai/test_defence.py",),
    ),
    M(
        "wait_model_kadang_share_without_ryanmen",
        "game/ai/defence.py",
        "other = ry + pen + c * (c - 1) / 2 + c",
        "other = pen + c * (c - 1) / 2 + c",
        ("tests/ai/test_defence.py",),
    ),
    # --- the project's own plants: replay, tutorial, scoring, AI reasons ----------------------------
    M(
        "share_code_with_a_space_before_it_is_a_file_name",
        "game/replay/share.py",
        "return _OTHER_VERSION.match(text.strip()) is not None",
        "return _OTHER_VERSION.match(text) is not None",
        ("tests/replay/test_share.py",),
        "own",
    ),
    M(
        "torn_line_dropped_even_when_complete",
        "game/replay/logfile.py",
        "if number == last and torn_possible:",
        "if number == last:",
        ("tests/test_parse_log.py", "tests/replay/test_header.py", "tests/replay/test_cli_replay.py"),
        "own",
    ),
    M(
        "status_trusts_the_header",
        "game/replay/header.py",
        "return ABANDONED if said == ABANDONED else PLAYING",
        "return said if said in STATUSES else PLAYING",
        ("tests/replay/test_header.py", "tests/replay/test_library.py"),
        "own",
    ),
    M(
        "replay_name_one_character_too_long",
        "game/replay/library.py",
        "if len(stem) > MAX_NAME:",
        "if len(stem) > MAX_NAME + 1:",
        ("tests/replay/test_library.py",),
        "own",
    ),
    M(
        "check_cache_ignores_size_and_time",
        "game/replay/checks.py",
        "if stamp is not None and known is not None and known[0] == stamp:",
        "if known is not None:",
        ("tests/replay/test_library.py",),
        "own",
    ),
    M(
        "verify_next_dealer_ignores_liable",
        "game/replay/verify.py",
        "if (ev.dealer, ev.liable) != (dealer, liable):",
        "if ev.dealer != dealer:",
        ("tests/replay",),
        "own",
    ),
    M(
        "stats_deal_in_split_by_the_winners_ready",
        "game/replay/stats.py",
        "                if ready[seat]:",
        "                if ready[event.seat]:",
        ("tests/replay/test_stats.py",),
        "own",
    ),
    M(
        "review_seeds_every_seat_as_seat_0",
        "game/replay/review.py",
        "return int(seeds[seat])",
        "return int(seeds[0])",
        ("tests/replay/test_review.py",),
        "own",
    ),
    M(
        "condition_not_ting_always_holds",
        "game/tutorial/conditions.py",
        '"not_ting": lambda s: not state.ting[s],',
        '"not_ting": lambda s: True,',
        ("tests/tutorial",),
        "own",
    ),
    M(
        "undo_goes_back_to_the_first_move",
        "game/tutorial/runner.py",
        "self._restore(self._history.pop())",
        "self._restore(self._history[0])",
        ("tests/tutorial/test_runner.py",),
        "own",
    ),
    M(
        "drill_payment_graded_on_three_seats",
        "game/tutorial/drills.py",
        'correct = all(given_pay.get(s) == answer["payments"][s] for s in SEATS)',
        'correct = all(given_pay.get(s) == answer["payments"][s] for s in SEATS[:3])',
        ("tests/tutorial",),
        "own",
    ),
    M(
        "menqing_loser_pays_the_base",
        "game/core/scoring.py",
        "return max(base, rules.menqing_loser)",
        "return base",
        ("tests/test_rule_rows.py", "tests/test_rule_cases.py"),
        "own",
    ),
    M(
        "baozhongbao_doubled_for_kadang_again",
        "game/core/scoring.py",
        'if spec.kind == "baozhongbao" and rules.baozhongbao_includes_kadang:',
        'if spec.kind == "baozhongbao" and not rules.baozhongbao_includes_kadang:',
        ("tests/test_rule_rows.py", "tests/test_rule_cases.py"),
        "own",
    ),
    M(
        "s0_discarder_pays_the_non_ready_amount",
        "game/core/scoring.py",
        'if spec.discarder_ting or rules.dianpao_scheme == "S0":',
        "if spec.discarder_ting:",
        ("tests/test_rule_rows.py", "tests/test_rule_cases.py"),
        "own",
    ),
    M(
        "three_ready_seats_without_and",
        "game/ai/reasons.py",
        'return ", ".join(names[:-1]) + " and " + names[-1]',
        'return ", ".join(names)',
        ("tests/ai/test_reasons.py", "tests/ai/test_reason_truth.py"),
        "own",
    ),
    M(
        "one_ready_seat_are",
        "game/ai/reasons.py",
        '("is" if len(seats) == 1 else "are")',
        '"are"',
        ("tests/ai/test_reasons.py", "tests/ai/test_reason_truth.py"),
        "own",
    ),
    # --- the project's own plants: the table's composition (issue 22) -----------------------------
    M(
        "key_legend_words_run_past_the_column",
        "game/ui/table/key_legend.py",
        "            if x + text_w <= width:",
        "            if True:",
        ("tests/ui/test_key_legend.py",),
        "own",
    ),
    M(
        "key_legend_not_spread",
        "game/ui/table/key_legend.py",
        "lead = share_out(rect.h - legend.height, legend.lines - 1, cap_h * 2 // 3)",
        "lead = 0",
        ("tests/ui/test_key_legend.py",),
        "own",
    ),
    M(
        "log_spread_at_a_hands_start",
        "game/ui/table/log_panel.py",
        "len(chosen), step) if full and chosen else 0",
        "len(chosen), step) if chosen else 0",
        ("tests/ui/test_table_log_panel.py",),
        "own",
    ),
    M(
        "centre_band_only_for_the_mover",
        "game/ui/table/centre.py",
        "        self._draw_band(surface, layout, s, moving)",
        "        if moving:\n            self._draw_band(surface, layout, s, moving)",
        ("tests/ui/test_table_composition.py::test_every_seats_score_sits_on_a_band_along_its_side",),
        "own",
    ),
    M(
        "ting_discard_upright",
        "game/ui/table/layout.py",
        "                    (rot + 90) % 360 if tile.ting else rot,",
        "                    rot,",
        ("tests/ui/test_layout.py::test_the_discard_that_declared_ting_lies_sideways_in_its_row",),
        "own",
    ),
    M(
        "called_discard_dimmed_like_a_draw",
        "game/ui/table/render.py",
        "                    draw_called_ghost(image, self.tiles, slot, origin, quick=self.progressive)",
        '                    self._blit_tile(image, slot, "dimmed", origin=origin)',
        ("tests/ui/test_table_composition.py::test_a_called_discard_is_a_ghost_apart_from_a_greyed_one",),
        "own",
    ),
    M(
        "claim_lines_under_the_whole_grid",
        "game/ui/table/panels.py",
        "        y = self.controls.bar.lines_top",
        "        y = self.controls.bar.choice_top",
        ("tests/ui/test_claim_moments.py::test_every_line_under_the_claim_bar_is_drawn_at_every_size",),
        "own",
    ),
    M(
        "new_game_enter_presses_the_focused_choice",
        "game/ui/screens/new_game.py",
        "event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):",
        "event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and self.focus_index is None:",
        ("tests/ui/test_play_by_hand.py::test_enter_starts_the_match_from_any_choice_and_on_back_goes_back",),
        "own",
    ),
    M(
        "enter_on_an_opponents_turn_says_choose_a_tile",
        "game/ui/table/controls.py",
        """elif (self._open() and seen.phase != "discard") or seen.turn != seen.seat:""",
        """elif self._open() and seen.phase != "discard":""",
        ("tests/ui/test_claim_moments.py::test_enter_on_another_seats_turn_says_whose_move_it_is",),
        "own",
    ),
    M(
        "hand_points_out_by_the_settlement",
        "game/ui/screens/results.py",
        "text, (after + self.px(4), y), self.px(15), col, \"bold\")",
        "text, (rows.right, y), self.px(15), col, \"bold\", anchor=\"topright\")",
        ("tests/ui/test_result_words.py::test_each_seats_points_this_hand_sit_beside_its_name",),
        "own",
    ),
    M(
        "match_result_lone_ellipsis",
        "game/ui/screens/results.py",
        "        if 0 < room < len(records):",
        "        if len(records) > room:",
        ("tests/ui/test_match_end_and_folders.py::test_the_hand_list_never_shows_a_lone_ellipsis",),
        "own",
    ),
    M(
        "coach_sentences_cut",
        "game/ui/screens/coach_lines.py",
        "            parts = [words] if fit else fonts.wrap(words, MIN_TEXT_PX, w)",
        "            parts = [words] if fit else [fonts.wrap(words, MIN_TEXT_PX, w)[0].rstrip() + \"…\"]",
        ("tests/ui/test_coach_lines.py::test_the_coach_names_three_decisions_and_opens_the_replay_there",),
        "own",
    ),
    M(
        "match_figures_counts_under_12_px",
        "game/ui/screens/match_board.py",
        "        return readable(px(value))",
        "        return px(value)",
        ("tests/ui/test_text_floor.py",),
        "own",
    ),
    M(
        "hand_notes_miss_the_bao_replaced",
        "game/replay/highlights.py",
        "            current = replace(current, bao_replaced=current.bao_replaced + 1)",
        "            pass",
        ("tests/replay/test_samples_listed.py", "tests/ui/test_replay_samples.py"),
        "own",
    ),
    M(
        "samples_listed_before_the_players_own",
        "game/replay/library.py",
        "        groups[2 if entry.status == BROKEN else 1 if entry.sample else 0].append(entry)",
        "        groups[2 if entry.status == BROKEN else 0 if entry.sample else 1].append(entry)",
        ("tests/replay/test_samples_listed.py",),
        "own",
    ),
    M(
        "samples_button_keeps_its_words",
        "game/ui/replay/library.py",
        "            button.set_text(self._samples_label())",
        "            pass",
        ("tests/ui/test_replay_samples.py",),
        "own",
    ),
    M(
        "samples_can_be_deleted",
        "game/ui/replay/library.py",
        "        return entry.path.parent.resolve() == self.folder.resolve()",
        "        return True",
        ("tests/ui/test_replay_samples.py",),
        "own",
    ),
    M(
        "viewer_hides_the_hand_so_far",
        "game/ui/replay/viewer.py",
        "        return not self.whatif and self.review.level is None",
        "        return False",
        ("tests/ui/test_replay_viewer.py::test_the_hand_so_far_is_listed_while_the_review_is_off",),
        "own",
    ),
    M(
        "viewer_log_under_the_review",
        "game/ui/replay/viewer.py",
        "        return not self.whatif and self.review.level is None",
        "        return not self.whatif",
        ("tests/ui/test_replay_viewer.py::test_the_hand_so_far_is_listed_while_the_review_is_off",),
        "own",
    ),
    M(
        "log_lays_a_jump_out_in_the_seeks_frame",
        "game/ui/table/log_panel.py",
        "        if self._waits(key):\n",
        "        if False:\n",
        ("tests/ui/test_replay_viewer.py::test_after_a_seek_the_log_follows_a_frame_later_and_a_step_at_once",),
        "own",
    ),
    M(
        "log_behind_never_wakes_the_table",
        "game/ui/table/scene.py",
        "            or self.panels.log.behind\n",
        "",
        ("tests/ui/test_replay_viewer.py::test_after_a_seek_the_log_follows_a_frame_later_and_a_step_at_once",),
        "own",
    ),
    M(
        "menu_loads_the_whole_course",
        "game/ui/lessons/course.py",
        "    return next_in_course(load_progress(app.paths).progress, read_headings())\n",
        "    return next_lesson_of(app)  # type: ignore[return-value]\n",
        ("tests/ui/test_startup_imports.py",),
        "own",
    ),
    M(
        "headings_out_of_course_order",
        "game/tutorial/files.py",
        "    return sorted(out, key=lambda h: (h.order, h.file))\n",
        "    return sorted(out, key=lambda h: h.file)\n",
        ("tests/tutorial/test_headings.py",),
        "own",
    ),
    M(
        "save_module_loads_the_engine",
        "game/saves.py",
        "from game.safe_read import shorten\n",
        "from game.replay.verify import complete_prefix  # noqa: F401\nfrom game.safe_read import shorten\n",
        ("tests/ui/test_startup_imports.py",),
        "own",
    ),
    M(
        "one_felt_kept_for_two_squares",
        "game/ui/table/render.py",
        "BASES_KEPT = 2\n",
        "BASES_KEPT = 1\n",
        ("tests/ui/test_replay_viewer.py::test_seeking_between_two_squares_draws_each_felt_once",),
        "own",
    ),
    M(
        "bao_panel_tiles_not_asked_ahead",
        "game/ui/table/scene.py",
        "max(12, round(hw * 0.5)), bao_tile_width(mini)):",
        "max(12, round(hw * 0.5))):",
        ("tests/ui/test_replay_viewer.py::test_the_bao_panels_tiles_are_drawn_ahead_not_on_the_spot",),
        "own",
    ),
    M(
        "number_parted_from_its_measure_word",
        "game/ui/kit/fonts.py",
        "            if tokens and _is_number(tokens[-1]):\n",
        "            if False:\n",
        ("tests/ui/test_anim_sound_text.py::test_a_number_is_never_parted_from_the_measure_word_after_it",),
        "own",
    ),
    M(
        "bao_row_label_lowercase",
        "game/ui/screens/result_settlement.py",
        '        label = capital(term("bao", lang))',
        '        label = term("bao", lang)',
        ("tests/ui/test_result_sentences.py::test_the_english_result_screen_heads_its_rows_with_capitals",),
        "own",
    ),
    M(
        "waits_label_lowercase",
        "game/ui/table/panels.py",
        '        label = capital(term("waits", lang))',
        '        label = term("waits", lang)',
        ("tests/ui/test_result_sentences.py::test_the_english_bao_panel_labels_its_waits_with_a_capital",),
        "own",
    ),
    M(
        "dealer_badge_lowercase",
        "game/ui/screens/results.py",
        '                badge = capital(term("dealer", lang))',
        '                badge = term("dealer", lang)',
        ("tests/ui/test_result_sentences.py::test_the_english_result_screen_heads_its_rows_with_capitals",),
        "own",
    ),
    M(
        "banner_words_lowercase",
        "game/ui/table/motion.py",
        "        text, sub = capital(text), capital(sub)\n",
        "",
        ("tests/ui/test_table_motion.py::test_a_win_turns_the_winners_hand_face_up_and_the_scores_count_up",),
        "own",
    ),
    M(
        "claim_lines_lowercase",
        "game/ui/words/i18n.py",
        '"Discard {discard} → wait on {waits}"',
        '"discard {discard} → wait on {waits}"',
        ("tests/ui/test_claim_moments.py::test_every_line_under_the_claim_bar_is_drawn_at_every_size",),
        "own",
    ),
    M(
        "zhidui_meaning_lowercase",
        "game/ui/words/i18n.py",
        '"Only {tile} wins, as a kadang (pays double)"',
        '"only {tile} wins, as a kadang (pays double)"',
        ("tests/ui/test_zhidui_choice.py",),
        "own",
    ),
    M(
        "bao_line_lowercase",
        "game/ui/words/i18n.py",
        '"The bao · {n} unseen (drawing one wins)"',
        '"the bao · {n} unseen (drawing one wins)"',
        ("tests/ui/test_playtest_fixes.py::test_the_bao_line_stays_inside_the_left_panel",),
        "own",
    ),
    M(
        "payment_amount_read_with_int",
        "game/core/events.py",
        '_decode(int, value["amount"], f"{where}.amount")',
        'int(value["amount"])',
        ("tests/test_hostile_files.py::test_a_settlement_with_a_payment_that_is_no_whole_number_is_refused",),
        "own",
    ),
    M(
        "payment_seat_unchecked",
        "game/core/events.py",
        '    if not 0 <= seat <= 3:\n        raise EventError(f"{where}: a seat must be 0-3")\n',
        "",
        ("tests/test_hostile_files.py::test_a_settlement_with_a_payment_that_is_no_whole_number_is_refused",),
        "own",
    ),
    M(
        "progress_readable_part_not_written_back",
        "game/tutorial/progress.py",
        "            save_progress(progress, paths)\n",
        "            pass\n",
        ("tests/tutorial/test_progress.py::test_what_could_be_read_is_still_there_the_next_time_the_progress_is_read",),
        "own",
    ),
    M(
        "drill_queue_readable_part_not_written_back",
        "game/tutorial/replay_queue.py",
        "                    queue.save()\n",
        "                    pass\n",
        ("tests/tutorial/test_replay_queue.py",),
        "own",
    ),
    M(
        "queued_drill_taken_on_trust",
        "game/tutorial/replay_queue.py",
        'and whole_replay_drill(row.get("drill"))',
        'and isinstance(row.get("drill"), dict)',
        ("tests/tutorial/test_replay_queue.py",),
        "own",
    ),
    M(
        "strings_that_are_no_text_read",
        "game/safe_read.py",
        "    if problem is not None:\n        raise BadFileError(source, problem)\n",
        "",
        (
            "tests/test_safe_read.py::test_a_string_that_is_no_text_is_refused_by_name",
            "tests/ui/test_mistake_drills.py::test_queues_with_values_swapped_at_random_never_crash_the_screen",
        ),
        "own",
    ),
    M(
        "closed_loser_said_as_closed_hand",
        "game/ui/words/settlement.py",
        '"menqing": "note.closed_loser",',
        '"menqing": "menqing",',
        ("tests/ui/test_result_words.py::test_a_closed_loser_is_named_never_taken_for_the_winner",),
        "own",
    ),
    M(
        "window_size_only_kept_above_the_smallest",
        "game/ui/app.py",
        "        want = _window_fit(want)",
        "        want = (max(MIN_WINDOW[0], want[0]), max(MIN_WINDOW[1], want[1]))",
        ("tests/ui/test_run_only_options.py::test_a_size_out_of_range_opens_the_nearest_window_the_game_allows",),
        "own",
    ),
    M(
        "null_character_path_read_unchecked",
        "game/safe_read.py",
        "    if \"\\x00\" in source:",
        "    if False:",
        ("tests/test_safe_read.py::test_a_path_holding_a_null_character_is_refused_by_name_read_or_written",),
        "own",
    ),
    M(
        "null_character_path_written_unchecked",
        "game/atomic.py",
        "    if \"\\x00\" in str(path):",
        "    if False:",
        ("tests/test_safe_read.py::test_a_path_holding_a_null_character_is_refused_by_name_read_or_written",),
        "own",
    ),
    M(
        "hand_capped_at_full_hds_size",
        "game/ui/table/layout.py",
        "    most_hand = round(124 * max(1.0, unit / 1.5))",
        "    most_hand = 124",
        ("tests/ui/test_layout.py::test_a_screen_past_full_hd_sees_the_full_hd_table_larger_not_a_small_table",),
        "own",
    ),
    M(
        "river_tiles_capped_at_96",
        "game/ui/table/layout.py",
        "    rw = max(10, min(round(hw_ideal * 0.7), room * 10 // 128 + 2))",
        "    rw = max(10, min(round(hw_ideal * 0.7), 96, room * 10 // 128 + 2))",
        ("tests/ui/test_layout.py::test_a_screen_past_full_hd_sees_the_full_hd_table_larger_not_a_small_table",),
        "own",
    ),
    M(
        "screens_scale_stopped_at_1_6",
        "game/ui/app.py",
        "        return round(self.settings.ui_scale * max(0.85, fit), 3)",
        "        return round(self.settings.ui_scale * min(1.6, max(0.85, fit)), 3)",
        ("tests/ui/test_run_only_options.py::test_the_screens_scale_with_a_window_past_full_hd",),
        "own",
    ),
    M(
        "button_label_margin_grows_6px_a_scale_step",
        "game/ui/kit/textfit.py",
        "    room = width - 2 * max(5, round(3 * scale))",
        "    room = width - 2 * max(1, round(6 * scale))",
        ("tests/ui/test_playtest_fixes.py::test_claim_and_tool_button_labels_fit_their_buttons",),
        "own",
    ),
    M(
        "first_run_title_at_the_top",
        "game/ui/screens/first_run.py",
        "        self.title_y = max(self.px(24), (h - block) // 2)",
        "        self.title_y = self.px(40)",
        ("tests/ui/test_first_run.py::test_the_question_and_its_choices_stand_together_in_the_middle",),
        "own",
    ),
    M(
        "pass_on_own_turn_said_as_a_bare_illegal_move",
        "game/core/refusals.py",
        "    _nothing_to_pass,\n",
        "",
        ("tests/test_refusals.py::test_the_checks_pick_the_most_specific_reason",),
        "own",
    ),
    M(
        "call_to_ready_waits_without_kadang",
        "game/ui/words/hints.py",
        "tile_word(w.kind) + kadang_mark(w.kadang, lang) for w in report.waits]",
        "tile_word(w.kind) for w in report.waits]",
        ("tests/ui/test_claim_moments.py::test_a_kadang_wait_is_named_before_the_call_to_ready",),
        "own",
    ),
    M(
        "whose_move_words_outlive_the_move",
        "game/ui/table/scene.py",
        "        self.overlays.moved()\n",
        "",
        ("tests/ui/test_claim_moments.py::test_whose_move_it_is_is_taken_down_once_the_move_is_made",),
        "own",
    ),
    M(
        "live_log_adds_a_ready_declaration_as_its_own_line",
        "game/ui/table/log_panel.py",
        "            lines = more_entries(lines, last, events[upto:at], seat, lang)",
        "            lines = lines + log_entries(events[upto:at], seat, lang)",
        ("tests/ui/test_table_log_panel.py::test_a_ready_discard_is_one_line_in_the_live_log_as_in_the_whole",),
        "own",
    ),
    M(
        "standard_rule_card_an_empty_column",
        "game/ui/screens/rule_card.py",
        "    options = room_options() if not lines else ()",
        "    options = ()",
        ("tests/ui/test_rule_card.py::test_the_new_game_setup_shows_the_card_of_the_chosen_preset",),
        "own",
    ),
    M(
        "claim_labels_spaced_each_on_its_own",
        "game/ui/table/claimbar.py",
        "        spaced = (f\"{word}  ({hotkey})\",) if self._roomy(width) else ()",
        "        spaced = (f\"{word}  ({hotkey})\",)",
        ("tests/ui/test_playtest_fixes.py::test_claim_and_tool_button_labels_fit_their_buttons",),
        "own",
    ),
    M(
        "chinese_peng_said_as_a_number",
        "game/ui/words/table_log.py",
        "    if len(set(kinds)) == 1:",
        "    if lang == \"en\" and len(set(kinds)) == 1:",
        ("tests/test_table_log.py::test_the_log_tells_the_hand_from_the_discarders_seat",),
        "own",
    ),
    M(
        "lit_wall_one_ring_across_the_box",
        "game/ui/lessons/spotlight.py",
        "        return _by_side(layout.wall)",
        "        return [r for r in [_union(s.rect for s in layout.wall)] if r is not None]",
        ("tests/ui/test_lesson_scene.py::test_the_wall_is_lit_a_side_at_a_time_never_across_the_bao",),
        "own",
    ),
    M(
        "lit_river_tile_with_the_rivers_room",
        "game/tutorial/spotlight.py",
        "        return Lit(tiles=ids)  # the tile itself, not the river's room round it",
        "        return Lit(tiles=ids, regions=frozenset({f\"river:{letter}\"}))",
        ("tests/ui/test_lesson_scene.py::test_a_discard_in_a_river_is_lit_alone_not_the_rivers_empty_room",),
        "own",
    ),
    M(
        "lit_river_as_its_whole_room",
        "game/ui/lessons/spotlight.py",
        "        area = _union(s.rect for s in lay.river) or lay.river_area",
        "        area = _union([lay.river_area, *(s.rect for s in lay.river)]) or lay.river_area",
        ("tests/ui/test_lesson_scene.py::test_a_discard_in_a_river_is_lit_alone_not_the_rivers_empty_room",),
        "own",
    ),
    M(
        "wait_bubble_line_shorter_than_its_words",
        "game/ui/table/overlays.py",
        "label_h = max(scene.text_px(15), *(h for _, h in drawn))",
        "label_h = scene.text_px(15)",
        ("tests/ui/test_overlay_layout.py::test_a_wait_bubbles_words_stay_inside_it",),
        "own",
    ),
    M(
        "discard_drill_keys_unsaid",
        "game/ui/words/lesson_strings.py",
        "（一张都没有就直接检查）。键盘：←→ 移动，空格 选定，Enter 检查",
        "（一张都没有就直接检查）",
        ("tests/ui/test_drill_scene.py::test_the_discard_drill_by_keyboard_alone_with_its_keys_said",),
        "own",
    ),
    M(
        "payment_feedback_in_signed_changes",
        "game/tutorial/drill_feedback.py",
        "f\"pays {-truth}, not {-mine}\")",
        "f\"pays {truth:+d}, not {mine:+d}\")",
        ("tests/tutorial/test_drills.py::test_grading_and_explanations",),
        "own",
    ),
    M(
        "replay_rows_each_cell_its_own_size",
        "game/ui/replay/list.py",
        "                log.line(surface, text, box, size, colour, align=col.align, floor=size)",
        "                log.line(surface, text, box, size, colour, align=col.align, floor=floor)",
        ("tests/ui/test_replay_library.py::test_the_rows_words_are_one_size",),
        "own",
    ),
    M(
        "a_wait_bubble_for_every_copy",
        "game/ui/table/overlays.py",
        "        return sorted(chosen.values(), key=lambda slot: slot.index)",
        "        return [s for s in layout.seats[0].hand"
        " if s.index < len(ids) and kind_of(ids[s.index]) in controls.ting_opts]",
        ("tests/ui/test_overlay_layout.py::test_one_wait_bubble_for_each_kind_that_may_declare",),
        "own",
    ),
    M(
        "lesson_messages_unseen",
        "game/ui/lessons/lesson.py",
        "        self.scene.note = Note(plain_markup(text), \"hint\")\n",
        "",
        ("tests/ui/test_lesson_scene.py::test_enter_at_a_win_in_a_lesson_is_answered_in_the_coach_panel",),
        "own",
    ),
)


def _pytest(tests: tuple[str, ...], timeout: float) -> tuple[bool, str]:
    """Run the tests (stop at the first failure): whether they passed, and the first failing test."""
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    try:
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout:.0f} s"
    failed = [
        line.split(" ")[1] for line in done.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))
    ]
    return done.returncode == 0, failed[0] if failed else ""


def plant(m: Mutation, timeout: float) -> tuple[str, str]:
    """Plant one bug, run its tests, put the file back: (``caught``/``SURVIVED``/``STALE``, detail)."""
    path = ROOT / m.path
    text = path.read_text(encoding="utf-8")
    if text.count(m.old) != 1:
        return "STALE", f"{m.path}: the text to change is found {text.count(m.old)} times, not once"
    try:
        path.write_text(text.replace(m.old, m.new), encoding="utf-8")
        passed, failed = _pytest(m.tests, timeout)
    finally:
        path.write_text(text, encoding="utf-8")
    return ("SURVIVED", "every test passed") if passed else ("caught", failed or "the run failed")


def main(argv: list[str] | None = None) -> int:
    """Plant the chosen mutations one at a time; exit 1 if any survived or no longer applies."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="only mutations whose name contains this")
    parser.add_argument("--origin", choices=("issue", "own"), help="only the issue's survivors or our own")
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per mutation's test run")
    args = parser.parse_args(argv)
    chosen = [
        m for m in MUTATIONS if args.only in m.name and (args.origin is None or m.origin == args.origin)
    ]
    if args.list:
        for m in chosen:
            print(f"{m.name} ({m.origin}): {m.path}: {m.old!r} -> {m.new!r}; tests {' '.join(m.tests)}")
        return 0
    bad = 0
    start = time.perf_counter()
    for m in chosen:
        verdict, detail = plant(m, args.timeout)
        bad += verdict != "caught"
        print(f"{verdict:8} {m.name} ({m.origin}): {detail}", flush=True)
    print(f"{len(chosen) - bad} of {len(chosen)} caught in {time.perf_counter() - start:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
