"""UI labels of the lesson list, the lesson table and the drills, in Chinese and English.

Merged into :data:`game.ui.words.i18n.STRINGS` (look them up with :func:`game.ui.words.i18n.tr`). Game words
(听, 宝, 卡当, seats, blockers ...) come from :mod:`game.glossary`; lesson texts come from the lesson files.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

LESSON_STRINGS: Final = MappingProxyType(
    {
        # the first launch and the rules at a glance
        "first_run.title": ("第一次玩哈尔滨麻将？", "New to Harbin mahjong?"),
        "first_run.body": (
            "可以从第一课学起（每课几分钟，用真的牌桌教），先花两分钟看一眼规则，或者直接开一局。"
            "以后在主菜单里随时可以继续课程。",
            "Start with lesson 1 (a few minutes each, taught at the real table), take two minutes for the "
            "rules at a glance, or go straight to a match. "
            "The main menu lets you continue the course any time.",
        ),
        "first_run.lesson": ("从第一课学起（1）", "Start lesson 1 (1)"),
        "first_run.glance": ("两分钟看懂规则（2）", "The rules at a glance, two minutes (2)"),
        "first_run.match": ("直接开一局（3）", "Straight to a match (3)"),
        "first_run.lesson_short": ("学第一课（1）", "Lesson 1 (1)"),
        "first_run.match_short": ("开一局（2）", "Play a match (2)"),
        "menu.course": ("继续课程", "Continue the course"),
        "menu.course_next": ("下一课：{title}", "Next: {title}"),
        "glance.title": ("规则一览", "The rules at a glance"),
        "glance.body": (
            "## 牌\n"
            "112张：万、饼、条各一到九，每种四张，再加四张红中；没有风牌。\n\n"
            "[[123456789m 123456789p 123456789s 7z]]\n\n"
            "胡牌是四组加一对：顺子或刻子，再加一对。\n\n"
            "[[345s 123m 789m 555p 77z]]\n\n"
            "## 开门\n"
            "门清不能报听：先吃（只吃上家；吃进就能听牌时谁的都能吃）、碰或明杠一次。暗杠不算开门。\n\n"
            "[[68p 7p]] 吃上家的七饼就开门了。\n\n"
            "## 听牌的条件\n"
            "- 报了听才能胡。\n"
            "- 两种以上花色。\n"
            "- 有幺九（一、九或红中）。\n"
            "- 至少一个顺子和一个刻子（或一对红中）。\n\n"
            "[[5556s 345p]] 只听六条：四条、七条胡了就没有刻子。\n\n"
            "## 宝\n"
            "发完牌后扣一张宝。报听后可以看宝；自己摸到宝就胡（摸宝）。卡当听的牌正好是宝，自己摸到：宝中宝。"
            "别人打出的宝不是万能牌。\n\n"
            "[[7889m]] 卡当：只听八万。\n\n"
            "## 算分（每个输家）\n"
            "- 点炮胡 {ron}，自摸 {zimo}，摸宝 {mobao}，宝中宝 {bzb}。\n"
            "- 卡当胡 ×{kadang}。\n"
            "- 门清的输家付 {menqing}。\n"
            "- 没报听的点炮者还要替另外两家付。\n",
            "## The tiles\n"
            "112 tiles: Characters, Dots and Bamboo from 1 to 9, four of each, plus four Red Dragons; "
            "no winds.\n\n"
            "[[123456789m 123456789p 123456789s 7z]]\n\n"
            "A win is four sets and a pair: runs or three of a kind, plus a pair.\n\n"
            "[[345s 123m 789m 555p 77z]]\n\n"
            "## Open your hand first\n"
            "A closed hand may not declare ready: first make a chi (from the previous player only, unless "
            "it makes you ready), "
            "a peng or "
            "an exposed kong. A concealed kong does not open it.\n\n"
            "[[68p 7p]] A chi of the previous player's 7 Dots opens the hand.\n\n"
            "## When you may declare ready\n"
            "- Only a hand that declared ready can win.\n"
            "- Two suits or more.\n"
            "- A yaojiu tile (a 1, a 9 or a Red Dragon).\n"
            "- At least one run and one three of a kind (or a pair of Red Dragons).\n\n"
            "[[5556s 345p]] Only 6 Bamboo wins: 4 or 7 Bamboo would leave no three of a kind.\n\n"
            "## The bao\n"
            "After the deal one tile is set aside face down: the bao. Once ready you may look at it; drawing "
            "it yourself wins. If your kadang tile is the bao and you draw it: bao within bao. A bao someone "
            "discards is not wild.\n\n"
            "[[7889m]] Kadang: waiting only on 8 Characters.\n\n"
            "## Payments (each loser)\n"
            "- Win on a discard {ron}, self-drawn {zimo}, drawing the bao {mobao}, bao within bao {bzb}.\n"
            "- A kadang win ×{kadang}.\n"
            "- A loser with a closed hand pays {menqing}.\n"
            "- A discarder who was not ready also pays for the other two.\n",
        ),
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
            "点选所有打出后能报听的牌（一张都没有就直接检查）。键盘：←→ 移动，空格 选定，Enter 检查",
            "Select every discard that leaves a hand that may declare ready (none: just check). Keys: ←→"
            " move, Space selects, Enter checks",
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
        "drills.kind.mine": ("我的错题（{n}）", "Your mistakes ({n})"),
        "drills.kind.mine_short": ("错题 {n}", "Mine ({n})"),
        "drills.mine.title": ("我的错题", "Your own mistakes"),
        "drills.mine.empty": (
            "还没有错题。打完一场对局后，教练会把你代价大的决定放到这里，让你再答一次。",
            "No mistakes yet. After a match the coach puts your costly decisions here to answer again.",
        ),
        "drills.mine.later": (
            "{n} 道错题稍后再来：再答 {k} 道练习题后出现。",
            "{n} mistakes come back later: after {k} more drill answers.",
        ),
        "drills.mine.from": ("第{hand}局 · {level}复盘", "Hand {hand} · reviewed by {level}"),
        "drills.mine.drawn": ("摸到", "Drawn"),
        "drills.mine.offered": ("打出的牌", "The discard"),
        "drills.mine.offered_by": ("{seat}打出", "{seat} discarded"),
        "drills.mine.yours": ("你的副露", "Your melds"),
        "drills.mine.river": ("{seat}牌河", "{seat}: discards"),
        "drills.mine.ready": ("{seat}（已听）", "{seat} (ready)"),
        "drills.mine.known": (
            "已听：{seats} · 牌墙剩 {wall} 张",
            "Ready: {seats} · {wall} tiles left in the wall",
        ),
        "drills.mine.none_ready": (
            "没人听牌 · 牌墙剩 {wall} 张",
            "Nobody is ready · {wall} tiles left in the wall",
        ),
        "drills.mine.value": ("{move}  {value}分", "{move}  {value} pts"),
        "drills.mine.lost": (
            "比{level}的选择少得约 {lost} 分。",
            "About {lost} points less than {level}'s choice.",
        ),
        "drills.mine.your_reason": ("你的选择：{reason}", "Your choice: {reason}"),
        "drills.mine.left": ("还有 {n} 道错题待练", "{n} mistakes to practise"),
        "drills.mine.keys": (
            "数字键或点击选择 · Enter 下一题 · Esc 返回",
            "Number keys or click to answer · Enter next · Esc back",
        ),
        "drills.keys": (
            "数字键选择答案 · Enter 下一题 · Esc 返回",
            "Number keys answer · Enter next · Esc back",
        ),
    }
)
"""key -> (zh, en)."""

__all__ = ["LESSON_STRINGS"]
