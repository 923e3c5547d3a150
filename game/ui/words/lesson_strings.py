"""UI labels of the lesson list, the lesson table and the drills, in Chinese and English.

Merged into :data:`game.ui.words.i18n.STRINGS` (look them up with :func:`game.ui.words.i18n.tr`). Game words
(听, 宝, 卡当, seats, blockers ...) come from :mod:`game.glossary`; lesson texts come from the lesson files.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

LESSON_STRINGS: Final = MappingProxyType(
    {
        # the lesson list
        "lessons.title": ("教程", "Lessons"),
        "lessons.status.new": ("未开始", "Not started"),
        "lessons.status.started": ("学到第 {step}/{total} 步", "Step {step} of {total}"),
        "lessons.status.done": ("已完成", "Done"),
        "lessons.status.skipped": ("已跳过", "Skipped"),
        "lessons.status.locked": ("未解锁", "Locked"),
        "lessons.status.broken": ("文件有误", "Broken"),
        "lessons.locked_reason": (
            "要先学完（或跳过）前面的课：{names}。",
            "Finish (or skip) the lessons before it first: {names}.",
        ),
        "lessons.topics": ("要点：{words}", "Topics: {words}"),
        "lessons.requires": ("先学：{names}", "Comes after: {names}"),
        "lessons.next": ("下一课：{name}", "Next lesson: {name}"),
        "lessons.steps": ("共 {n} 步", "{n} steps"),
        "lessons.start": ("开始", "Start"),
        "lessons.continue": ("继续（第 {step} 步）", "Continue (step {step})"),
        "lessons.again": ("再学一遍", "Play again"),
        "lessons.restart": ("从头开始", "Restart"),
        "lessons.skip": ("跳过这一课", "Skip lesson"),
        "lessons.drills": ("本课练习", "Practise it"),
        "lessons.all_drills": ("练习题", "Drills"),
        "lessons.review_due": ("有 {n} 道错题待复习", "{n} missed questions to review"),
        "lessons.none": ("找不到任何课程文件。", "No lesson files were found."),
        "lessons.keys": (
            "↑↓ 选课 · Enter 开始 · Esc 返回",
            "↑↓ choose · Enter start · Esc back",
        ),
        # a lesson at the table
        "lesson.step": ("第 {step}/{total} 步", "Step {step} of {total}"),
        "lesson.in_part": (" · 讲解你的这一步", " · about your move"),
        "lesson.done": ("本课完成", "Lesson complete"),
        "lesson.practice": ("练习一局（随时可以悔一步）", "Practice hand (undo any time)"),
        "lesson.practice_again": ("再练一局", "Play it again"),
        "lesson.continue": ("继续（Enter）", "Continue (Enter)"),
        "lesson.enter_nothing": (
            "先选一张牌：用 ←/→ 移动到它，再按 Enter；或者直接点那张牌。Tab 可以走到教练的按钮。",
            "Pick a tile first: move to it with ←/→ and press Enter, or click it. "
            "Tab reaches the coach's buttons.",
        ),
        "lesson.continue_short": ("继续", "Continue"),
        "lesson.hint": ("提示我（S）", "Show me (S)"),
        "lesson.hint_short": ("提示 S", "Hint S"),
        "lesson.undo": ("悔一步（U）", "Undo (U)"),
        "lesson.undo_short": ("悔一步", "Undo"),
        "lesson.back": ("退回上一步", "Back one step"),
        "lesson.back_short": ("上一步", "Back"),
        "lesson.restart": ("从头开始（R）", "Restart (R)"),
        "lesson.restart_short": ("重来 R", "Restart R"),
        "lesson.skip": ("跳过这一步（N）", "Skip this step (N)"),
        "lesson.skip_short": ("跳过 N", "Skip N"),
        "lesson.practice_hand": ("练习一局（1）", "Practice hand (1)"),
        "lesson.practice_hand_short": ("练习 1", "Practice 1"),
        "lesson.drills": ("本课练习题（2）", "Drills (2)"),
        "lesson.drills_short": ("练习题 2", "Drills 2"),
        "lesson.next": ("下一课（3）", "Next lesson (3)"),
        "lesson.next_short": ("下一课 3", "Next 3"),
        "lesson.list": ("课程列表（4）", "All lessons (4)"),
        "lesson.list_short": ("列表 4", "Lessons 4"),
        "lesson.link": ("学习：{title}（L）", "Lesson: {title} (L)"),
        "lesson.link_short": ("相关课程（L）", "The lesson on it (L)"),
        "lesson.leave_title": ("离开这一课", "Leave the lesson"),
        "lesson.leave_body": (
            "学到哪一步已经保存，可以在课程列表里接着学。",
            "Your place is kept: Continue in the lesson list picks it up again.",
        ),
        "lesson.leave": ("回课程列表", "To the lessons"),
        "lesson.broken": (
            "这一课从这里无法继续：请退回上一步或从头开始。",
            "The lesson cannot go on from here: go back a step or restart.",
        ),
        "lesson.stuck": (
            "这一局结束了，但还没达到这一步的目标：悔一步、退回上一步或从头开始。",
            "The hand ended before this step's goal was reached: undo, go back a step or restart.",
        ),
        "table.lesson_link": ("L：学习「{title}」", "L: the lesson “{title}”"),
        # drills
        "drills.title": ("练习题", "Drills"),
        "drills.kind.all": ("全部", "All kinds"),
        "drills.kind.ting": ("能报听吗", "Ready?"),
        "drills.kind.discard": ("打哪张", "Which discard"),
        "drills.kind.kadang": ("卡当", "Kadang"),
        "drills.kind.bao": ("宝", "Bao"),
        "drills.kind.payment": ("谁付多少", "Payments"),
        "drills.review": ("复习错题", "Review"),
        "drills.hand": ("手牌", "In hand"),
        "drills.melds": ("副露", "On the table"),
        "drills.win_tile": ("胡的牌", "Winning tile"),
        "drills.bao": ("宝", "The bao"),
        "drills.drawn": ("摸到", "Drawn"),
        "drills.discard": ("下家打出", "The next player discards"),
        "drills.wall_tail": ("牌墙最后两张", "Last two wall tiles"),
        "drills.river": ("{seat}牌河", "{seat}: discards"),
        "drills.yes_ready": ("可以报听", "Yes, ready"),
        "drills.no_because": ("不能：{reason}", "No: {reason}"),
        "drills.kadang_yes": ("是卡当", "Yes, kadang"),
        "drills.kadang_no": ("不是卡当", "Not kadang"),
        "drills.win.none": ("不能胡", "No win"),
        "drills.win.zimo": ("自摸", "Self-drawn win"),
        "drills.win.mobao": ("摸宝", "Drawing the bao"),
        "drills.win.baozhongbao": ("宝中宝", "Bao within bao"),
        "drills.pick_bao": ("点一张牌：现在的宝", "Click the tile that is the bao now"),
        "drills.pick_discards": (
            "点选所有打出后能报听的牌（一张都没有就直接检查）",
            "Select every discard that leaves a hand that may declare ready (none: just check)",
        ),
        "drills.selected": ("已选：{tiles}", "Selected: {tiles}"),
        "drills.selected_none": ("已选：无", "Selected: none"),
        "drills.no_discard": ("没有一张可以", "none of them"),
        "drills.check": ("检查", "Check"),
        "drills.pays": ("付", "pays"),
        "drills.seat_pays": ("{seat}付 {n}", "{seat}: pays {n}"),
        "drills.seat_gets": ("{seat}得 {n}", "{seat}: gets {n}"),
        "drills.gets": ("得 {n}", "gets {n}"),
        "drills.pay_help": (
            "填每位输家付出的分数（赢家所得自动相加）",
            "Enter what each loser pays (the winner's total adds up by itself)",
        ),
        "drills.role.winner": ("赢家", "winner"),
        "drills.role.dealer": ("庄", "dealer"),
        "drills.role.discarder": ("点炮", "discarded"),
        "drills.role.ready": ("已听", "ready"),
        "drills.role.closed": ("门清", "closed"),
        "drills.right": ("答对了！", "Right!"),
        "drills.wrong": ("不对。", "Not quite."),
        "drills.answer_was": ("正确答案：{answer}", "The answer: {answer}"),
        "drills.next": ("下一题（Enter）", "Next (Enter)"),
        "drills.score": ("本次答对 {right}/{total}", "This session: {right} of {total} right"),
        "drills.queue": ("待复习 {n} 道", "{n} to review"),
        "drills.comes_back": ("这道题过几题会再出现。", "This question will come back in a while."),
        "drills.keys": (
            "数字键选择答案 · Enter 下一题 · Esc 返回",
            "Number keys answer · Enter next · Esc back",
        ),
    }
)
"""key -> (zh, en)."""

__all__ = ["LESSON_STRINGS"]
