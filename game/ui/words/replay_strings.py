"""UI labels of the replay screens (library, statistics, viewer, review) in Chinese and English.

Game words (吃, 听, 宝, levels, seat winds) come from :mod:`game.glossary`; these are the
screens' own labels, merged into :data:`game.ui.words.i18n.STRINGS`.
"""

from __future__ import annotations

from typing import Final

REPLAY_STRINGS: Final[dict[str, tuple[str, str]]] = {
    # the library
    "replays.title": ("回放", "Replays"),
    "replays.loading": ("正在读取回放……", "Reading the replays…"),
    "replays.empty": (
        "还没有保存的对局。每场对局打完或被新游戏替换时都会保存在这里；也可以导入回放文件或分享码。",
        "No saved games yet. Every match is kept here when it ends or a new game replaces it; "
        "you can also import a replay file or a share code.",
    ),
    "replays.empty_samples": (
        "想先看看别人怎么打？按下方的「示例对局」，随游戏附带的几局可以观看、复盘和推演。",
        "To see a match first, press Samples below: the games that come with the game can be watched, "
        "reviewed and branched.",
    ),
    "replays.samples": ("示例对局", "Samples"),
    "replays.own": ("我的回放", "My replays"),
    "replays.folder": ("回放文件夹：{path}", "Replay folder: {path}"),
    "replays.count": ("共 {n} 个", "{n} in all"),
    "replays.col.created": ("日期", "Date"),
    "replays.col.name": ("名称", "Name"),
    "replays.col.opponents": ("对手", "Opponents"),
    "replays.col.preset": ("规则", "Rules"),
    "replays.col.hands": ("局数", "Hands"),
    "replays.col.result": ("成绩", "Result"),
    "replays.col.status": ("状态", "Status"),
    "replays.sort_hint": ("点列名排序，再点一次反向", "Click a column to sort; again to reverse"),
    "replays.status.finished": ("打完", "Finished"),
    "replays.status.abandoned": ("未打完", "Abandoned"),
    "replays.status.playing": ("进行中", "In progress"),
    "replays.status.broken": ("无法读取", "Broken"),
    "replays.status.branch": ("推演", "What-if"),
    "replays.status.sample": ("示例", "Sample"),
    "replays.current_name": ("进行中的对局", "The match in progress"),
    "replays.preset_custom": ("自定义", "Custom"),
    "replays.open": ("观看（Enter）", "Watch (Enter)"),
    "replays.continue": ("继续对局", "Continue"),
    "replays.rename": ("重命名（F2）", "Rename (F2)"),
    "replays.delete": ("删除（Del）", "Delete (Del)"),
    "replays.export": ("导出…", "Export…"),
    "replays.code": ("分享码", "Share code"),
    "replays.import": ("导入…", "Import…"),
    "replays.stats": ("统计", "Statistics"),
    "replays.detail.created": ("开始：{when}", "Started: {when}"),
    "replays.detail.ended": ("结束：{when}", "Ended: {when}"),
    "replays.detail.rules": ("规则：{preset}", "Rules: {preset}"),
    "replays.detail.hands": ("已打 {n} 局（共 {total} 局）", "{n} of {total} hands played"),
    "replays.detail.status": ("状态：{status}", "Status: {status}"),
    "replays.detail.in_progress": (
        "这是正在进行的对局：可以继续打，也可以观看到目前为止的部分。",
        "This is the match in progress: continue it, or watch it so far.",
    ),
    "replays.detail.sample": (
        "随游戏附带的示例：可以观看、复盘和推演。",
        "It comes with the game: watch, review and branch it.",
    ),
    "replays.detail.notes": ("各局：{notes}", "Hands: {notes}"),
    "replays.note.hand": ("{n} {what}", "{n} {what}"),
    "replays.note.win": ("{seat}{win}", "{seat}: {win}"),
    "replays.note.ron": ("{win}（{other}点炮）", "{win} (off {other})"),
    "replays.note.kadang": ("{what}，卡当", "{what}, kadang"),
    "replays.note.huanbao": ("{what}，换宝 {n} 次", "{what}, bao replaced ×{n}"),
    "replays.note.unfinished": ("未打完", "not finished"),
    "replays.detail.branch": (
        "推演自「{source}」：{seat}改为{played}（原来是{recorded}），之后由电脑打完。",
        "What-if from “{source}”: {seat} played {played} instead of {recorded}; the AI played on.",
    ),
    # dialogs of the library
    "replays.rename_title": ("重命名回放", "Rename the replay"),
    "replays.rename_body": ("新名称（不用写 .jsonl）：", "New name (without .jsonl):"),
    "replays.delete_title": ("删除回放", "Delete the replay"),
    "replays.delete_body": (
        "确定删除「{name}」吗？文件会被删除，不能恢复。",
        "Delete “{name}”? The file is removed and cannot be brought back.",
    ),
    "replays.delete_button": ("删除", "Delete"),
    "replays.deleted": ("已删除：{name}", "Deleted: {name}"),
    "replays.renamed": ("已改名为：{name}", "Renamed to: {name}"),
    "replays.export_button": ("导出", "Export"),
    "replays.export_title": ("导出回放", "Export the replay"),
    "replays.export_body": (
        "保存到哪里？写一个文件的路径，或一个文件夹（文件名不变）：",
        "Where to? Type a file path, or a folder (the file keeps its name):",
    ),
    "replays.exported": ("已导出：{path}", "Exported: {path}"),
    "replays.replace_title": ("文件已存在", "The file exists"),
    "replays.replace_body": ("{path} 已经存在。要替换它吗？", "{path} already exists. Replace it?"),
    "replays.replace_button": ("替换", "Replace"),
    "replays.import_title": ("导入回放", "Import a replay"),
    "replays.import_body": (
        "粘贴朋友发来的分享码（Ctrl+V），或写回放文件（.jsonl）的路径：",
        "Paste a share code a friend sent you (Ctrl+V), or type the path of a replay file (.jsonl):",
    ),
    "replays.import_button": ("导入", "Import"),
    "replays.paste": ("粘贴", "Paste"),
    "replays.imported": ("已导入：{name}", "Imported: {name}"),
    "replays.code_title": ("分享码", "Share code"),
    "replays.code_body": (
        "整局回放就在这一行文字里。发给朋友，对方在「回放 → 导入」里粘贴，就能看到同一局。",
        "The whole replay is in this one line of text. Send it to a friend: pasting it in "
        "Replays → Import shows the same match.",
    ),
    "replays.copy": ("复制", "Copy"),
    "replays.copied": ("已复制到剪贴板", "Copied to the clipboard"),
    "replays.no_clipboard": (
        "剪贴板不可用：请选中上面的文字，按 Ctrl+C 复制",
        "The clipboard is not available: select the text above and press Ctrl+C",
    ),
    # problems, in words (the file's own message follows as the detail)
    "replays.error.empty_path": ("请写一个路径", "Type a path"),
    "replays.error.empty_input": ("请粘贴分享码或写一个文件路径", "Paste a share code or type a file path"),
    "replays.error.no_name": ("请写一个名称", "Type a name"),
    # the viewer
    "seat.letter": ("座位 {letter}", "Seat {letter}"),
    "viewer.seat_name": ("{seat} · {letter}", "{seat} · {letter}"),
    "viewer.seat_person": ("{seat} · {letter} · 玩家", "{seat} · {letter} · Player"),
    "viewer.prev_hand": ("◀ 上局", "◀ Hand"),
    "viewer.back": ("◀ 退", "◀ Back"),
    "viewer.play": ("▶ 播放", "▶ Play"),
    "viewer.pause": ("‖ 暂停", "‖ Pause"),
    "viewer.step": ("进 ▶", "Step ▶"),
    "viewer.next_hand": ("下局 ▶", "Hand ▶"),
    "viewer.speed": ("速度", "Speed"),
    "viewer.seat": ("视角", "Seat"),
    "viewer.all": ("全开", "All"),
    "viewer.leave": ("返回", "Back"),
    "viewer.cancel_whatif": ("取消推演（Esc）", "Cancel (Esc)"),
    "viewer.keys": (
        "空格 播放/暂停 · ←→ 一步 · ↑↓ 上下局 · 1-4 视角 E/S/W/N · 0 全开 · N/B 下/上一个（按复盘的看法）· "
        "W 推演 · Esc 返回",
        "Space play/pause · ←→ step · ↑↓ hand · 1-4 seat (E/S/W/N) · 0 all open · N/B next/previous "
        "(as the review shows them) · W what-if · Esc back",
    ),
    "viewer.position": (
        "第 {hand}/{hands} 局 · 下一个：事件 {n}（0–{last}）",
        "Hand {hand} of {hands} · next: event {n} (0–{last})",
    ),
    "viewer.position_end": (
        "第 {hand}/{hands} 局 · 已放完（事件 0–{last}）",
        "Hand {hand} of {hands} · the end (events 0–{last})",
    ),
    "viewer.before_deal": ("开局前", "Before the first deal"),
    "viewer.result_seat": ("{seat}：{delta} → {score}", "{seat}: {delta} → {score}"),
    "viewer.result_more": ("还有 {n} 笔", "{n} more payments"),
    "viewer.result_keys": (
        "→ 或 Enter 下一局 · ← 往回 · Esc 关闭",
        "→ or Enter: next hand · ← back · Esc closes",
    ),
    "viewer.cannot_open": ("打不开这个回放", "The replay cannot be opened"),
    # review in the viewer
    "review.title": ("复盘", "Review"),
    "review.off": ("关", "Off"),
    "review.working": ("{level}正在复盘……", "{level} is reviewing…"),
    "review.agreement": (
        "全场：{level}与{seat}一致 {pct}（{agreed}/{n} 次决策）",
        "Match: {level} agrees with {seat} on {pct} ({agreed} of {n} decisions)",
    ),
    "review.hand": ("本局：一致 {agreed}/{n}", "This hand: {agreed} of {n} agree"),
    "review.no_decisions": ("这个座位没有可以复盘的决策", "This seat made no choice to review"),
    "review.played": ("事件 {n} · 实际：{move}", "Event {n} · played: {move}"),
    "review.best": ("{level}：{move}", "{level}: {move}"),
    "review.same": ("{level}也会这样打 ✓", "{level} would play the same ✓"),
    "review.upcoming": ("（这一步即将发生）", "(this move comes next)"),
    "review.no_choice_here": (
        "移到这个座位的一次决策，就能看到电脑的看法。",
        "Move to one of this seat's decisions to see the AI's view.",
    ),
    "review.costliest": ("最贵的失误", "The costliest mistakes"),
    "review.costliest_line": (
        "第 {hand} 局 · 事件 {n}：{played} → {best}（−{cost}）",
        "Hand {hand} · event {n}: {played} → {best} (−{cost})",
    ),
    "review.prev_diff": ("◀ B", "◀ B"),
    "review.next_diff": ("N ▶", "N ▶"),
    "review.mode.all": ("每次决策", "Every move"),
    "review.mode.diffs": ("只看失误", "Mistakes"),
    "review.mode.costly": ("最贵的先", "Costliest first"),
    "review.candidates_title": ("事件 {n} · {level}的看法", "Event {n} · {level}'s view"),
    "review.candidates": ("每种打法的期望得分（本局余下）", "Each move's expected points (rest of the hand)"),
    "review.you_played": ("（实际）", "(played)"),
    "review.mistake": ("失误：少得 {cost} 分 · {category}", "Mistake: {cost} points lost · {category}"),
    "review.no_mistake": ("差 {cost} 分，不算失误", "{cost} points apart: not a mistake"),
    "review.rating": ("评分 {rating}/100 · 共少得 {lost} 分", "Rating {rating}/100 · {lost} points lost"),
    "review.category_part": ("{name} {n} 次 {points}", "{name} {n}× {points}"),
    "review.no_mistakes": ("没有失误", "No mistakes"),
    "review.whatif": ("推演…（W）", "What if… (W)"),
    "review.whatif_prompt": (
        "推演（事件 {n}）：在桌上选另一种打法（点牌打出，或用吃碰杠听胡过）。之后由电脑按原来的牌墙打完。"
        "Esc 取消",
        "What-if at event {n}: choose another move on the table (click a tile, or call). The AI then plays "
        "on against the recorded wall. Esc cancels",
    ),
    "review.whatif_needs_decision": (
        "推演要从这个座位的一次决策开始：先移到那里（N/B 跳到差异）。",
        "A what-if starts at one of this seat's decisions: move to one first (N/B jump to differences).",
    ),
    "review.branching": ("电脑正在按原来的牌墙打完……", "The AI is playing on against the recorded wall…"),
    "review.branch_saved": ("推演已保存为「{name}」", "The what-if was saved as “{name}”"),
    # the coach on the match result
    "coach.title": ("教练", "Coach"),
    "coach.title_rating": (
        "教练 · 评分 {rating}/100 · 最贵的三步",
        "Coach · rating {rating}/100 · three costliest moves",
    ),
    "coach.short": (
        "第{hand}局：你{played}，{level}会{best}（−{cost} 分，{category}）",
        "Hand {hand}: you {played}, {level} would {best} (−{cost} points, {category})",
    ),
    "coach.working": ("大师正在复盘这一场……", "Expert is reviewing the match…"),
    "coach.failed": ("这一场没法复盘", "This match cannot be reviewed"),
    "coach.none": ("没有失误。", "No mistakes."),
    "coach.open": (
        "点一句话，在回放里看这一步和每种打法",
        "Click a line to see that move and every choice in the replay",
    ),
    # statistics
    "stats.title": ("统计", "Statistics"),
    "stats.loading": ("正在统计……", "Counting…"),
    "stats.whose": ("统计谁", "Whose results"),
    "stats.none": (
        "没有可以统计的对局。统计只算你自己打的对局（推演不算）；也可以选一个座位，统计电脑对局。",
        "No games to count. Statistics count the matches you played yourself (not what-if "
        "branches); choose a seat to count AI games.",
    ),
    "stats.games": ("对局", "Games"),
    "stats.games_value": ("{n} 场（打完 {finished} 场）", "{n} ({finished} finished)"),
    "stats.hands": ("局数", "Hands"),
    "stats.points_per_hand": ("每局平均得分", "Points per hand"),
    "stats.win_rate": ("胡牌率", "Win rate"),
    "stats.ready_rate": ("报听率", "Declared ready"),
    "stats.mobao": ("摸宝胡", "Won by drawing the bao"),
    "stats.baozhongbao": ("宝中宝", "Won with bao within bao"),
    "stats.kadang": ("卡当胡", "Won on kadang"),
    "stats.deal_in_ready": ("听牌后点炮率", "Dealt in while ready"),
    "stats.deal_in_not_ready": ("没听牌时点炮率", "Dealt in while not ready"),
    "stats.count_rate": ("{n} 次（{pct}）", "{n} ({pct})"),
    "stats.chart_games": ("每场对局的平均每局得分（按日期）", "Points per hand in each game, by date"),
    "stats.chart_levels": ("按对手等级", "By opponent level"),
    "stats.level_line": (
        "{level}：{games} 场 · 每局 {pph} 分 · 胡 {win} · 点炮 {deal}",
        "{level}: {games} games · {pph} per hand · won {win} · dealt in {deal}",
    ),
    "stats.legend_avg": ("平均", "average"),
    "stats.view_points": ("得分", "Points"),
    "stats.view_rating": ("复盘评分", "Review rating"),
    "stats.rating_working": ("大师正在复盘你的对局……", "Expert is reviewing your games…"),
    "stats.chart_ratings": ("每场对局的评分（大师复盘，按日期）", "Each game's rating by Expert, by date"),
    "stats.ratings_levels": (
        "按最强对手：评分和每局失误",
        "By strongest opponent: rating and mistakes per hand",
    ),
    "stats.rating_line": (
        "{level}：{games} 场 · 评分 {rating} · {cats}",
        "{level}: {games} games · rating {rating} · {cats}",
    ),
    "stats.skipped": ("没有计入的文件：{n} 个", "Files left out: {n}"),
}
"""key -> (zh, en) for the replay screens."""

__all__ = ["REPLAY_STRINGS"]
