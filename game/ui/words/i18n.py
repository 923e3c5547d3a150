"""UI labels in Chinese and English: menus, settings, dialogs, screen titles.

Words that name a game concept (吃, 听, 宝, seat winds, AI levels ...) are not
here: they come from :mod:`game.glossary` through :func:`game.glossary.term`.
"""

from __future__ import annotations

from typing import Final

from game.glossary import Lang, term
from game.ui.words.lesson_strings import LESSON_STRINGS
from game.ui.words.replay_strings import REPLAY_STRINGS

STRINGS: Final[dict[str, tuple[str, str]]] = {
    **LESSON_STRINGS,  # lessons and drills
    **REPLAY_STRINGS,  # the replay screens
    # brand
    "app.title": ("哈尔滨麻将", "Harbin Mahjong"),
    "app.subtitle": (
        "东北哈尔滨规则 · 宝 · 扣听 · 卡当",
        "Northeast China rules · bao · locked hand · kadang",
    ),
    "app.window_title": ("哈尔滨麻将 Harbin Mahjong", "Harbin Mahjong 哈尔滨麻将"),
    # main menu
    "menu.new_game": ("新游戏", "New game"),
    "menu.continue": ("继续", "Continue"),
    "menu.lessons": ("教程", "Lessons"),
    "menu.replays": ("回放", "Replays"),
    "menu.rules": ("规则", "Rules"),
    "menu.settings": ("设置", "Settings"),
    "menu.about": ("关于", "About"),
    "menu.quit": ("退出", "Quit"),
    "menu.footer": ("↑↓ 选择 · Enter 确定 · F11 全屏", "↑↓ choose · Enter select · F11 fullscreen"),
    "newgame.keys": (
        "↑↓ 选择 · 空格 选定 · 回车 开始对局 · Esc 返回",
        "↑↓ choose · Space select · Enter start · Esc back",
    ),
    # dialogs
    "dialog.ok": ("确定", "OK"),
    "dialog.cancel": ("取消", "Cancel"),
    "dialog.close": ("关闭", "Close"),
    "dialog.quit_title": ("退出游戏", "Quit"),
    "dialog.quit_body": ("确定要退出哈尔滨麻将吗？", "Quit Harbin Mahjong?"),
    "dialog.settings_problem_title": ("设置文件有问题", "Settings file problem"),
    "dialog.details": ("详细信息", "Details"),
    "dialog.error_title": ("出了问题", "Something went wrong"),
    "folder.open": ("打开所在文件夹", "Open folder"),
    "folder.open_replays": ("打开回放文件夹", "Open replays folder"),
    # common
    "common.back": ("返回", "Back"),
    "common.on": ("开", "On"),
    "common.off": ("关", "Off"),
    "common.saved": ("已自动保存", "Saved automatically"),
    # settings
    "settings.title": ("设置", "Settings"),
    "settings.section.display": ("显示", "Display"),
    "settings.section.play": ("对局", "Play"),
    "settings.section.sound": ("声音", "Sound"),
    "settings.language": ("语言", "Language"),
    "settings.language.zh": ("中文", "中文"),
    "settings.language.en": ("English", "English"),
    "settings.animation_speed": ("动画速度", "Animation speed"),
    "settings.animation.off": ("关闭", "Off"),
    "settings.animation.fast": ("快", "Fast"),
    "settings.animation.normal": ("正常", "Normal"),
    "settings.animation.slow": ("慢", "Slow"),
    "settings.ai_delay": ("电脑出牌停顿", "AI thinking pause"),
    "settings.ai_delay_value": ("{ms} 毫秒", "{ms} ms"),
    "settings.hints": ("提示", "Hints"),
    "settings.hints.0": ("关闭", "Off"),
    "settings.hints.1": ("听牌", "Waits"),
    "settings.hints.2": ("排序", "Ranking"),
    "settings.hints.3": ("理由", "Reasons"),
    "settings.tile_palette": ("牌面配色", "Tile colours"),
    "settings.palette.classic": ("传统", "Traditional"),
    "settings.palette.colourblind": ("色弱友好", "Colour-blind safe"),
    "settings.corner_index": ("角标（如 3m）", "Corner index (e.g. 3m)"),
    "settings.ui_scale": ("界面缩放", "UI scale"),
    "settings.volume": ("音量", "Volume"),
    "settings.muted": ("静音", "Mute"),
    "settings.fullscreen": ("全屏（F11）", "Fullscreen (F11)"),
    "settings.preview": ("牌面预览", "Tile preview"),
    "settings.defaults": ("恢复默认", "Restore defaults"),
    "settings.file": ("设置文件：{path}", "Settings file: {path}"),
    # about
    "about.title": ("关于", "About"),
    "about.version": ("版本 {version}", "Version {version}"),
    "about.body": (
        "哈尔滨麻将：与三位电脑对手按哈尔滨真实规则对局，通过教程学习，并可回放每一局。\n"
        "牌面、动画与音效均由本程序代码绘制和合成。",
        "Harbin Mahjong: play Harbin mahjong by its real rules against three AI opponents, learn it "
        "through lessons, and watch any game again.\n"
        "Tile faces, animation and sound effects are drawn and synthesised by the program's own code.",
    ),
    "about.credits": ("致谢", "Credits"),
    "about.credits_body": (
        "使用 pygame-ce（LGPL 2.1，内含 SDL 2 与 FreeType）、pygame_gui 与 python-i18n（MIT 许可）、"
        "platformdirs（MIT 许可）。\n"
        "规则整理自五份公开的哈尔滨麻将规则说明，取各说法的共同点作为标准规则，其余作为可选开关。",
        "Built with pygame-ce (LGPL 2.1, bundling SDL 2 and FreeType), pygame_gui and python-i18n "
        "(MIT licence) and platformdirs (MIT licence).\n"
        "The rules were compiled from five public descriptions of Harbin mahjong: what they agree on is "
        "the standard, the rest are switches you can choose.",
    ),
    "about.fonts": ("字体许可", "Font licence"),
    "about.fonts_body": (
        "全部文字使用 Noto Sans SC（思源黑体）Regular / Bold，按 SIL 开放字体许可证 1.1 版随程序分发。"
        "许可证全文如下，亦见 assets/licenses/OFL.txt。",
        "All text uses Noto Sans SC Regular / Bold, distributed with the game under the SIL Open Font "
        "License 1.1. The full licence follows and is also in assets/licenses/OFL.txt.",
    ),
    # rules reference
    "rules.title": ("规则", "Rules"),
    "rules.other_language": ("English", "中文"),
    "rules.missing": ("找不到规则文本：{path}", "The rules text is missing: {path}"),
    "rules.tab_text": ("规则全文", "Full rules"),
    "rules.tab_card": ("房间规则", "Room rules"),
    "rules.this_match": ("本局：{preset}", "This match: {preset}"),
    # new game
    "newgame.title": ("新游戏", "New game"),
    "newgame.opponents": ("对手", "Opponents"),
    "newgame.rules": ("规则", "Rules"),
    "newgame.length": ("局数", "Match length"),
    "newgame.length_value": ("{n} 局", "{n} hands"),
    "newgame.seed": ("随机种子（可选）", "Seed (optional)"),
    "newgame.seed_hint": ("留空则随机", "empty = random"),
    "newgame.seed_invalid": (
        "种子必须是 0 到 2^63 之间的整数",
        "The seed must be a whole number from 0 to 2^63",
    ),
    "newgame.start": ("开始对局", "Start"),
    "newgame.tab_card": ("与标准不同之处", "What differs from standard"),
    "newgame.tab_all": ("全部开关（不同的高亮）", "All switches (changes in gold)"),
    # rule preset names and descriptions: assets/rules/switches.<lang>.json (game.rule_texts)
    # the rule card (game.ui.screens.rule_card): the switches that differ from the Harbin standard
    "card.differ": ("与哈尔滨标准不同的 {n} 条规则", "{n} rules differ from the Harbin standard"),
    "card.differs_one": ("与哈尔滨标准不同的 1 条规则", "1 rule differs from the Harbin standard"),
    "card.standard": ("没有与哈尔滨标准不同的规则", "No rule differs from the Harbin standard"),
    "card.play": ("开始打牌（Enter）", "Play (Enter)"),
    "card.none": (
        "按哈尔滨标准规则打：每一条都和「规则」页写的一样。房间最常改的几条，标准这样打：",
        "Played by the Harbin standard rules, each one as the Rules page describes it. The options rooms"
        " change most, as the standard plays them:",
    ),
    # seats around the table, relative to the player
    "seat.you": ("你", "You"),
    "table.human": ("玩家", "Player"),
    "table.remaining": ("余 {n}", "{n} left"),
    "table.hand_no": ("第 {n} 局", "Hand {n}"),
    "table.dealer_short": ("庄", "D"),
    "table.old_bao": ("旧宝", "old"),
    "table.locked": ("扣听", "Ready"),  # the 听 state's one badge word (glossary "ting": ready)
    # the live table
    "table.hand_of": ("第 {n}/{total} 局", "Hand {n} of {total}"),
    "table.dealer_is": ("庄家：{seat}", "Dealer: {seat}"),
    "table.from_seat": ("{seat}点炮", "off {seat}"),
    "table.match_line": ("第 {n}/{total} 局 · {preset}", "Hand {n}/{total} · {preset}"),
    "table.stand_in": (
        "电脑等级尚未提供：暂由随机玩家代打。",
        "AI levels are not available yet: a random player sits in.",
    ),
    "table.status_discard": (
        "轮到你：点一张牌打出（←→ 选择，Enter 打出）",
        "Your turn: click a tile to discard (←→ select, Enter discard)",
    ),
    "table.status_must_hu": (
        "摸到的牌能胡：有胡必胡，按 胡（H）",
        "Your draw wins and a win must be taken: Win (H)",
    ),
    "table.status_locked_win": (
        "摸到的牌能胡：胡 或 过（打出）",
        "Your draw wins: Win, or Pass to discard it",
    ),
    "table.status_claim": (
        "{seat}打出 {tile}：{calls} 或 过",
        "{seat} discarded {tile}: {calls} or pass",
    ),
    "table.call_any": ("吃、碰、杠、胡", "call"),
    "table.status_rob": ("{seat}加杠 {tile}：抢杠胡 或 过", "{seat} adds {tile} to a kong: rob it or pass"),
    "table.status_fenzhang": ("分张：胡 或 过", "Last-four draw: win or pass"),
    "table.status_ting": (
        "报听：打出哪一张？牌上方是打出后听的牌和未见张数。Esc 取消",
        "Ready: which discard? Above each tile: the waits and unseen copies. Esc cancels",
    ),
    "table.status_choose": ("{call}：选择一种（点选或按 1-9）", "{call}: pick one (click or press 1-9)"),
    "table.status_thinking": ("{seat}思考中…", "{seat} is thinking…"),
    "table.status_calls": (
        "{seat}打出 {tile}：等其他家吃、碰、杠、胡…",
        "{seat} discarded {tile}: waiting for calls…",
    ),
    "table.status_rob_wait": (
        "{seat}加杠 {tile}：等其他家抢杠…",
        "{seat} adds {tile} to a kong: waiting for a rob…",
    ),
    "table.log.title": ("牌局记录", "This hand"),
    "table.log.discard": ("{seat}打出 {tile}", "{seat}: discard {tile}"),
    "table.log.call": ("{seat}{call} {tiles}", "{seat}: {call} {tiles}"),
    "table.log.hidden_kong": ("{seat}{call}", "{seat}: {call}"),
    "table.log.ting": ("{seat}报听", "{seat}: declare ready"),
    "table.log.ting_discard": ("{seat}报听，打出 {tile}", "{seat}: declare ready, discard {tile}"),
    "table.log.win": ("{seat}{win}", "{seat}: {win}"),
    "table.log.win_ron": ("{seat}胡了", "{seat}: win on the discard"),
    "table.log.huanbao": ("换宝", "The bao was replaced"),
    "table.status_over": ("本局结束", "The hand is over"),
    "table.choose_hint": (
        "高亮的是要吃/碰的那张。Esc 取消",
        "The highlighted tile is the one claimed. Esc cancels",
    ),
    "table.key.click": ("点击", "Click"),
    "table.key.space": ("空格", "Space"),
    "table.key.discard": ("打出（悬停只抬起）", "discard (hover only lifts)"),
    "table.key.select": ("选牌（从新牌起）", "select (starts on the draw)"),
    "table.key.enter": ("打出选中的牌", "discard the selected tile"),
    "table.key.skip": ("跳过动画", "skips animations"),
    "table.key.hints": ("提示", "hints"),
    "table.key.tracker": ("记牌", "tracker"),
    "table.key.rules": ("规则", "rules"),
    "table.key.helpers": ("自动功能", "helpers"),
    "table.key.auto": ("托管", "auto-play"),
    "table.key.menu": ("菜单", "menu"),
    "table.key.leave": ("离开", "leave"),
    "table.enter_win": ("可以胡：按 H 胡，或按空格 过", "You can win: H to win, or Space to pass"),
    "table.enter_nothing": (
        "先用 ←→ 选一张牌，再按 Enter 打出",
        "Choose a tile with ← → first, then Enter discards it",
    ),
    "table.rules_button": ("规则（F3）", "Rules (F3)"),
    "table.menu_button": ("菜单（Esc）", "Menu (Esc)"),
    "table.assists_button": ("自动功能（F4）", "Helpers (F4)"),
    "table.assists_button_short": ("自动（F4）", "Helpers"),
    "table.entrust_button": ("托管（A）", "Auto-play (A)"),
    "table.entrust_button_short": ("托管", "Auto-play"),
    "table.entrust_stop": ("取消托管（A）", "Take over (A)"),
    "table.entrust_stop_short": ("取消托管", "Take over"),
    "table.entrust_on": (
        "托管：电脑替你打，按 A 或点「取消托管」收回",
        "Auto-play: the AI plays your seat. Press A or Take over to play again",
    ),
    "table.entrust_idle": (
        "你 {s} 秒没有操作，已交给电脑托管；按 A 收回",
        "No move for {s} s: the AI plays your seat now. Press A to play again",
    ),
    "table.entrust_off": ("已取消托管：由你来打", "You play your seat again"),
    "table.entrust_band": ("托管中 · 按 A 收回", "Auto-play on · press A to take over"),
    "table.status_entrusted": ("电脑正在替你打…", "The AI is playing your seat…"),
    "table.steps_from_ready": ("离听牌还差 {n} 步", "{n} steps from ready"),
    "table.steps_from_ready_1": ("离听牌还差 1 步", "1 step from ready"),
    "table.steps_after_discard": ("打一张后离听牌还差 {n} 步", "After a discard: {n} steps from ready"),
    "table.steps_after_discard_1": ("打一张后离听牌还差 1 步", "After a discard: 1 step from ready"),
    "table.ready_shape": (
        "已是听牌的牌形：打牌时可以报听",
        "One tile from winning: you may declare ready with a discard",
    ),
    "table.ready_blocked": (
        "打一张就是听牌的牌形，但还不能报听：{why}",
        "One discard from a ready shape, but you cannot declare ready yet: {why}",
    ),
    "table.ready_blocked_13": (
        "已是听牌的牌形，但还不能报听：{why}",
        "One tile from winning in shape, but you cannot declare ready yet: {why}",
    ),
    "table.wait_left": ("余 {n}", "{n} left"),
    "table.hints_button": ("提示：{level}（F1）", "Hints: {level} (F1)"),
    "table.hints_button_short": ("{level}（F1）", "{level} (F1)"),
    "table.tracker_button": ("记牌（F2）", "Tracker (F2)"),
    "table.tracker": ("未见的牌", "Unseen tiles"),
    "table.bao_panel": ("宝与听牌", "Bao and waits"),
    "table.bao_unseen": ("宝 · 未见 {n} 张（摸到即摸宝）", "The bao · {n} unseen (drawing one wins)"),
    "table.unseen_n": ("未见 {n} 张", "{n} unseen"),
    "table.win_chance": (
        "下一张自摸的机会约 {pct}%（{n}/{total} 张未见的牌）",
        "Chance the next draw wins: about {pct}% ({n} of {total} unseen tiles)",
    ),
    "table.huanbao_reason": (
        "换宝：旧宝 {tile} 已见 {n} 张，从牌尾另取新宝",
        "Bao replaced: {n} copies of the old bao {tile} are in sight, a new one comes from the wall's end",
    ),
    # 支对 (a room option): which pair a two-pair wait locks when declaring 听 (the facts: game.core.zhidui)
    "zhidui.title": ("支对：扣下哪一对？", "Lock a pair?"),
    "zhidui.hint": (
        "点一对牌或按 1-{n} 选择，Esc 返回听牌",
        "Click a pair in your hand or press 1-{n}; Esc goes back",
    ),
    "zhidui.plain": ("不支对", "No lock"),
    "zhidui.plain_means": ("听{waits}，不算卡当", "Waiting on {waits}; not a kadang"),
    "zhidui.lock": ("支对：扣下{tile}", "Lock the {tile} pair"),
    "zhidui.lock_means": ("只胡{tile}，算卡当（翻倍）", "Only {tile} wins, as a kadang (pays double)"),
    "table.ting_hint": ("打这些牌可以报听", "Discards that let you declare ready"),
    "table.ting_choices": ("报听：打出 → 听的牌 × 未见张数", "Ready: discard → waits × unseen copies"),
    "table.advice": ("建议：{action}", "Suggestion: {action}"),
    "table.ai_badge": ("AI", "AI"),
    "table.default_keys": ("空格、回车：{call}", "Space or Enter: {call}"),
    "table.default_space": ("空格：{call}", "Space: {call}"),
    "table.call_ting_title": ("{call} — {verb}并报听", "{call} — {verb} and declare ready"),
    "table.call_ting_takes": ("{verb} {tiles}，再打一张报听：", "{verb} {tiles}, then:"),
    "table.call_ting_option": ("打 {discard} → 听 {waits}", "Discard {discard} → wait on {waits}"),
    "table.outranked": (
        "{seat}{theirs}，拿走了这张牌：你的{mine}没有成。{order}",
        "{seat} took the tile with {theirs}, so your {mine} did not happen. {order}",
    ),
    "table.claim_order": (
        "几家要同一张牌时：胡 先于 吃听、碰听，再先于 碰、杠，最后才是 吃；"
        "同级按出牌人的下家、对家、上家的顺序。",
        "When several players call one discard: a win comes first, then chi or peng to ready, then peng or "
        "kong, then chi; between equal calls, the discarder's next player goes first, then the one "
        "opposite.",
    ),
    "table.claim_order_dq": (
        "几家要同一张牌时：胡 先于 碰、杠、碰听，再先于 吃听，最后才是 吃；"
        "同级按出牌人的下家、对家、上家的顺序。",
        "When several players call one discard: a win comes first, then peng, kong or peng to ready, then "
        "chi to ready, then chi; between equal calls, the discarder's next player goes first, then the one "
        "opposite.",
    ),
    "table.advice_discard": ("打 {tile}", "discard {tile}"),
    "table.advice_ting": ("报听，打 {tile}", "declare ready, discarding {tile}"),
    "table.advisor_missing": ("电脑建议暂不可用（AI 尚未提供）", "AI suggestions are not available yet"),
    "table.advisor_thinking": ("电脑正在考虑建议…", "The AI is working out a suggestion…"),
    "table.reasons_missing": ("理由说明暂不可用", "Reasons are not available yet"),
    "table.leave_title": ("牌桌菜单", "Table menu"),
    "table.leave_body": (
        "对局已逐步自动保存，可以在主菜单点「继续」接着打。",
        "The match is saved after every move; choose Continue on the main menu to pick it up again.",
    ),
    "table.leave": ("回主菜单", "Main menu"),
    # the table's helpers (game.table.assists) and 托管
    "assist.title": ("自动功能", "Helpers"),
    "assist.auto_win": ("自动胡", "Auto win"),
    "assist.auto_win.help": (
        "能胡就自动胡。标准规则「有胡必胡」下本来就不能不胡，开了只是省去按 H；"
        "规则里关掉「有胡必胡」时，开了也不会放过任何一次胡。",
        "Takes every win at once. Under the standard rules a legal win must be taken anyway, so this only "
        "saves pressing H; with that rule off, it also never lets a win go by.",
    ),
    "assist.skip_calls": ("不吃碰杠", "Skip calls"),
    "assist.skip_calls.help": (
        "别人打出的牌只能吃、碰或杠时，自动过。能胡、或能吃听、碰听时照常问你。自己的暗杠、加杠不受影响。",
        "When another player's discard could only be taken for chi, peng or kong, the table passes for you. "
        "When it could win, or be taken with a call to ready (chi or peng to ready), you are asked as usual. "
        "Your own concealed and added kongs are not affected.",
    ),
    "assist.auto_discard": ("自动摸切", "Auto-discard the draw"),
    "assist.auto_discard.help": (
        "轮到你时自动打出刚摸到的牌；能胡、能杠或能报听时照常等你。"
        "报听之后，摸到不能胡的牌本来就会自动打出。",
        "On your turn the drawn tile is thrown at once; when you could win, make a kong or declare ready, "
        "the table waits for you. After you declare ready, a draw that does not win is thrown by itself "
        "anyway.",
    ),
    "assist.entrust_idle_s": ("无操作自动托管", "Auto-play when idle"),
    "assist.entrust_idle_s.help": (
        "轮到你做决定而这么久没有任何操作时，交给电脑（大师级）替你打——吃碰、报听、胡牌都会——"
        "直到你按 A 或点「取消托管」。桌上随时可以按 A 托管。",
        "When a decision waits this long without any input from you, the Expert AI plays your seat (it "
        "calls, declares ready and wins) until you press A or Take over. At the table, A hands over at any "
        "time.",
    ),
    "assist.idle_seconds": ("{s} 秒", "{s} s"),
    "settings.assists": ("自动功能", "Helpers"),
    "settings.assists_none": ("全部关闭 · 设置…", "All off · change…"),
    "settings.assists_some": ("{names} · 设置…", "{names} · change…"),
    # hand and match results
    "result.next_hand": ("下一局（Enter）", "Next hand (Enter)"),
    "result.match_result": ("对局结果（Enter）", "Match result (Enter)"),
    "result.to_menu": ("回主菜单", "Main menu"),
    "result.settlement": ("结算", "Settlement"),
    "result.won.ron": ("{seat}胡了{other}打出的牌", "{seat} won with the tile {other} discarded"),
    "result.won.ron_any": ("{seat}胡了别家打出的牌", "{seat} won on a discard"),
    "result.won.multi": (
        "一炮多响：{seats}都胡了{other}打出的牌",
        "{seats} won with the same tile {other} discarded",
    ),
    "result.won.zimo": ("{seat}自摸胡牌", "{seat} won by self-draw"),
    "result.won.mobao": ("{seat}摸到宝胡牌", "{seat} won by drawing the bao"),
    "result.won.other": ("{seat}胡牌：{win}", "{seat} won: {win}"),
    "result.won_kadang": ("{sentence}，卡当", "{sentence}, on a kadang (middle-tile wait)"),
    "result.bao_stands_for": ("摸到宝 {bao}，当作 {tile}", "Drew the bao {bao}, read as {tile}"),
    "result.no_payments": ("无人付分", "Nobody pays"),
    # generic words for a settlement code the glossary does not know (never the code itself)
    "result.payment_other": ("付分", "payment"),
    "result.note_other": ("其他", "other"),
    "result.factor_other": ("加倍", "doubled"),
    "result.win_other": ("胡", "win"),
    "result.doubled_for": ("翻倍：{factors}", "doubled for each of: {factors}"),
    "result.capped_at": ("封顶 {cap}", "capped at {cap}"),
    "result.scores": ("总分", "Scores"),
    "result.match_title": ("对局结束", "Match over"),
    "result.standings": ("名次", "Standings"),
    "result.chart": ("每局后的分数", "Scores after each hand"),
    "result.hand_axis": ("局", "hand"),
    "result.summary": (
        "共 {hands} 局 · 你胡牌 {wins} 次 · 荒庄 {draws} 次",
        "{hands} hand{hands_s} · you won {wins} · {draws} drawn hand{draws_s}",
    ),
    "result.saved_as": ("回放已保存：{path}", "Replay saved: {path}"),
    "result.figures": ("对局统计", "Match figures"),
    "result.top_scorer": ("大赢家：{names}", "Top scorer: {names}"),
    "result.most_dealt_in": ("炮手：{names}（点炮 {n} 次）", "Most deal-ins: {names} ({n})"),
    "result.no_dealt_in": ("炮手：没有人点炮", "Most deal-ins: nobody dealt in"),
    "result.col.wins": ("胡牌", "Wins"),
    "result.col.zimo": ("自摸", "Self-drawn"),
    "result.col.mobao": ("摸宝", "Drew the bao"),
    "result.col.baozhongbao": ("宝中宝", "Bao within bao"),
    "result.col.dealt_in": ("点炮", "Dealt in"),
    "result.col.dealer": ("坐庄", "As dealer"),
    # continue
    "menu.continue_none": ("没有进行中的对局", "No match in progress"),
    "menu.continue_over": ("上次的对局已经结束", "The last match has ended"),
    "menu.continue_bad_keep": (
        "开始新游戏时，这个文件会作为未完成的回放保留。",
        "New game keeps this file as an unfinished replay.",
    ),
    "menu.continue_checking": ("正在检查存档……", "Checking the saved match…"),
    "menu.continue_info": ("第 {n}/{total} 局 · 你 {score} 分", "Hand {n}/{total} · your score {score}"),
}
"""key -> (zh, en)."""


def tr(key: str, lang: Lang, **fmt: object) -> str:
    """The UI label of a key in a language, with ``{name}`` fields filled in; unknown keys raise KeyError."""
    zh, en = STRINGS[key]
    text = zh if lang == "zh" else en
    return text.format(**fmt) if fmt else text


def level_name(level: str, lang: Lang) -> str:
    """Display name of an AI level key such as ``normal`` (from the glossary's ``level.*`` words); a player
    with no such word (a test player in a replay) is shown by its own name."""
    try:
        return term(f"level.{level}", lang)
    except KeyError:
        return level


LEVELS: Final = ("novice", "normal", "strong", "expert")
"""AI opponent levels, weakest first."""

__all__ = ["LEVELS", "STRINGS", "level_name", "tr"]
